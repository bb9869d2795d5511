import Cells
import Display

extension Options {
    /// The output settings of the headless commands: `--dither`, `--transparent`, the cell
    /// size (`--cell-size`, default 8x16) and the cell aspect (`--cell-aspect`, else the
    /// cell size's).
    func headlessOutputSettings() -> OutputSettings {
        let size = cellSize ?? .standard
        var settings = OutputSettings(dither: dither, transparent: transparent, cellAspect: cellAspect ?? size.aspect)
        settings.cellSize = size
        return settings
    }

    /// The output of a headless command: `--output kitty|sixel`, else cells of `--glyphs`
    /// at `--colors` (`auto` has no terminal to ask, so it means cells).
    func headlessMode(environment: [String: String]) -> OutputMode {
        switch output {
        case .fixed(.kitty): .kitty
        case .fixed(.sixel): .sixel
        case .auto, .fixed(.cells):
            .cells(Look.glyphs(glyphs, environment: environment), Look.colors(colors, environment: environment))
        }
    }
}
