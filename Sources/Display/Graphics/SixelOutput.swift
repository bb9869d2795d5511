import Dispatch
import Escapes
import Raster

/// DEC sixel graphics: each frame's pixels quantized to a palette of `colors` colours, never
/// more than the terminal's colour registers (median cut and k-means, `MedianCut`), and drawn as one sixel image at
/// the area's top-left cell, with sixel scrolling off (DECSDM, `ESC [ ? 80 h`). Sixel
/// pixels live in the cells, so every frame sends the whole image and text drawn after it
/// (status line, boxes) stays on top. Frames rendered below full size (`scale` < 1) are
/// enlarged by whole pixels before encoding, so the image always fills the area.
public final class SixelOutput: FrameOutput {
    public let mode = OutputMode.sixel
    /// Where the picture goes and at what resolution.
    public let placement: GraphicsPlacement
    public let grid: PixelGrid
    /// Threads that choose the palette, map pixels to it and encode bands (1...64).
    public var threads: Int {
        get { encoder.threads }
        set {
            encoder.threads = min(max(newValue, 1), 64)
            palette.threads = encoder.threads
        }
    }
    /// Colour registers the terminal has (2...256, as it reported).
    public let registers: Int
    /// Colours of each frame's palette (2...`registers`).
    public let colors: Int
    /// The palette size when none is asked for: on the spinning Earth at 800x480, 96 colours
    /// chosen per frame are within 0.8 sRGB levels of the pixels on average (256: 0.64) and
    /// take 102 KB per frame (256: 177 KB), under the 120 KB budget.
    public static let defaultColors = 96
    /// Uncovered pixels are not drawn (`--transparent`).
    public let transparent: Bool
    /// The image size on screen: the area in pixels, its height a multiple of 6 so the
    /// last band does not spill into the row below.
    public let screenWidth: Int
    public let screenHeight: Int

    private var palette = MedianCut()
    private var encoder = SixelEncoder()
    private var rgb: [UInt8] = []
    private var indices: [UInt8] = []
    /// Framebuffer column of each screen column.
    private var columnSource: [Int] = []
    private var started = false

    /// A sixel output for `placement`: a terminal with `registers` colour registers, frames
    /// of `colors` colours (at most `registers`).
    public init(
        placement: GraphicsPlacement, registers: Int = 256, colors: Int = SixelOutput.defaultColors,
        transparent: Bool = false
    ) {
        self.placement = placement
        self.registers = min(max(registers, 2), 256)
        self.colors = min(max(colors, 2), self.registers)
        self.transparent = transparent
        // Sixel pixels are screen pixels: the cell area, within the one graphics cap
        // (`SizeCap.graphicsPixels`; a larger area, such as `--cell-size 1000x1000`,
        // aborted allocating its indices).
        let screen = SizeCap.graphics(
            width: placement.columns * placement.cellSize.width, height: placement.rows * placement.cellSize.height)
        screenWidth = screen.width
        screenHeight = max(6, screen.height / 6 * 6)
        var g = placement.grid
        g.height = max(1, Int((Double(screenHeight) * placement.scale).rounded()))
        g.width = max(1, Int((Double(screenWidth) * placement.scale).rounded()))
        g.pixelAspect = Float((Double(screenWidth) / Double(g.width)) / (Double(screenHeight) / Double(g.height)))
        grid = g
    }

    public var columns: Int { placement.columns }
    public var rows: Int { placement.rows }

    public func write(_ framebuffer: Framebuffer, into bytes: inout [UInt8]) {
        bytes.removeAll(keepingCapacity: true)
        framebuffer.writeSRGB8(into: &rgb, threads: threads)
        // One register is kept back for "not drawn" when transparent.
        palette.build(rgb: rgb, registers: transparent ? colors - 1 : colors)
        let transparentIndex = transparent ? palette.colors.count : nil
        let w = screenWidth
        let h = screenHeight
        if indices.count != w * h { indices = [UInt8](repeating: 0, count: w * h) }
        let fw = framebuffer.width
        let fh = framebuffer.height
        if columnSource.count != w { columnSource = (0..<w).map { min($0 * fw / w, fw - 1) } }
        let strips = max(1, min(threads, 64, h / 48))
        rgb.withUnsafeBufferPointer { src in
            framebuffer.coverage.withUnsafeBufferPointer { cov in
                palette.lookup.withUnsafeBufferPointer { lookup in
                    columnSource.withUnsafeBufferPointer { sxs in
                        indices.withUnsafeMutableBufferPointer { out in
                            // Each strip writes its own rows only.
                            nonisolated(unsafe) let (src, cov, lookup, sxs, out) = (src, cov, lookup, sxs, out)
                            let strip: @Sendable (Int) -> Void = { s in
                                for y in (s * h / strips)..<((s + 1) * h / strips) {
                                    let row = min(y * fh / h, fh - 1) * fw
                                    for x in 0..<w {
                                        let i = row + sxs[x]
                                        if let t = transparentIndex, cov[i] == 0 {
                                            out[y * w + x] = UInt8(t)
                                        } else {
                                            out[y * w + x] =
                                                lookup[MedianCut.key(src[3 * i], src[3 * i + 1], src[3 * i + 2])]
                                        }
                                    }
                                }
                            }
                            if strips == 1 {
                                strip(0)
                            } else {
                                DispatchQueue.concurrentPerform(iterations: strips, execute: strip)
                            }
                        }
                    }
                }
            }
        }
        if !started { bytes += Array("\u{1B}[?80h".utf8) }
        started = true
        if transparent {
            // Undrawn pixels keep what was there: the last frame. Blank the area first.
            for r in 0..<placement.rows {
                ANSI.appendMove(row: placement.originRow + r, column: placement.originColumn, to: &bytes)
                bytes += Array("\u{1B}[\(placement.columns)X".utf8)
            }
        }
        ANSI.appendMove(row: placement.originRow, column: placement.originColumn, to: &bytes)
        encoder.encode(
            indices: indices, width: w, height: h, palette: palette.colors,
            transparentIndex: transparentIndex, into: &bytes)
    }

    /// Sixel images are redrawn whole every frame; nothing to forget.
    public func invalidate() {}

    public var readsNormals: Bool { false }

    public func removal() -> [UInt8] {
        guard started else { return [] }
        started = false
        return Array("\u{1B}[?80l".utf8)
    }

    /// The mean difference per channel (sRGB levels, 0...255) between the last frame's
    /// pixels and the palette colours the terminal shows for them (palette in percent).
    public func meanPaletteError() -> Double {
        let shown = palette.colors.map { c in
            SIMD3(SixelEncoder.percent(c.x), SixelEncoder.percent(c.y), SixelEncoder.percent(c.z)) &* 255 / 100
        }
        var total = 0
        let n = rgb.count / 3
        for i in 0..<n {
            let p = SIMD3(Int(rgb[3 * i]), Int(rgb[3 * i + 1]), Int(rgb[3 * i + 2]))
            let d = shown[Int(palette.lookup[MedianCut.key(rgb[3 * i], rgb[3 * i + 1], rgb[3 * i + 2])])] &- p
            total += abs(d.x) + abs(d.y) + abs(d.z)
        }
        return n > 0 ? Double(total) / Double(3 * n) : 0
    }
}
