import Foundation
import Math3D
import Raster

extension CellEncoder {
    /// Relative depth step (fraction of the nearer depth) that counts as a depth edge.
    static let depthEdge: Float = 0.04
    /// Length of the normals' second difference `a + b - 2p` beyond which a crease is drawn
    /// (0.5: a fold of about 30° between flat faces).
    static let creaseBend: Float = 0.5

    /// `ascii` and `edges`: one pixel per cell; a glyph from the ramp by linear luminance,
    /// and for `edges` `| _ / \` where the pixel lies on a silhouette, depth step or crease.
    func encodeRamp(
        _ f: Frame, rows: Range<Int>, edges: Bool, out: UnsafeMutableBufferPointer<Cell>,
        shape: UnsafeMutableBufferPointer<UInt8>
    ) {
        let fb = f.fb
        let w = fb.width
        let levels = AsciiRamp.level
        let lower = AsciiRamp.lower
        let upper = AsciiRamp.upper
        let table = AsciiRamp.table
        let bins = Float(AsciiRamp.bins - 1)
        // Hysteresis band on the ramp, in luminance: a quarter of the mean glyph spacing.
        let band: Float = 0.25 / Float(levels.count)
        let luma = Vec3(0.2126, 0.7152, 0.0722)
        let curved = rampGamma != 1 && rampGamma > 0
        let inverseGamma = curved ? 1 / rampGamma : 1
        fb.color.withUnsafeBufferPointer { color in
            fb.coverage.withUnsafeBufferPointer { cov in
                fb.depth.withUnsafeBufferPointer { depth in
                    fb.normal.withUnsafeBufferPointer { normal in
                        for row in rows {
                            for col in 0..<f.columns {
                                let i = row * f.columns + col
                                let p = row * w + col
                                guard cov[p] != 0 else {
                                    out[i] = Cell(glyph: " ", fg: .default, bg: f.background)
                                    shape[i] = 0
                                    continue
                                }
                                let c = color[p] * rampExposure
                                let previous: Cell? = f.hasHistory ? out[i] : nil
                                var glyph: Unicode.Scalar
                                var level: Float
                                var code: UInt8
                                if edges,
                                    let e = edgeGlyph(
                                        x: col, y: row, width: w, height: f.rows, cov: cov, depth: depth, normal: normal
                                    )
                                {
                                    glyph = AsciiRamp.edgeGlyphs[e]
                                    level = AsciiRamp.edgeLevel[e]
                                    code = UInt8(100 + e)
                                } else {
                                    var l = dot(c, luma)
                                    if curved { l = powf(max(l, 0), inverseGamma) }
                                    if dither { l += (CellEncoder.threshold(col, row) - 0.5) / Float(levels.count) }
                                    var k = Int(table[Int(min(max(l, 0), 1) * bins + 0.5)])
                                    // Hysteresis: keep last frame's glyph while l stays near its interval.
                                    let pk = Int(f.hasHistory ? shape[i] : 0) - 1
                                    if pk >= 0, pk < levels.count, l >= lower[pk] - band, l < upper[pk] + band {
                                        k = pk
                                    }
                                    glyph = AsciiRamp.glyphs[k]
                                    level = levels[k]
                                    code = UInt8(k + 1)
                                }
                                // The glyph inks only part of the cell: brighten the ink so the
                                // cell's mean light matches the pixel at the darkest glyph's scale.
                                let ink =
                                    colors == .none
                                    ? CellColor.default
                                    : quantize(
                                        c / level, previous: previous?.fg, dither: ditherOffset(column: col, row: row))
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
    /// Along each of the four directions through the pixel (horizontal, vertical, two
    /// diagonals) the neighbours on both sides are compared with it. A neighbour is across an
    /// edge when it is uncovered (silhouette), or when the depth or the normal bends there:
    /// the second difference `a + b - 2p` exceeds `depthEdge` x depth or `creaseBend`, which
    /// ignores smooth slopes and curvature and catches steps and creases. Depth steps are
    /// drawn on the nearer side, creases on the side of the larger change. Each neighbour
    /// across an edge votes with its offset (axis neighbours weigh 2, diagonals 1); the summed
    /// offset is the gradient direction and the edge runs across it: `|` for a horizontal
    /// gradient, `_` for a vertical one, `/` or `\` for the diagonals. Beyond the frame
    /// counts as unknown, not empty.
    @inline(__always)
    func edgeGlyph(
        x: Int, y: Int, width: Int, height: Int, cov: UnsafeBufferPointer<UInt8>,
        depth: UnsafeBufferPointer<Float>, normal: UnsafeBufferPointer<Vec3>
    ) -> Int? {
        let p = y * width + x
        let d = depth[p]
        let n = normal[p]
        var gx = 0
        var gy = 0
        var vx = 0
        var vy = 0
        // Directions (1,0), (0,1), (1,1), (1,-1); each looks at +o and -o.
        for dir in 0..<4 {
            let ox = dir == 1 ? 0 : 1
            let oy = dir == 0 ? 0 : (dir == 3 ? -1 : 1)
            let weight = dir < 2 ? 2 : 1
            let ax = x + ox
            let ay = y + oy
            let bx = x - ox
            let by = y - oy
            let aIn = ax >= 0 && ay >= 0 && ax < width && ay < height
            let bIn = bx >= 0 && by >= 0 && bx < width && by < height
            let a = ay * width + ax
            let b = by * width + bx
            let aCovered = aIn && cov[a] != 0
            let bCovered = bIn && cov[b] != 0
            // +1: the edge lies towards a, -1: towards b, 0: none, 2: both.
            var side = 0
            if aIn && !aCovered { side = 1 }
            if bIn && !bCovered { side = side == 1 ? 2 : -1 }
            if side == 0 && aCovered && bCovered {
                let da = depth[a] - d
                let db = depth[b] - d
                if abs(da + db) > CellEncoder.depthEdge * d {
                    // A step: it lies on the side that moved more; drawn only from the near side.
                    let towardsA = abs(da) > abs(db)
                    if (towardsA ? da : db) > 0 { side = towardsA ? 1 : -1 }
                } else {
                    let bend = normal[a] + normal[b] - 2 * n
                    if dot(bend, bend) > CellEncoder.creaseBend * CellEncoder.creaseBend {
                        let ta = normal[a] - n
                        let tb = normal[b] - n
                        let towardsA = dot(ta, ta) > dot(tb, tb)
                        // One side draws it: the pixel before the crease in scan order.
                        if towardsA && (oy > 0 || (oy == 0 && ox > 0)) { side = 1 }
                        if !towardsA && (oy < 0 || (oy == 0 && ox < 0)) { side = -1 }
                    }
                }
            }
            guard side != 0 else { continue }
            if side == 2 {
                vx += 2 * weight * ox * ox
                vy += 2 * weight * oy * oy
                continue
            }
            gx += side * weight * ox
            gy += side * weight * oy
            vx += weight * abs(ox)
            vy += weight * abs(oy)
        }
        if vx == 0 && vy == 0 { return nil }
        let absX = abs(gx)
        let absY = abs(gy)
        if absX == 0 && absY == 0 { return vx >= vy ? 0 : 1 }
        // tan(67.5°) ~ 2.414: within 22.5° of an axis counts as that axis.
        if absX * 1000 > absY * 2414 { return 0 }
        if absY * 1000 > absX * 2414 { return 1 }
        return (gx > 0) == (gy > 0) ? 2 : 3
    }
}
