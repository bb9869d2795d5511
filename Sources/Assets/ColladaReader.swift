import SceneGraph

enum ColladaReader {
    static func read(_ bytes: [UInt8], name: String, context: inout LoadContext) throws(AssetError) -> Node {
        throw AssetError(file: name, "COLLADA reader not yet available")
    }
}
