import Foundation

/// A grey ball with a red cube on its front (+Z, towards the camera), written as an OBJ
/// and its MTL into a fresh temporary folder: the red marker shows on screen which way
/// the near surface moves.
struct MarkedModel {
    let folder: URL
    var path: String { folder.appendingPathComponent("marked.obj").path }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "orbit-gestures-marked-\(getpid())-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "newmtl grey\nKd 0.6 0.6 0.6\nnewmtl red\nKd 1 0 0\n"
            .write(to: folder.appendingPathComponent("marked.mtl"), atomically: true, encoding: .utf8)
        try Self.obj().write(to: folder.appendingPathComponent("marked.obj"), atomically: true, encoding: .utf8)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    /// The OBJ text: a 24 x 12 UV sphere of radius 1, then a cube of edge 0.35 centred on (0, 0, 1).
    static func obj() -> String {
        var lines = ["mtllib marked.mtl", "usemtl grey"]
        let (longitudes, latitudes) = (24, 12)
        for i in 0...latitudes {
            let theta = Double.pi * Double(i) / Double(latitudes)
            for j in 0..<longitudes {
                let phi = 2 * Double.pi * Double(j) / Double(longitudes)
                lines.append("v \(sin(theta) * sin(phi)) \(cos(theta)) \(sin(theta) * cos(phi))")
            }
        }
        func index(_ i: Int, _ j: Int) -> Int { i * longitudes + (j % longitudes) + 1 }
        for i in 0..<latitudes {
            for j in 0..<longitudes {
                let (a, b, c, d) = (index(i, j), index(i + 1, j), index(i + 1, j + 1), index(i, j + 1))
                lines.append("f \(a) \(b) \(c)")
                lines.append("f \(a) \(c) \(d)")
            }
        }
        let base = (latitudes + 1) * longitudes
        let h = 0.175
        for x in [-h, h] { for y in [-h, h] { for z in [1 - h, 1 + h] { lines.append("v \(x) \(y) \(z)") } } }
        lines.append("usemtl red")
        // Corners numbered by (x, y, z) bits: x * 4 + y * 2 + z, counter-clockwise from outside.
        let quads = [[0, 1, 3, 2], [4, 6, 7, 5], [0, 4, 5, 1], [2, 3, 7, 6], [0, 2, 6, 4], [1, 5, 7, 3]]
        for q in quads {
            let v = q.map { base + $0 + 1 }
            lines.append("f \(v[0]) \(v[1]) \(v[2])")
            lines.append("f \(v[0]) \(v[2]) \(v[3])")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Reads the colours of a `capture-pane -e` screen: where the red cells are.
enum ScreenColors {
    /// The mean (column, row) of the non-blank cells drawn in red (16-colour SGR 31 or 91,
    /// or a 256-colour red), or nil when there are none.
    static func redCentre(_ screen: [String]) -> (column: Double, row: Double)? {
        var sum = (0.0, 0.0)
        var count = 0.0
        for (row, line) in screen.enumerated() {
            var fg = 0
            var column = 0
            var chars = line.unicodeScalars.makeIterator()
            while let c = chars.next() {
                if c == "\u{1B}" {
                    guard chars.next() == "[" else { continue }
                    var params = ""
                    while let p = chars.next(), p != "m" { params.unicodeScalars.append(p) }
                    fg = foreground(params, current: fg)
                    continue
                }
                if c != " " && isRed(fg) {
                    sum.0 += Double(column)
                    sum.1 += Double(row)
                    count += 1
                }
                column += 1
            }
        }
        return count > 0 ? (sum.0 / count, sum.1 / count) : nil
    }

    /// The foreground after the SGR parameters `params` (0 reset; 30-37, 90-97; 38;5;N as 1000 + N).
    static func foreground(_ params: String, current: Int) -> Int {
        let p = params.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        var fg = current
        var i = 0
        while i < p.count {
            switch p[i] {
            case 0: fg = 0
            case 30...37, 90...97: fg = p[i]
            case 39: fg = 0
            case 38 where i + 2 < p.count && p[i + 1] == 5:
                fg = 1000 + p[i + 2]
                i += 2
            case 38 where i + 4 < p.count && p[i + 1] == 2: i += 4
            default: break
            }
            i += 1
        }
        return fg
    }

    static func isRed(_ fg: Int) -> Bool {
        [31, 91, 1001, 1009, 1088, 1124, 1160, 1196].contains(fg)
    }
}
