import FuzzSupport

@testable import Assets

/// libFuzzer entry: the input is a material library (`.mtl`). The MTL reader is internal
/// (the public loader reads an MTL only from a model's folder), so it is reached through
/// `@testable import` with a load context that refuses every file (`map_Kd` included).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzCheck.bytes(data, size)
    var context = LoadContext(access: .refusingAll)
    do {
        let materials = try MTLReader.read(bytes, name: "fuzz.mtl", directory: "", context: &context)
        for (name, material) in materials {
            FuzzCheck.require(material.name == name, "material '\(material.name)' filed under '\(name)'")
            FuzzCheck.require(
                material.shininess >= 0 && material.shininess <= 1000,
                "shininess \(material.shininess) outside 0...1000")
            FuzzCheck.require(
                material.opacity >= 0 && material.opacity <= 1, "opacity \(material.opacity) outside 0...1")
        }
    } catch {
        FuzzCheck.requireOneLine(error.description, startingWith: "fuzz.mtl:")
    }
    return 0
}
