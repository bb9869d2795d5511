import Assets
import FuzzSupport

/// libFuzzer entry: the input is a whole PLY file (ASCII or binary), read from memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzCheck.model(FuzzCheck.bytes(data, size), name: "fuzz.ply", format: .ply)
    return 0
}
