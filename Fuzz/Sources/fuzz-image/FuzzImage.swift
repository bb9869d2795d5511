import Assets
import FuzzSupport
import SceneGraph

/// libFuzzer entry: the input is an encoded image; `ImageCodec` picks JPEG (TurboJPEG),
/// PNG (libpng) or WebP (libwebp) by its magic bytes, TGA by a plausible header. A
/// decoded image must respect the pixel limit and survive a PNG round trip unchanged.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let image = FuzzCheck.image(FuzzCheck.bytes(data, size), name: "fuzz.img") else { return 0 }
    do {
        let again = try ImageCodec.decode(data: try ImageCodec.encodePNG(image), name: "again.png")
        FuzzCheck.require(again == image, "PNG round trip changed a decoded image")
    } catch {
        FuzzCheck.require(false, "a decoded image does not round-trip through PNG: \(error)")
    }
    return 0
}
