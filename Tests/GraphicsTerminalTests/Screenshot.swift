import Foundation
import OrbitTestSupport

/// An RGB picture read from a binary PPM (`import -window root ppm:FILE`, `convert`).
struct Screenshot {
    var width: Int
    var height: Int
    var rgb: [UInt8]

    /// Reads a P6 PPM with maxval 255.
    init(ppm path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else { throw HarnessError("\(path): unreadable") }
        let bytes = [UInt8](data)
        var fields: [String] = []
        var i = 0
        while fields.count < 4 && i < bytes.count {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 {
                i += 1
            }
            if i < bytes.count, bytes[i] == 0x23 {
                while i < bytes.count, bytes[i] != 0x0A { i += 1 }
                continue
            }
            var word = ""
            while i < bytes.count, !(bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09) {
                word.append(Character(Unicode.Scalar(bytes[i])))
                i += 1
            }
            fields.append(word)
        }
        i += 1
        guard fields.count == 4, fields[0] == "P6", let w = Int(fields[1]), let h = Int(fields[2]), fields[3] == "255",
            bytes.count - i >= w * h * 3
        else { throw HarnessError("\(path): not a P6 PPM") }
        width = w
        height = h
        rgb = Array(bytes[i..<(i + w * h * 3)])
    }

    func pixel(_ x: Int, _ y: Int) -> SIMD3<Int> {
        let o = 3 * (y * width + x)
        return SIMD3(Int(rgb[o]), Int(rgb[o + 1]), Int(rgb[o + 2]))
    }

    /// Cells of `cell` pixels (width, height) in `columns` x `rows` of a terminal whose top-left
    /// cell starts at `origin`, whose upper half shows at least 4 colours: a picture (text,
    /// blanks, flat colour and half blocks have fewer there).
    func detailedCells(
        origin: (x: Int, y: Int), cell: (Int, Int), columns: Range<Int>, rows: Range<Int>
    ) -> Int {
        var count = 0
        for row in rows {
            for column in columns {
                var seen: Set<SIMD3<Int>> = []
                let x0 = origin.x + column * cell.0
                let y0 = origin.y + row * cell.1
                for y in y0..<(y0 + cell.1 / 2) where y < height {
                    for x in x0..<(x0 + cell.0) where x < width { seen.insert(pixel(x, y)) }
                }
                if seen.count >= 4 { count += 1 }
            }
        }
        return count
    }

    /// Pixels in the rectangle brighter than `threshold` (sum of channels).
    func litPixels(x: Int, y: Int, width w: Int, height h: Int, threshold: Int = 60) -> Int {
        var n = 0
        for yy in max(0, y)..<min(height, y + h) {
            for xx in max(0, x)..<min(width, x + w) where pixel(xx, yy).wrappedSum() > threshold { n += 1 }
        }
        return n
    }

    /// Bounding box of the lit pixels in the rectangle, or nil.
    func litBox(x: Int, y: Int, width w: Int, height h: Int, threshold: Int = 60) -> (
        minX: Int, minY: Int, maxX: Int, maxY: Int
    )? {
        var box: (Int, Int, Int, Int)?
        for yy in max(0, y)..<min(height, y + h) {
            for xx in max(0, x)..<min(width, x + w) where pixel(xx, yy).wrappedSum() > threshold {
                if let b = box {
                    box = (min(b.0, xx), min(b.1, yy), max(b.2, xx), max(b.3, yy))
                } else {
                    box = (xx, yy, xx, yy)
                }
            }
        }
        return box.map { (minX: $0.0, minY: $0.1, maxX: $0.2, maxY: $0.3) }
    }

    /// Mean absolute channel difference between this picture's rectangle at (`x`, `y`)
    /// and `other` (whole), 0...255.
    func meanError(against other: Screenshot, x: Int, y: Int) -> Double {
        var total = 0
        var n = 0
        for yy in 0..<other.height where y + yy < height {
            for xx in 0..<other.width where x + xx < width {
                let d = pixel(x + xx, y + yy) &- other.pixel(xx, yy)
                total += abs(d.x) + abs(d.y) + abs(d.z)
                n += 3
            }
        }
        return n > 0 ? Double(total) / Double(n) : .infinity
    }
}
