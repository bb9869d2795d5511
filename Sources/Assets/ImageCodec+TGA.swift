import SceneGraph

extension ImageCodec {
    /// True when `data` starts with a plausible Truevision TGA header: a colour-map type
    /// of 0 or 1, an image type of 1, 2, 3, 9, 10 or 11 and a pixel depth of 8, 15, 16, 24
    /// or 32 (TGA has no magic number, so the header's fields are the only evidence).
    static func looksLikeTGA(_ data: [UInt8]) -> Bool {
        guard data.count >= 18 else { return false }
        return data[1] <= 1 && [1, 2, 3, 9, 10, 11].contains(data[2]) && [8, 15, 16, 24, 32].contains(data[16])
    }

    /// Decodes a Truevision TGA image: colour-mapped, true-colour or grey, uncompressed
    /// (types 1, 2, 3) or run-length encoded (9, 10, 11), 8/15/16/24/32 bits per pixel,
    /// any origin corner. Alpha is dropped (TGA files often carry unused alpha bits).
    /// Every size is checked against the data before it is read: a short file, a run
    /// past the image's end or a colour index outside the map is an error.
    static func decodeTGA(_ data: [UInt8], name: String) throws(AssetError) -> Image {
        guard looksLikeTGA(data) else { throw AssetError(file: name, "not a TGA image (bad header)") }
        func u16(_ i: Int) -> Int { Int(data[i]) | Int(data[i + 1]) << 8 }
        let idLength = Int(data[0])
        let mapType = data[1]
        let type = Int(data[2])
        let mapFirst = u16(3)
        let mapLength = u16(5)
        let mapEntryBits = Int(data[7])
        let width = u16(12)
        let height = u16(14)
        let depth = Int(data[16])
        let descriptor = data[17]
        try checkSize(width: width, height: height, name: name)
        let base = type & 7
        switch base {
        case 1:
            guard mapType == 1, depth == 8 || depth == 16 else {
                throw AssetError(file: name, "colour-mapped TGA needs a colour map and 8 or 16 bits per index")
            }
        case 2: guard depth != 8 else { throw AssetError(file: name, "true-colour TGA with 8 bits per pixel") }
        default:
            guard depth == 8 || depth == 16 else {
                throw AssetError(file: name, "grey TGA needs 8 or 16 bits per pixel, not \(depth)")
            }
        }
        var at = 18 + idLength
        // The colour map, as RGB triples.
        var palette: [SIMD3<UInt8>] = []
        if mapType == 1 {
            guard [15, 16, 24, 32].contains(mapEntryBits) else {
                throw AssetError(file: name, "TGA colour map entries of \(mapEntryBits) bits")
            }
            let entryBytes = (mapEntryBits + 7) / 8
            let mapBytes = mapLength * entryBytes
            guard at + mapBytes <= data.count else { throw AssetError(file: name, "truncated TGA colour map") }
            palette.reserveCapacity(mapLength)
            for k in 0..<mapLength {
                palette.append(tgaPixel(data, at + k * entryBytes, bits: mapEntryBits, grey: false))
            }
            at += mapBytes
        }
        let pixelBytes = (depth + 7) / 8
        let count = width * height
        var pixels = [UInt8](repeating: 0, count: count * 3)
        let topDown = descriptor & 0x20 != 0
        let rightToLeft = descriptor & 0x10 != 0
        var written = 0
        func store(_ source: Int) throws(AssetError) {
            let rgb: SIMD3<UInt8>
            if base == 1 {
                let index = (depth == 8 ? Int(data[source]) : u16(source)) - mapFirst
                guard index >= 0, index < palette.count else {
                    throw AssetError(file: name, "TGA colour index \(index + mapFirst) outside the colour map")
                }
                rgb = palette[index]
            } else {
                rgb = tgaPixel(data, source, bits: depth, grey: base == 3)
            }
            let row = written / width
            let column = written % width
            let y = topDown ? row : height - 1 - row
            let x = rightToLeft ? width - 1 - column : column
            let o = (y * width + x) * 3
            pixels[o] = rgb.x
            pixels[o + 1] = rgb.y
            pixels[o + 2] = rgb.z
            written += 1
        }
        if type < 8 {
            guard at + count * pixelBytes <= data.count else {
                throw AssetError(file: name, "truncated TGA: \(count) pixels need \(count * pixelBytes) bytes")
            }
            for i in 0..<count { try store(at + i * pixelBytes) }
        } else {
            while written < count {
                guard at < data.count else {
                    throw AssetError(
                        file: name, "truncated TGA: run-length data ends after \(written) of \(count) pixels")
                }
                let packet = Int(data[at])
                at += 1
                let n = (packet & 0x7F) + 1
                guard written + n <= count else {
                    throw AssetError(file: name, "TGA run of \(n) pixels passes the image's end")
                }
                if packet & 0x80 != 0 {
                    guard at + pixelBytes <= data.count else { throw AssetError(file: name, "truncated TGA run") }
                    for _ in 0..<n { try store(at) }
                    at += pixelBytes
                } else {
                    guard at + n * pixelBytes <= data.count else {
                        throw AssetError(file: name, "truncated TGA raw packet")
                    }
                    for k in 0..<n { try store(at + k * pixelBytes) }
                    at += n * pixelBytes
                }
            }
        }
        guard let image = Image(width: width, height: height, pixels: pixels) else {
            throw AssetError(file: name, "TGA decoded to an inconsistent size")
        }
        return image
    }

    /// The RGB of one stored TGA pixel or colour-map entry of `bits` bits at `i`
    /// (little-endian BGR(A); 15/16 bits are A1R5G5B5; grey: 8 bits, or 16 with alpha).
    private static func tgaPixel(_ data: [UInt8], _ i: Int, bits: Int, grey: Bool) -> SIMD3<UInt8> {
        if grey { return SIMD3(repeating: data[i]) }
        switch bits {
        case 15, 16:
            let v = Int(data[i]) | Int(data[i + 1]) << 8
            func expand(_ c: Int) -> UInt8 { UInt8((c << 3) | (c >> 2)) }
            return SIMD3(expand((v >> 10) & 31), expand((v >> 5) & 31), expand(v & 31))
        default:
            return SIMD3(data[i + 2], data[i + 1], data[i])
        }
    }
}
