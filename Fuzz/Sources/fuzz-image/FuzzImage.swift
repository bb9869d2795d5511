import Assets
import FuzzSupport
import SceneGraph

/// libFuzzer entry: the input is an encoded image; `ImageCodec` picks JPEG (TurboJPEG) or
/// PNG (libpng) by its magic bytes. A decoded image must respect the pixel limit and
/// survive a PNG round trip unchanged.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzCheck.bytes(data, size)
    let image: Image
    do {
        image = try ImageCodec.decode(data: bytes, name: "fuzz.img")
    } catch {
        FuzzCheck.requireOneLine(error.description, startingWith: "fuzz.img:")
        return 0
    }
    FuzzCheck.require(image.width > 0 && image.height > 0, "decoded a \(image.width)x\(image.height) image")
    FuzzCheck.require(image.width * image.height <= AssetLimits.maxImagePixels, "decoded \(image.width)x\(image.height), over the pixel limit")
    FuzzCheck.require(image.pixels.count == image.width * image.height * 3, "pixel buffer of \(image.pixels.count) bytes for \(image.width)x\(image.height)")
    do {
        let again = try ImageCodec.decode(data: try ImageCodec.encodePNG(image), name: "again.png")
        FuzzCheck.require(again == image, "PNG round trip changed a decoded image")
    } catch {
        FuzzCheck.require(false, "a decoded image does not round-trip through PNG: \(error)")
    }
    return 0
}
