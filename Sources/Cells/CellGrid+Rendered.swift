import SceneGraph

extension CellGrid {
    /// The colour pictures assume for `.default` ink: xterm's light grey (sRGB 229, 229, 229).
    public static let pictureForeground = SIMD3<UInt8>(229, 229, 229)
    /// The colour pictures assume for a `.default` background: black (a dark terminal theme).
    public static let pictureBackground = SIMD3<UInt8>(0, 0, 0)

    /// A picture of the grid as a terminal draws it: each cell `cellWidth` x `cellHeight`
    /// pixels, background filled, block, quadrant and sextant glyphs as exact rectangles,
    /// braille dots as squares, shades `░▒▓` as ordered patterns, ASCII from a built-in 8x16
    /// bitmap font (scaled to the cell), anything else as a small box.
    ///
    /// - Parameters:
    ///   - cellWidth: pixels per cell across (default 8, at least 1).
    ///   - cellHeight: pixels per cell down (default 16, at least 1).
    ///   - defaultForeground: the colour of `.default` ink (sRGB; default light grey).
    ///   - defaultBackground: the colour of `.default` background (sRGB; default black).
    /// - Returns: the picture, or `nil` when it would be too large to address.
    public func rendered(
        cellWidth: Int = 8, cellHeight: Int = 16,
        defaultForeground: SIMD3<UInt8> = CellGrid.pictureForeground,
        defaultBackground: SIMD3<UInt8> = CellGrid.pictureBackground
    ) -> Image? {
        let cw = max(1, cellWidth)
        let ch = max(1, cellHeight)
        let (w, o1) = columns.multipliedReportingOverflow(by: cw)
        let (h, o2) = rows.multipliedReportingOverflow(by: ch)
        guard !o1, !o2, w.multipliedReportingOverflow(by: h * 3).overflow == false else { return nil }
        var pixels = [UInt8](repeating: 0, count: w * h * 3)
        for row in 0..<rows {
            for col in 0..<columns {
                let cell = cell(at: row * columns + col)
                let fg = cell.fg.srgb(default: defaultForeground)
                let bg = cell.bg.srgb(default: defaultBackground)
                let shape = GlyphShape(cell.glyph)
                for y in 0..<ch {
                    var i = ((row * ch + y) * w + col * cw) * 3
                    for x in 0..<cw {
                        let c = shape.inks(x: x, y: y, width: cw, height: ch) ? fg : bg
                        pixels[i] = c.x
                        pixels[i + 1] = c.y
                        pixels[i + 2] = c.z
                        i += 3
                    }
                }
            }
        }
        return Image(width: w, height: h, pixels: pixels)
    }
}

/// How a glyph inks its cell, for pictures.
enum GlyphShape {
    case empty
    /// Sub-cell rectangles: a grid of `columns` x `rows`, ink where `mask` has the bit.
    case blocks(columns: Int, rows: Int, mask: Int)
    /// Dots in a grid of `columns` x `rows` (braille: 2x4), where `mask` has the bit.
    case dots(columns: Int, rows: Int, mask: Int)
    /// A shade: ink on `level` of 4 ordered positions in each 2x2 pixel block.
    case shade(level: Int)
    case bitmap([UInt8])
    /// A light box-drawing line: arms from the centre, bit 0 up, 1 down, 2 left, 3 right.
    case lines(arms: Int)
    case unknown

    /// The light box-drawing characters (and the rounded corners) by their arms.
    static let boxArms: [Unicode.Scalar: Int] = [
        "─": 12, "│": 3, "┌": 10, "┐": 6, "└": 9, "┘": 5, "├": 11, "┤": 7, "┬": 14, "┴": 13, "┼": 15,
        "╭": 10, "╮": 6, "╰": 9, "╯": 5,
    ]

    init(_ glyph: Unicode.Scalar) {
        let v = glyph.value
        if glyph == " " || v == 0x2800 {
            self = .empty
        } else if let shape = Self.masked(glyph) {
            self = shape
        } else if (0x2591...0x2593).contains(v) {
            self = .shade(level: Int(v - 0x2590))
        } else if let rows = BitmapFont.rows(of: glyph) {
            self = .bitmap(rows)
        } else if let arms = GlyphShape.boxArms[glyph] {
            self = .lines(arms: arms)
        } else {
            self = .unknown
        }
    }

    /// The shape of a glyph of a set drawn by sub-pixel masks, from the set's row of the
    /// glyph-set table (`GlyphSetSpec`): its sub-pixel grid, and dots where its ink covers
    /// less than its sub-cell (braille).
    private static func masked(_ glyph: Unicode.Scalar) -> GlyphShape? {
        for set in GlyphSet.allCases {
            let spec = set.spec
            guard let m = spec.masks.firstIndex(of: glyph) else { continue }
            if spec.inkCoverage < 1 { return .dots(columns: spec.subpixels.x, rows: spec.subpixels.y, mask: m) }
            return .blocks(columns: spec.subpixels.x, rows: spec.subpixels.y, mask: m)
        }
        return nil
    }

    /// Whether pixel (`x`, `y`) of a `width` x `height` cell shows the foreground.
    func inks(x: Int, y: Int, width: Int, height: Int) -> Bool {
        switch self {
        case .empty:
            return false
        case .blocks(let columns, let rows, let mask):
            let bit = (y * rows / height) * columns + x * columns / width
            return mask & (1 << bit) != 0
        case .dots(let columns, let rows, let mask):
            // Each dot: the middle half of its sub-cell, across and down.
            let sx = x * columns / width
            let sy = y * rows / height
            guard mask & (1 << (sy * columns + sx)) != 0 else { return false }
            let fx = (x * columns) % width * 4 / width
            let fy = (y * rows) % height * 4 / height
            return (1...2).contains(fx) && (1...2).contains(fy)
        case .shade(let level):
            let order = [0, 2, 3, 1][(y & 1) * 2 + (x & 1)]
            return order < level
        case .bitmap(let rows):
            let r = rows[min(BitmapFont.height - 1, y * BitmapFont.height / height)]
            return r & (0x80 >> min(BitmapFont.width - 1, x * BitmapFont.width / width)) != 0
        case .lines(let arms):
            // One pixel wide (an eighth of the cell at larger sizes), through the centre.
            let (cx, cy) = (width / 2, height / 2)
            let (tx, ty) = (max(1, width / 8), max(1, width / 8))
            let onColumn = x >= cx - tx / 2 && x < cx - tx / 2 + tx
            let onRow = y >= cy - ty / 2 && y < cy - ty / 2 + ty
            if onColumn && (arms & 1 != 0 && y <= cy || arms & 2 != 0 && y >= cy) { return true }
            if onRow && (arms & 4 != 0 && x <= cx || arms & 8 != 0 && x >= cx) { return true }
            return onColumn && onRow && arms != 0
        case .unknown:
            return x > width / 4 && x < width - width / 4 && y > height / 3 && y < height - height / 4
        }
    }
}
