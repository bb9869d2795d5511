import Assets
import FuzzSupport
import SceneGraph

/// libFuzzer entry: the input is a TGA file (TGA has no magic, so the name chooses the
/// reader). A decoded image must respect the pixel limit and have one RGB triple per pixel.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzCheck.bytes(data, size)
    let image: Image
    do {
        image = try ImageCodec.decode(data: bytes, name: "fuzz.tga")
    } catch {
        FuzzCheck.requireOneLine(error.description, startingWith: "fuzz.tga:")
        return 0
    }
    FuzzCheck.require(image.width > 0 && image.height > 0, "decoded a \(image.width)x\(image.height) image")
    FuzzCheck.require(image.width * image.height <= AssetLimits.maxImagePixels, "decoded \(image.width)x\(image.height), over the pixel limit")
    FuzzCheck.require(image.pixels.count == image.width * image.height * 3, "pixel buffer of \(image.pixels.count) bytes for \(image.width)x\(image.height)")
    return 0
}
