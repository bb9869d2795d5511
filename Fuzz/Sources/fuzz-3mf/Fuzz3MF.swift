import Assets
import FuzzSupport

/// libFuzzer entry: the input is a whole 3MF package (a zip archive), read from memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzCheck.model(FuzzCheck.bytes(data, size), name: "fuzz.3mf", format: .threeMF)
    return 0
}
