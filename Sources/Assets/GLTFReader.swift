import SceneGraph

enum GLTFReader {
    static func read(json: [UInt8], binary: [UInt8]?, name: String, context: inout LoadContext) throws(AssetError) -> Node {
        throw AssetError(file: name, "glTF reader not yet available")
    }
    static func read(glb: [UInt8], name: String, context: inout LoadContext) throws(AssetError) -> Node {
        throw AssetError(file: name, "glTF reader not yet available")
    }
}
