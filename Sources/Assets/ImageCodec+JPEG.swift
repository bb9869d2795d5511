import CJPEG
import SceneGraph

extension ImageCodec {
    /// Decodes a JPEG with TurboJPEG. Warnings (such as a truncated file) count as errors.
    static func decodeJPEG(_ data: [UInt8], name: String) throws(AssetError) -> Image {
        guard let handle = tjInitDecompress() else { throw AssetError(file: name, "JPEG decoder could not start") }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let header = data.withUnsafeBufferPointer { p in
            tjDecompressHeader3(handle, p.baseAddress, UInt(p.count), &width, &height, &subsampling, &colorspace)
        }
        if header != 0 { throw AssetError(file: name, "bad JPEG header: \(errorText(handle))") }
        try checkSize(width: Int(width), height: Int(height), name: name)
        var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * 3)
        let flags = Int32(TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS)
        let status = data.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                tjDecompress2(handle, src.baseAddress, UInt(src.count), dst.baseAddress, width, 0, height, Int32(TJPF_RGB.rawValue), flags)
            }
        }
        if status != 0 { throw AssetError(file: name, "damaged JPEG: \(errorText(handle))") }
        guard let image = Image(width: Int(width), height: Int(height), pixels: pixels) else {
            throw AssetError(file: name, "JPEG decoded to an inconsistent size")
        }
        return image
    }

    /// Encodes `image` as a baseline JPEG.
    /// - Parameters:
    ///   - image: the picture (sRGB).
    ///   - quality: 1...100. Default 90.
    /// - Throws: `AssetError` when the encoder fails.
    public static func encodeJPEG(_ image: Image, quality: Int = 90) throws(AssetError) -> [UInt8] {
        guard let handle = tjInitCompress() else { throw AssetError(file: "image.jpg", "JPEG encoder could not start") }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = image.pixels.withUnsafeBufferPointer { src in
            tjCompress2(handle, src.baseAddress, Int32(image.width), 0, Int32(image.height), Int32(TJPF_RGB.rawValue),
                        &output, &size, Int32(TJSAMP_444.rawValue), Int32(min(max(quality, 1), 100)), 0)
        }
        defer { if let output { tjFree(output) } }
        guard status == 0, let output else { throw AssetError(file: "image.jpg", "JPEG encoding failed: \(errorText(handle))") }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    /// TurboJPEG's message for the last error on `handle`.
    private static func errorText(_ handle: tjhandle) -> String {
        guard let text = tjGetErrorStr2(handle) else { return "unknown error" }
        return String(cString: text)
    }
}
