import CWebP
import SceneGraph

extension ImageCodec {
    /// Decodes a WebP (lossy or lossless, with or without alpha) with libwebp into 8-bit
    /// RGB, and its alpha when it has one.
    static func decodeWebP(_ data: [UInt8], name: String) throws(AssetError) -> Image {
        var width: Int32 = 0
        var height: Int32 = 0
        var alpha: Int32 = 0
        let known = data.withUnsafeBufferPointer { orbit_webp_info($0.baseAddress, $0.count, &width, &height, &alpha) }
        guard known == 0 else { throw AssetError(file: name, "bad WebP: no readable header") }
        try checkSize(width: Int(width), height: Int(height), name: name)
        let channels = alpha != 0 ? 4 : 3
        let w = Int(width)
        let h = Int(height)
        var pixels = [UInt8](repeating: 0, count: w * h * channels)
        let decoded = data.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                orbit_webp_decode(
                    src.baseAddress, src.count, alpha, dst.baseAddress, dst.count, Int32(w * channels))
            }
        }
        guard decoded == 0 else { throw AssetError(file: name, "damaged WebP") }
        var alphaBytes: [UInt8] = []
        if channels == 4 { (pixels, alphaBytes) = splitAlpha(pixels) }
        guard let image = Image(width: w, height: h, pixels: pixels, alpha: alphaBytes) else {
            throw AssetError(file: name, "WebP decoded to an inconsistent size")
        }
        return image
    }
}
