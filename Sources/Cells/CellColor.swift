/// The colour of a cell's foreground or background as the terminal is told it.
public enum CellColor: Hashable, Sendable {
    /// The terminal's own default colour (SGR 39 / 49).
    case `default`
    /// A palette index: 0-15 the ANSI colours, 16-231 the 6x6x6 cube, 232-255 the grey ramp.
    case indexed(UInt8)
    /// A 24-bit colour, sRGB-encoded 8-bit components.
    case rgb(UInt8, UInt8, UInt8)

    /// The sRGB colour this shows as, with `defaultColor` for `.default` and the xterm
    /// palette for indices.
    public func srgb(default defaultColor: SIMD3<UInt8>) -> SIMD3<UInt8> {
        switch self {
        case .default: defaultColor
        case .indexed(let i): Palette.srgb(of: i)
        case .rgb(let r, let g, let b): SIMD3(r, g, b)
        }
    }
}
