import Math3D
import Raster

extension CellEncoder {
    /// Relative depth step (fraction of the nearer depth) that counts as a depth edge.
    static let depthEdge: Float = 0.04
    /// Cosine of the angle between neighbouring normals beyond which a crease is drawn (35°).
    static let creaseCosine: Float = 0.82

    /// `ascii` and `edges`: one pixel per cell; a glyph from the ramp by linear luminance,
    /// and for `edges` `| _ / \` where the pixel lies on a silhouette, depth step or crease.
    func encodeRamp(_ f: Frame, edges: Bool, out: UnsafeMutableBufferPointer<Cell>, shape: UnsafeMutableBufferPointer<UInt8>) {
        let fb = f.fb
        let w = fb.width
        let levels = AsciiRamp.level, lower = AsciiRamp.lower, upper = AsciiRamp.upper
        let table = AsciiRamp.table
        let bins = Float(AsciiRamp.bins - 1)
        // Hysteresis band on the ramp, in luminance: a quarter of the mean glyph spacing.
        let band: Float = 0.25 / Float(levels.count)
        let luma = Vec3(0.2126, 0.7152, 0.0722)
        fb.color.withUnsafeBufferPointer { color in
            fb.coverage.withUnsafeBufferPointer { cov in
                fb.depth.withUnsafeBufferPointer { depth in
                    fb.normal.withUnsafeBufferPointer { normal in
                        for row in 0..<f.rows {
                            for col in 0..<f.columns {
                                let i = row * f.columns + col
                                let p = row * w + col
                                guard cov[p] != 0 else {
                                    out[i] = Cell(glyph: " ", fg: .default, bg: f.background)
                                    shape[i] = 0
                                    continue
                                }
                                let c = color[p]
                                let previous: Cell? = f.hasHistory ? out[i] : nil
                                var glyph: Unicode.Scalar
                                var level: Float
                                var code: UInt8
                                if edges, let e = edgeGlyph(x: col, y: row, width: w, height: f.rows, cov: cov, depth: depth, normal: normal) {
                                    glyph = AsciiRamp.edgeGlyphs[e]
                                    level = AsciiRamp.edgeLevel[e]
                                    code = UInt8(100 + e)
                                } else {
                                    var l = dot(c, luma)
                                    if dither { l += (CellEncoder.threshold(col, row) - 0.5) / Float(levels.count) }
                                    var k = Int(table[Int(min(max(l, 0), 1) * bins + 0.5)])
                                    // Hysteresis: keep last frame's glyph while l stays near its interval.
                                    let pk = Int(f.hasHistory ? shape[i] : 0) - 1
                                    if pk >= 0, pk < levels.count, l >= lower[pk] - band, l < upper[pk] + band { k = pk }
                                    glyph = AsciiRamp.glyphs[k]
                                    level = levels[k]
                                    code = UInt8(k + 1)
                                }
                                // The glyph inks only part of the cell: brighten the ink so the
                                // cell's mean light matches the pixel at the darkest glyph's scale.
                                let ink = colors == .none ? CellColor.default
                                    : quantize(c / level, previous: previous?.fg, dither: ditherOffset(column: col, row: row))
                                out[i] = Cell(glyph: glyph, fg: ink, bg: f.background)
                                shape[i] = code
                            }
                        }
                    }
                }
            }
        }
    }

    /// The edge glyph index (into `AsciiRamp.edgeGlyphs`) for covered pixel (`x`, `y`), or
    /// `nil` when it is not on an edge.
    ///
    /// Each of the 8 neighbours across an edge votes with its offset (axis neighbours weigh 2,
    /// diagonals 1): uncovered neighbours (silhouette), neighbours farther by more than
    /// `depthEdge` (depth step; only the nearer side draws it) and, for neighbours after this
    /// pixel in scan order, normals turned by more than 35° (crease; one side draws it). The
    /// summed offset is the gradient direction; the edge runs across it: `|` for a horizontal
    /// gradient, `_` for a vertical one, `/` or `\` for the diagonals.
    @inline(__always)
    func edgeGlyph(x: Int, y: Int, width: Int, height: Int, cov: UnsafeBufferPointer<UInt8>,
                   depth: UnsafeBufferPointer<Float>, normal: UnsafeBufferPointer<Vec3>) -> Int? {
        let p = y * width + x
        let d = depth[p], n = normal[p]
        var gx = 0, gy = 0, vx = 0, vy = 0
        for oy in -1...1 {
            for ox in -1...1 where ox != 0 || oy != 0 {
                let nx = x + ox, ny = y + oy
                var across = false
                // Beyond the frame is unknown, not empty: no edge along the border.
                if nx < 0 || ny < 0 || nx >= width || ny >= height { continue }
                do {
                    let q = ny * width + nx
                    if cov[q] == 0 {
                        across = true
                    } else if depth[q] - d > CellEncoder.depthEdge * d {
                        across = true
                    } else if oy > 0 || (oy == 0 && ox > 0), dot(n, normal[q]) < CellEncoder.creaseCosine, abs(depth[q] - d) <= CellEncoder.depthEdge * d {
                        across = true
                    }
                }
                guard across else { continue }
                let weight = ox == 0 || oy == 0 ? 2 : 1
                gx += weight * ox
                gy += weight * oy
                vx += weight * abs(ox)
                vy += weight * abs(oy)
            }
        }
        if vx == 0 && vy == 0 { return nil }
        let ax = abs(gx), ay = abs(gy)
        if ax == 0 && ay == 0 { return vx >= vy ? 0 : 1 }
        // tan(67.5°) ~ 2.414: within 22.5° of an axis counts as that axis.
        if ax * 1000 > ay * 2414 { return 0 }
        if ay * 1000 > ax * 2414 { return 1 }
        return (gx > 0) == (gy > 0) ? 2 : 3
    }
}
