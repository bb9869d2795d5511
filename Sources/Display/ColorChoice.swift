import Cells

/// What `--colors` asked for: a fixed depth, or `auto` (detected from the environment,
/// terminfo and, in the viewer, the terminal's answers).
public enum ColorChoice: Equatable, Sendable {
    /// Detect the deepest depth the terminal shows.
    case auto
    /// Exactly this depth.
    case fixed(ColorDepth)

    /// Parses a `--colors` value: `auto`, `none`, `16`, `256` or `truecolor`; nil otherwise.
    public init?(_ text: String) {
        if text == "auto" {
            self = .auto
        } else if let d = ColorDepth(rawValue: text) {
            self = .fixed(d)
        } else {
            return nil
        }
    }

    /// The `--colors` spellings, in help order.
    public static let names = ["auto"] + ColorDepth.allCases.map(\.rawValue)
}
