import Foundation

/// PLY files written in the tests: one model (positions, optional colours, faces) in any
/// of the three encodings, so the encodings can be compared with each other.
struct PLYFixture {
    var positions: [(Float, Float, Float)]
    /// 8-bit sRGB colours, one per vertex, or empty.
    var colors: [(UInt8, UInt8, UInt8)] = []
    /// Polygons as vertex index lists; empty for a point cloud.
    var faces: [[Int32]] = []
    /// Extra header lines written after the format line (comments, unused elements).
    var extraElement = false

    enum Encoding: String, CaseIterable {
        case ascii
        case littleEndian = "binary_little_endian"
        case bigEndian = "binary_big_endian"
    }

    func bytes(_ encoding: Encoding) -> [UInt8] {
        var header = "ply\nformat \(encoding.rawValue) 1.0\ncomment written by the tests\n"
        if extraElement { header += "element camera 1\nproperty float view_px\nproperty list uchar int tags\n" }
        header += "element vertex \(positions.count)\nproperty float x\nproperty float y\nproperty float z\n"
        if !colors.isEmpty { header += "property uchar red\nproperty uchar green\nproperty uchar blue\n" }
        if !faces.isEmpty { header += "element face \(faces.count)\nproperty list uchar int vertex_indices\n" }
        header += "end_header\n"
        var out = Array(header.utf8)
        let big = encoding == .bigEndian
        func put<T: FixedWidthInteger>(_ v: T) {
            let e = big ? v.bigEndian : v.littleEndian
            withUnsafeBytes(of: e) { out += $0 }
        }
        func put(_ f: Float) { put(f.bitPattern) }
        if encoding == .ascii {
            var text = ""
            if extraElement { text += "1.5 2 7 9\n" }
            for (i, p) in positions.enumerated() {
                text += "\(p.0) \(p.1) \(p.2)"
                if !colors.isEmpty { text += " \(colors[i].0) \(colors[i].1) \(colors[i].2)" }
                text += "\n"
            }
            for f in faces { text += "\(f.count) " + f.map(String.init).joined(separator: " ") + "\n" }
            return out + Array(text.utf8)
        }
        if extraElement {
            put(Float(1.5))
            put(UInt8(2))
            put(Int32(7))
            put(Int32(9))
        }
        for (i, p) in positions.enumerated() {
            put(p.0)
            put(p.1)
            put(p.2)
            if !colors.isEmpty { out += [colors[i].0, colors[i].1, colors[i].2] }
        }
        for f in faces {
            out.append(UInt8(f.count))
            for v in f { put(v) }
        }
        return out
    }

    /// A unit square as one quad, coloured red, green, blue and white.
    static let square = PLYFixture(
        positions: [(0, 0, 0), (1, 0, 0), (1, 1, 0), (0, 1, 0)],
        colors: [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)],
        faces: [[0, 1, 2, 3]], extraElement: true)
}
