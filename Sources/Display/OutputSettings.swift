/// How any output draws, apart from its mode: the options `--dither`, `--transparent`
/// and the shape of the terminal's cells.
public struct OutputSettings: Equatable, Sendable {
    /// Ordered dithering for palette colours (`--dither`). Default off.
    public var dither: Bool
    /// Uncovered pixels keep the terminal's background (`--transparent`). Default off.
    public var transparent: Bool
    /// Width / height of one terminal cell (`--cell-aspect`). Default 0.5.
    public var cellAspect: Double

    /// Settings with the defaults of docs/CLI.md.
    public init(dither: Bool = false, transparent: Bool = false, cellAspect: Double = 0.5) {
        self.dither = dither
        self.transparent = transparent
        self.cellAspect = cellAspect.isFinite && cellAspect > 0 ? cellAspect : 0.5
    }
}
