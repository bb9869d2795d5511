import Math3D
import Raster

@testable import Cells

/// Synthetic framebuffers for the encoder tests.
enum Synthetic {
    /// A framebuffer whose pixel (x, y) is `paint(x, y)`: a linear colour where covered, nil
    /// where not. Depth 1 and normal +Z where covered.
    static func framebuffer(
        width: Int, height: Int, background: Vec3 = .zero, _ paint: (Int, Int) -> Vec3?
    )
        -> Framebuffer
    {
        var fb = Framebuffer(width: width, height: height, background: background)
        for y in 0..<height {
            for x in 0..<width {
                guard let c = paint(x, y) else { continue }
                let i = fb.index(x: x, y: y)
                fb.color[i] = c
                fb.coverage[i] = 255
                fb.depth[i] = 1
                fb.normal[i] = Vec3(0, 0, 1)
            }
        }
        return fb
    }

    /// A lit sphere: a disc of `radius` pixels (in sub-pixel units scaled by `aspect`) shaded
    /// Lambert-style by a light from the upper left, in `tint`.
    static func sphere(
        width: Int, height: Int, aspect: Float = 1, tint: Vec3 = Vec3(0.2, 0.5, 0.9), shift: Float = 0
    )
        -> Framebuffer
    {
        let cx = Float(width) / 2 + shift
        let cy = Float(height) / 2
        let r = Float(min(width, height)) * 0.45
        let light = normalize(Vec3(-0.5, 0.6, 0.6))
        var fb = Framebuffer(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let dx = (Float(x) + 0.5 - cx) * aspect / r
                let dy = (cy - Float(y) - 0.5) / r
                let d2 = dx * dx + dy * dy
                guard d2 <= 1 else { continue }
                let n = Vec3(dx, dy, (1 - d2).squareRoot())
                let lambert = max(0, dot(n, light))
                let i = fb.index(x: x, y: y)
                fb.color[i] = tint * (0.05 + 0.95 * lambert)
                fb.coverage[i] = 255
                fb.depth[i] = 5 - n.z
                fb.normal[i] = n
            }
        }
        return fb
    }

    /// The lit `sphere` on 40 x 12 cells of `glyphs` (their sub-pixels and pixel aspect).
    static func sphere(cellsOf glyphs: GlyphSet, tint: Vec3 = Vec3(0.2, 0.5, 0.9)) -> Framebuffer {
        let s = glyphs.subpixels
        return sphere(width: 40 * s.x, height: 12 * s.y, aspect: glyphs.pixelAspect(), tint: tint)
    }

    /// `fb` with each pixel's colour `c` replaced by `move(c, n)`, `n` a deterministic
    /// pseudo-random vector in -1...1 per channel (three `Random.unit()` draws per pixel
    /// moved). `coveredOnly` leaves uncovered pixels as they are and draws nothing for them.
    static func jittered(
        _ fb: Framebuffer, seed: UInt64, coveredOnly: Bool = true,
        _ move: (_ c: Vec3, _ n: Vec3) -> Vec3
    ) -> Framebuffer {
        var out = fb
        var random = Random(seed: seed)
        for i in out.color.indices where !coveredOnly || out.coverage[i] != 0 {
            let n = Vec3(random.unit(), random.unit(), random.unit()) * 2 - 1
            out.color[i] = move(out.color[i], n)
        }
        return out
    }

    /// Cells that differ between two grids of the same size.
    static func changedCells(_ a: CellGrid, _ b: CellGrid) -> Int {
        zip(a.cells, b.cells).filter { $0 != $1 }.count
    }

    /// Deterministic pseudo-random numbers (xorshift), so tests are reproducible.
    struct Random {
        var state: UInt64
        init(seed: UInt64) { state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed }
        mutating func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next() >> 24) }
        mutating func unit() -> Float { Float(next() >> 40) / Float(1 << 24) }
    }

    /// Encodes `fb` once with a fresh encoder.
    static func encode(
        _ fb: Framebuffer, glyphs: GlyphSet, colors: ColorDepth, transparent: Bool = false
    ) -> CellGrid {
        var encoder = CellEncoder(glyphs: glyphs, colors: colors, transparent: transparent)
        var grid = CellGrid(columns: 1, rows: 1)
        encoder.encode(fb, into: &grid)
        return grid
    }
}
