import CPNG
import SceneGraph

extension ImageCodec {
    /// Decodes a PNG with libpng's simplified API into 8-bit RGB, and its alpha (straight)
    /// when it has an alpha channel or a transparent colour.
    static func decodePNG(_ data: [UInt8], name: String) throws(AssetError) -> Image {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        let begun = data.withUnsafeBufferPointer { p in
            png_image_begin_read_from_memory(&image, p.baseAddress, p.count)
        }
        guard begun != 0 else {
            let text = message(of: &image)
            png_image_free(&image)
            throw AssetError(file: name, "bad PNG: \(text)")
        }
        let width = Int(image.width)
        let height = Int(image.height)
        do throws(AssetError) {
            try checkSize(width: width, height: height, name: name)
        } catch {
            png_image_free(&image)
            throw error
        }
        let hasAlpha = image.format & UInt32(PNG_FORMAT_FLAG_ALPHA) != 0
        image.format = UInt32(hasAlpha ? PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA : PNG_FORMAT_RGB)
        var pixels = [UInt8](repeating: 0, count: width * height * (hasAlpha ? 4 : 3))
        let finished = pixels.withUnsafeMutableBytes { dst in
            png_image_finish_read(&image, nil, dst.baseAddress, 0, nil)
        }
        guard finished != 0 else {
            let text = message(of: &image)
            png_image_free(&image)
            throw AssetError(file: name, "damaged PNG: \(text)")
        }
        png_image_free(&image)
        var alpha: [UInt8] = []
        if hasAlpha { (pixels, alpha) = splitAlpha(pixels) }
        guard let result = Image(width: width, height: height, pixels: pixels, alpha: alpha) else {
            throw AssetError(file: name, "PNG decoded to an inconsistent size")
        }
        return result
    }

    /// Encodes `image` as an 8-bit RGB PNG (RGBA when it has alpha).
    /// - Throws: `AssetError` when libpng reports a failure.
    public static func encodePNG(_ image: Image) throws(AssetError) -> [UInt8] {
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        png.width = UInt32(image.width)
        png.height = UInt32(image.height)
        png.format = UInt32(image.hasAlpha ? PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA : PNG_FORMAT_RGB)
        let source = image.hasAlpha ? joinAlpha(image) : image.pixels
        var size = 0
        let sized = source.withUnsafeBytes { src in
            png_image_write_to_memory(&png, nil, &size, 0, src.baseAddress, 0, nil)
        }
        guard sized != 0, size > 0 else {
            let text = message(of: &png)
            png_image_free(&png)
            throw AssetError(file: "image.png", "PNG encoding failed: \(text)")
        }
        var output = [UInt8](repeating: 0, count: size)
        let written = source.withUnsafeBytes { src in
            output.withUnsafeMutableBytes { dst in
                png_image_write_to_memory(&png, dst.baseAddress, &size, 0, src.baseAddress, 0, nil)
            }
        }
        guard written != 0 else {
            let text = message(of: &png)
            png_image_free(&png)
            throw AssetError(file: "image.png", "PNG encoding failed: \(text)")
        }
        png_image_free(&png)
        return Array(output.prefix(size))
    }

    /// The text in `png_image.message`.
    private static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            let text = String(decoding: bytes, as: UTF8.self)
            return text.isEmpty ? "unknown error" : text
        }
    }

    /// An image's RGB bytes and alpha interleaved as RGBA.
    private static func joinAlpha(_ image: Image) -> [UInt8] {
        let count = image.width * image.height
        var rgba = [UInt8](repeating: 0, count: count * 4)
        for k in 0..<count {
            rgba[4 * k] = image.pixels[3 * k]
            rgba[4 * k + 1] = image.pixels[3 * k + 1]
            rgba[4 * k + 2] = image.pixels[3 * k + 2]
            rgba[4 * k + 3] = image.alpha[k]
        }
        return rgba
    }
}
