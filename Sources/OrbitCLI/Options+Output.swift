import Cells
import Display

extension Options {
    /// The output settings of the headless commands: `--dither`, `--transparent`, the cell
    /// size (`--cell-size`, default 8x16) and the cell aspect (`--cell-aspect`, else the
    /// cell size's).
    func headlessOutputSettings() -> OutputSettings {
        var settings = OutputSettings(dither: dither, transparent: transparent, cellAspect: headlessCellAspect)
        settings.cellSize = cellSize ?? .standard
        return settings
    }

    /// Width / height of a cell for the headless commands: `--cell-aspect`, else the cell
    /// size's (8x16 by default: 0.5).
    var headlessCellAspect: Double { cellAspect ?? (cellSize ?? .standard).aspect }

    /// The output of a headless command: the pixels of `--format` when it names a graphics
    /// output, else cells of `--glyphs` at `--colors` (`auto` has no terminal to ask, so it
    /// means cells; `toTerminal` false makes `--colors auto` none).
    func headlessMode(environment: [String: String], toTerminal: Bool = true) -> OutputMode {
        if case .fixed(let kind) = format, kind != .cells { return .pixels(kind) }
        return .cells(
            Look.glyphs(glyphs, environment: environment),
            Look.colors(colors, environment: environment, toTerminal: toTerminal))
    }
}
