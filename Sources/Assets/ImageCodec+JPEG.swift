import CJPEG
import SceneGraph

extension ImageCodec {
    /// Decodes a JPEG with TurboJPEG. Warnings (such as a truncated file) count as errors.
    static func decodeJPEG(_ data: [UInt8], name: String) throws(AssetError) -> Image {
        guard let handle = tjInitDecompress() else { throw AssetError(file: name, "JPEG decoder could not start") }
        defer { tjDestroy(handle) }
        var width: Int32 = 0
        var height: Int32 = 0
        var subsampling: Int32 = 0
        var colorspace: Int32 = 0
        let header = data.withUnsafeBufferPointer { p in
            tjDecompressHeader3(handle, p.baseAddress, UInt(p.count), &width, &height, &subsampling, &colorspace)
        }
        if header != 0 { throw AssetError(file: name, "bad JPEG header: \(errorText(handle))") }
        try checkSize(width: Int(width), height: Int(height), name: name)
        if colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue) {
            return try decodeCMYK(data, handle: handle, width: Int(width), height: Int(height), name: name)
        }
        var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * 3)
        let flags = Int32(TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS)
        let status = data.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                tjDecompress2(
                    handle, src.baseAddress, UInt(src.count), dst.baseAddress, width, 0, height,
                    Int32(TJPF_RGB.rawValue), flags)
            }
        }
        if status != 0 { throw AssetError(file: name, "damaged JPEG: \(errorText(handle))") }
        guard let image = Image(width: Int(width), height: Int(height), pixels: pixels) else {
            throw AssetError(file: name, "JPEG decoded to an inconsistent size")
        }
        return image
    }

    /// Decodes a CMYK or YCCK JPEG (print workflows, Photoshop) to RGB without a colour
    /// management system: R = (1 - C)(1 - K) and so on. Files with Adobe's APP14 marker store
    /// the inks inverted (255 is no ink), as Photoshop writes them; others store them plainly.
    private static func decodeCMYK(_ data: [UInt8], handle: tjhandle, width: Int, height: Int, name: String)
        throws(AssetError) -> Image
    {
        var cmyk = [UInt8](repeating: 0, count: width * height * 4)
        let flags = Int32(TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS)
        let status = data.withUnsafeBufferPointer { src in
            cmyk.withUnsafeMutableBufferPointer { dst in
                tjDecompress2(
                    handle, src.baseAddress, UInt(src.count), dst.baseAddress, Int32(width), 0, Int32(height),
                    Int32(TJPF_CMYK.rawValue), flags)
            }
        }
        if status != 0 { throw AssetError(file: name, "damaged CMYK JPEG: \(errorText(handle))") }
        let inverted = hasAdobeMarker(data)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for i in 0..<(width * height) {
            let k = Int(inverted ? cmyk[4 * i + 3] : 255 - cmyk[4 * i + 3])
            for c in 0..<3 {
                let ink = Int(inverted ? cmyk[4 * i + c] : 255 - cmyk[4 * i + c])
                pixels[3 * i + c] = UInt8((ink * k + 127) / 255)
            }
        }
        guard let image = Image(width: width, height: height, pixels: pixels) else {
            throw AssetError(file: name, "JPEG decoded to an inconsistent size")
        }
        return image
    }

    /// True when the JPEG's header segments (before the image data) include Adobe's
    /// APP14 marker (FF EE ... "Adobe").
    static func hasAdobeMarker(_ data: [UInt8]) -> Bool {
        var i = 2
        while i + 4 <= data.count, data[i] == 0xFF {
            let marker = data[i + 1]
            if marker == 0xDA || marker == 0xD9 { return false }
            let length = Int(data[i + 2]) << 8 | Int(data[i + 3])
            guard length >= 2 else { return false }
            if marker == 0xEE, i + 9 <= data.count, data[(i + 4)..<(i + 9)].elementsEqual(Array("Adobe".utf8)) {
                return true
            }
            i += 2 + length
        }
        return false
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
            tjCompress2(
                handle, src.baseAddress, Int32(image.width), 0, Int32(image.height), Int32(TJPF_RGB.rawValue),
                &output, &size, Int32(TJSAMP_444.rawValue), Int32(min(max(quality, 1), 100)), 0)
        }
        defer { if let output { tjFree(output) } }
        guard status == 0, let output else {
            throw AssetError(file: "image.jpg", "JPEG encoding failed: \(errorText(handle))")
        }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    /// TurboJPEG's message for the last error on `handle`.
    private static func errorText(_ handle: tjhandle) -> String {
        guard let text = tjGetErrorStr2(handle) else { return "unknown error" }
        return String(cString: text)
    }
}
