import Assets
import FuzzSupport

/// libFuzzer entry: the input is a whole COLLADA file, read from memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzCheck.model(FuzzCheck.bytes(data, size), name: "fuzz.dae", format: .collada)
    return 0
}
