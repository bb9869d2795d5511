import Assets
import FuzzSupport

/// libFuzzer entry: the input is a whole STL file, read from memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzCheck.model(FuzzCheck.bytes(data, size), name: "fuzz.stl", format: .stl)
    return 0
}
