/// One character cell: a glyph drawn in `fg` over `bg`.
public struct Cell: Hashable, Sendable {
    /// The character; always one column wide.
    public var glyph: Unicode.Scalar
    /// Foreground (ink) colour.
    public var fg: CellColor
    /// Background colour.
    public var bg: CellColor

    /// A cell from its glyph and colours (both `.default` unless given).
    public init(glyph: Unicode.Scalar, fg: CellColor = .default, bg: CellColor = .default) {
        self.glyph = glyph
        self.fg = fg
        self.bg = bg
    }

    /// A space in the terminal's default colours.
    public static let blank = Cell(glyph: " ")
}
