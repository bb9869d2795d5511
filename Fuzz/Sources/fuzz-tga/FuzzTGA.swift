import Assets
import FuzzSupport

/// libFuzzer entry: the input is a TGA file (TGA has no magic, so the name chooses the
/// reader); see `FuzzCheck.image` for what is checked.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzCheck.image(FuzzCheck.bytes(data, size), name: "fuzz.tga")
    return 0
}
