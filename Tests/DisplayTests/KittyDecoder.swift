import CPNG
import CZlib
import Display

/// A small kitty graphics decoder for tests: follows `a=T` (transmit and place), `a=f`
/// (edit frame 1 with `X=1`), `a=d` (delete), chunking (`m`), base64, `o=z` and PNG
/// (`f=100`, read by libpng), and keeps the image each id holds and where it was placed.
struct KittyDecoder {
    struct Image: Equatable {
        var width = 0, height = 0, bytesPerPixel = 3
        var pixels: [UInt8] = []
        var columns = 0, rows = 0
        var placedAt: (row: Int, column: Int)?
        static func == (a: Image, b: Image) -> Bool {
            a.width == b.width && a.height == b.height && a.pixels == b.pixels
        }
    }

    enum Failure: Error { case malformed(String) }

    var images: [Int: Image] = [:]
    var commands: [[String: String]] = []
    /// The one image held, when there is exactly one.
    var onlyImage: Image? { images.count == 1 ? images.first?.value : nil }
    var cursor = (row: 0, column: 0)

    private var pendingKeys: [String: String]?
    private var pendingPayload: [UInt8] = []

    mutating func feed(_ bytes: [UInt8]) throws {
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x1B, i + 2 < bytes.count, bytes[i + 1] == 0x5F, bytes[i + 2] == 0x47 {
                guard let end = find(bytes, [0x1B, 0x5C], from: i + 3) else {
                    throw Failure.malformed("unterminated APC")
                }
                try command(Array(bytes[(i + 3)..<end]))
                i = end + 2
            } else if bytes[i] == 0x1B, i + 1 < bytes.count, bytes[i + 1] == 0x5B {
                // CSI: track CUP only.
                var j = i + 2
                while j < bytes.count, !(0x40...0x7E).contains(bytes[j]) { j += 1 }
                if j < bytes.count, bytes[j] == 0x48 {
                    let params = String(decoding: bytes[(i + 2)..<j], as: UTF8.self).split(separator: ";").map {
                        Int($0) ?? 1
                    }
                    cursor = ((params.first ?? 1) - 1, (params.count > 1 ? params[1] : 1) - 1)
                }
                i = j + 1
            } else {
                i += 1
            }
        }
    }

    private func find(_ b: [UInt8], _ pattern: [UInt8], from: Int) -> Int? {
        var i = from
        while i + pattern.count <= b.count {
            if Array(b[i..<(i + pattern.count)]) == pattern { return i }
            i += 1
        }
        return nil
    }

    private mutating func command(_ body: [UInt8]) throws {
        let semicolon = body.firstIndex(of: 0x3B) ?? body.count
        var keys: [String: String] = [:]
        for pair in String(decoding: body[..<semicolon], as: UTF8.self).split(separator: ",") {
            let kv = pair.split(separator: "=", maxSplits: 1)
            if kv.count == 2 { keys[String(kv[0])] = String(kv[1]) }
        }
        let payload = semicolon < body.count ? Array(body[(semicolon + 1)...]) : []
        if var first = pendingKeys {
            pendingPayload += payload
            if keys["m"] == "1" { return }
            first["m"] = "0"
            pendingKeys = nil
            try execute(first, payload: pendingPayload)
            pendingPayload = []
            return
        }
        if keys["m"] == "1" {
            pendingKeys = keys
            pendingPayload = payload
            return
        }
        try execute(keys, payload: payload)
    }

    private mutating func execute(_ keys: [String: String], payload: [UInt8]) throws {
        commands.append(keys)
        let id = Int(keys["i"] ?? "0") ?? 0
        switch keys["a"] ?? "t" {
        case "d":
            if keys["d"] == "I" || keys["d"] == "i" { images[id] = nil }
        case "T", "t", "f":
            guard let data = Self.base64(payload) else { throw Failure.malformed("base64") }
            var pixels = data
            if keys["o"] == "z" {
                guard let inflated = Self.inflate(data) else { throw Failure.malformed("zlib") }
                pixels = inflated
            }
            var w = Int(keys["s"] ?? "0") ?? 0
            var h = Int(keys["v"] ?? "0") ?? 0
            var bpp = keys["f"] == "32" ? 4 : 3
            if keys["f"] == "100" {
                guard let png = Self.png(pixels) else { throw Failure.malformed("PNG") }
                (w, h, bpp, pixels) = (png.width, png.height, png.bytesPerPixel, png.pixels)
            }
            guard pixels.count == w * h * bpp else {
                throw Failure.malformed("size \(pixels.count) for \(w)x\(h)x\(bpp)")
            }
            if keys["a"] == "f" {
                guard var image = images[id], image.width == w, image.height == h else {
                    throw Failure.malformed("edit of a missing image")
                }
                image.pixels = pixels
                images[id] = image
            } else {
                var image = Image(width: w, height: h, bytesPerPixel: bpp, pixels: pixels)
                image.columns = Int(keys["c"] ?? "0") ?? 0
                image.rows = Int(keys["r"] ?? "0") ?? 0
                if keys["a"] == "T" { image.placedAt = cursor }
                images[id] = image
            }
        default:
            break
        }
    }

    static func base64(_ text: [UInt8]) -> [UInt8]? {
        var table = [Int](repeating: -1, count: 256)
        for (i, c) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            table[Int(c)] = i
        }
        var out: [UInt8] = []
        var acc = 0
        var bits = 0
        for c in text where c != 0x3D {
            let v = table[Int(c)]
            if v < 0 { return nil }
            acc = acc << 6 | v
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(acc >> bits & 0xFF))
            }
        }
        return out
    }

    static func inflate(_ data: [UInt8]) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: max(1024, data.count * 20))
        while true {
            var length = uLongf(out.count)
            let status = out.withUnsafeMutableBufferPointer { o in
                data.withUnsafeBufferPointer { uncompress(o.baseAddress, &length, $0.baseAddress, uLong(data.count)) }
            }
            if status == Z_OK { return Array(out[..<Int(length)]) }
            if status != Z_BUF_ERROR { return nil }
            out = [UInt8](repeating: 0, count: out.count * 4)
        }
    }

    /// A PNG file's size and 8-bit pixels (RGBA when it has alpha, else RGB), by libpng;
    /// nil when libpng rejects it (bad signature, CRC, zlib stream or filter).
    static func png(_ data: [UInt8]) -> (width: Int, height: Int, bytesPerPixel: Int, pixels: [UInt8])? {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        let begun = data.withUnsafeBufferPointer { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard begun != 0 else { return nil }
        defer { png_image_free(&image) }
        let alpha = image.format & UInt32(PNG_FORMAT_FLAG_ALPHA) != 0
        image.format = UInt32(PNG_FORMAT_RGB) | (alpha ? UInt32(PNG_FORMAT_FLAG_ALPHA) : 0)
        let bpp = alpha ? 4 : 3
        var pixels = [UInt8](repeating: 0, count: Int(image.width) * Int(image.height) * bpp)
        let done = pixels.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
        guard done != 0 else { return nil }
        return (Int(image.width), Int(image.height), bpp, pixels)
    }
}
