/// A small sixel decoder for tests: palette (`#n;2;r;g;b` in percent), raster attributes,
/// `#n` colour select, run lengths (`!n`), `$` and `-`; undrawn pixels stay nil.
struct SixelDecoder {
    var width = 0, height = 0
    var palette: [Int: SIMD3<Int>] = [:]
    var pixels: [SIMD3<Int>?] = []
    var registersUsed: Set<Int> = []
    var origin: (row: Int, column: Int)?

    enum Failure: Error { case malformed(String) }

    mutating func decode(_ bytes: [UInt8]) throws {
        guard let start = find(bytes, Array("\u{1B}P".utf8)), let q = bytes[start...].firstIndex(of: 0x71) else {
            throw Failure.malformed("no DCS q")
        }
        // The CUP before the image.
        if let cup = find(bytes, [0x1B, 0x5B]), cup < start {
            let end = bytes[cup...].firstIndex(of: 0x48) ?? cup
            let p = String(decoding: bytes[(cup + 2)..<end], as: UTF8.self).split(separator: ";").map { Int($0) ?? 1 }
            origin = ((p.first ?? 1) - 1, (p.count > 1 ? p[1] : 1) - 1)
        }
        var i = q + 1
        var x = 0
        var band = 0
        var color = 0
        func number() -> Int {
            var n = 0
            while i < bytes.count, (0x30...0x39).contains(bytes[i]) {
                n = n * 10 + Int(bytes[i] - 0x30)
                i += 1
            }
            return n
        }
        func numbers() -> [Int] {
            var out = [number()]
            while i < bytes.count, bytes[i] == 0x3B {
                i += 1
                out.append(number())
            }
            return out
        }
        func put(_ mask: Int, count: Int) {
            for k in 0..<count {
                for bit in 0..<6 where mask & (1 << bit) != 0 {
                    let px = x + k
                    let py = band * 6 + bit
                    if px < width && py < height { pixels[py * width + px] = palette[color] }
                }
            }
            x += count
        }
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case 0x1B:
                return
            case 0x22:  // "
                i += 1
                let p = numbers()
                guard p.count == 4 else { throw Failure.malformed("raster") }
                width = p[2]
                height = p[3]
                pixels = [SIMD3<Int>?](repeating: nil, count: width * height)
            case 0x23:  // #
                i += 1
                let p = numbers()
                if p.count == 5 {
                    palette[p[0]] = SIMD3(p[2], p[3], p[4])
                } else {
                    color = p[0]
                    registersUsed.insert(color)
                }
            case 0x21:  // !
                i += 1
                let n = number()
                guard i < bytes.count, (63...126).contains(bytes[i]) else { throw Failure.malformed("run") }
                put(Int(bytes[i]) - 63, count: n)
                i += 1
            case 0x24:  // $
                x = 0
                i += 1
            case 0x2D:  // -
                x = 0
                band += 1
                i += 1
            case 63...126:
                put(Int(b) - 63, count: 1)
                i += 1
            default:
                i += 1
            }
        }
    }

    private func find(_ b: [UInt8], _ pattern: [UInt8]) -> Int? {
        var i = 0
        while i + pattern.count <= b.count {
            if Array(b[i..<(i + pattern.count)]) == pattern { return i }
            i += 1
        }
        return nil
    }
}
