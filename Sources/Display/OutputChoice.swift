/// What `--format` asked for: detect the best output (`auto`), or a given kind.
public enum OutputChoice: Equatable, Sendable {
    /// Graphics where the terminal shows them (environment, then the terminal's answers),
    /// else cells.
    case auto
    /// Exactly this kind of output.
    case fixed(OutputKind)

    /// Parses an `--format` value: `auto`, `cells`, `kitty` or `sixel`; nil otherwise.
    public init?(_ text: String) {
        if text == "auto" {
            self = .auto
        } else if let k = OutputKind(rawValue: text) {
            self = .fixed(k)
        } else {
            return nil
        }
    }

    /// The `--format` spellings, in help order.
    public static let names = ["auto"] + OutputKind.allCases.map(\.rawValue)
}
