import Assets
import FuzzSupport

/// libFuzzer entry: the input is a whole glTF JSON file, read from memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzCheck.model(FuzzCheck.bytes(data, size), name: "fuzz.gltf", format: .gltf)
    return 0
}
