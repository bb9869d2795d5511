/// Why Orbit believes something about the terminal, for the status line and `ORBIT_STATS`.
public enum Evidence: Equatable, Sendable {
    /// Given on the command line.
    case option
    /// Read from an environment variable, e.g. `TERM=xterm-kitty`.
    case environment(String)
    /// The terminal answered a query, e.g. `kitty graphics query`.
    case probe(String)
    /// The terminfo entry said so.
    case terminfo
    /// Nothing better was known: the default.
    case fallback

    /// One word: `option`, `env`, `probe`, `terminfo` or `default`.
    public var word: String {
        switch self {
        case .option: "option"
        case .environment: "env"
        case .probe: "probe"
        case .terminfo: "terminfo"
        case .fallback: "default"
        }
    }

    /// The word and what exactly, e.g. `env TERM=xterm-kitty`.
    public var description: String {
        switch self {
        case .environment(let what), .probe(let what): "\(word) \(what)"
        default: word
        }
    }
}

/// A value found out about the terminal, with the reason it is believed.
public struct Detected<Value: Equatable & Sendable>: Equatable, Sendable {
    /// The value.
    public var value: Value
    /// Why.
    public var evidence: Evidence

    /// `value` believed because of `evidence`.
    public init(_ value: Value, _ evidence: Evidence) {
        self.value = value
        self.evidence = evidence
    }
}
