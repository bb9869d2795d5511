import Foundation
import SceneGraph

/// Decodes JPEG and PNG images (chosen by their magic bytes, not the file name) and
/// encodes PNG and JPEG, through TurboJPEG and libpng's simplified API (neither needs
/// setjmp, and neither exits the process on a bad file).
public enum ImageCodec {
    /// The formats `decode` recognises.
    public enum Format: String, Sendable {
        /// JPEG (starts with FF D8 FF).
        case jpeg
        /// PNG (starts with the 8-byte PNG signature).
        case png
        /// WebP (a RIFF file of form type `WEBP`).
        case webp
    }

    /// The format of an encoded image from its first bytes, or nil.
    public static func format(of data: [UInt8]) -> Format? {
        if data.count >= 3, data[0] == 0xFF, data[1] == 0xD8, data[2] == 0xFF { return .jpeg }
        if data.count >= 8, data[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if data.count >= 12, data[0..<4].elementsEqual(Array("RIFF".utf8)),
            data[8..<12].elementsEqual(Array("WEBP".utf8))
        {
            return .webp
        }
        return nil
    }

    /// Decodes a JPEG, PNG, WebP or TGA file's bytes into 8-bit sRGB RGB pixels. Grey and
    /// palette images become RGB; a PNG's or WebP's alpha channel is kept beside them
    /// (`Image.alpha`), a TGA's is dropped. JPEG, PNG and WebP are told by their magic
    /// bytes; a file without any is read as TGA when its name ends in `.tga` or its header
    /// is a plausible TGA header.
    /// - Parameters:
    ///   - data: the encoded file.
    ///   - name: the file's name, for messages.
    /// - Throws: `AssetError` naming the file when the data is not a JPEG, PNG or TGA image, is
    ///   damaged, or is larger than `AssetLimits.maxImagePixels`.
    public static func decode(data: [UInt8], name: String) throws(AssetError) -> Image {
        if data.isEmpty { throw AssetError(file: name, "empty image file") }
        guard data.count <= AssetLimits.maxFileBytes else {
            throw AssetError(
                file: name,
                "image of \(data.count) bytes is larger than the \(AssetLimits.maxFileBytes / 1_048_576) MB limit")
        }
        switch format(of: data) {
        case .jpeg: return try decodeJPEG(data, name: name)
        case .png: return try decodePNG(data, name: name)
        case .webp: return try decodeWebP(data, name: name)
        case nil:
            if name.lowercased().hasSuffix(".tga") || looksLikeTGA(data) { return try decodeTGA(data, name: name) }
            throw AssetError(file: name, "not a JPEG, PNG or TGA image")
        }
    }

    /// Decodes a JPEG or PNG file's bytes; see `decode(data:name:)` with an array.
    public static func decode(data: Data, name: String) throws(AssetError) -> Image {
        try decode(data: [UInt8](data), name: name)
    }

    /// Reads and decodes the JPEG or PNG file at `path`.
    public static func decode(path: String) throws(AssetError) -> Image {
        try decode(data: FileAccess.readFile(path, name: path), name: path)
    }

    /// Writes `image` as a PNG file at `path`, replacing it only once the new file is whole
    /// (`AtomicFile`).
    /// - Throws: `AssetError` naming the file and the system's reason when encoding or
    ///   writing fails (`cannot be written (Permission denied)`).
    public static func writePNG(_ image: Image, to path: String) throws(AssetError) {
        let bytes = try encodePNG(image)
        do {
            try AtomicFile.write(bytes, to: path)
        } catch {
            throw AssetError(file: path, "cannot be written (\(error))")
        }
    }

    /// Checks decoded dimensions against the limits before any pixel is allocated.
    static func checkSize(width: Int, height: Int, name: String) throws(AssetError) {
        guard width > 0, height > 0 else { throw AssetError(file: name, "image has no pixels (\(width) x \(height))") }
        guard width <= AssetLimits.maxImageSide, height <= AssetLimits.maxImageSide,
            width * height <= AssetLimits.maxImagePixels
        else {
            throw AssetError(
                file: name,
                "image of \(width) x \(height) pixels is larger than the limit of \(AssetLimits.maxImagePixels) pixels")
        }
    }

    /// RGBA bytes split into RGB bytes and alpha bytes.
    static func splitAlpha(_ rgba: [UInt8]) -> (rgb: [UInt8], alpha: [UInt8]) {
        let count = rgba.count / 4
        var rgb = [UInt8](repeating: 0, count: count * 3)
        var alpha = [UInt8](repeating: 0, count: count)
        for k in 0..<count {
            rgb[3 * k] = rgba[4 * k]
            rgb[3 * k + 1] = rgba[4 * k + 1]
            rgb[3 * k + 2] = rgba[4 * k + 2]
            alpha[k] = rgba[4 * k + 3]
        }
        return (rgb, alpha)
    }
}
