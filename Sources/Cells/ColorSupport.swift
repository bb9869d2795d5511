/// Detection of the colour depth a terminal supports (`--colors auto`).
///
/// Pure: everything it looks at comes in as arguments, so it is tested over a table of
/// environments and the viewer passes in what ncurses' terminfo reports.
public enum ColorSupport {
    /// The best colour depth the terminal described by `environment` can show.
    ///
    /// Order of evidence, first match wins:
    /// 1. `NO_COLOR` set to anything non-empty -> `.none` (no-color.org).
    /// 2. `TERM` missing, empty or `dumb` -> `.none` (escape sequences would print as text).
    /// 3. `COLORTERM` `truecolor` or `24bit` -> `.truecolor`.
    /// 4. terminfo: the `RGB` flag -> `.truecolor`; `colors` >= 256 -> `.ansi256`;
    ///    >= 8 -> `.ansi16`; a known entry with fewer colours -> `.none`.
    /// 5. `TERM` patterns when terminfo had nothing: `*-direct`/`*truecolor*` -> truecolor,
    ///    `*256col*` -> 256, common colour terminals (xterm, screen, tmux, rxvt, linux,
    ///    `*-color`, ...) -> 16; anything else -> `.none`, the safe end of the fallback chain.
    ///
    /// - Parameters:
    ///   - environment: the process environment (`ProcessInfo.processInfo.environment`).
    ///   - terminfoColors: terminfo's `colors` capability, `nil` when there is no entry.
    ///   - terminfoHasRGB: terminfo's `RGB` boolean capability (direct-colour entries).
    public static func detect(environment: [String: String], terminfoColors: Int?, terminfoHasRGB: Bool) -> ColorDepth {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        let term = (environment["TERM"] ?? "").lowercased()
        if term.isEmpty || term == "dumb" { return .none }
        let colorterm = (environment["COLORTERM"] ?? "").lowercased()
        if colorterm == "truecolor" || colorterm == "24bit" { return .truecolor }
        if terminfoHasRGB { return .truecolor }
        if let n = terminfoColors {
            if n >= 256 { return .ansi256 }
            if n >= 8 { return .ansi16 }
            return .none
        }
        return depth(forTerm: term)
    }

    /// The depth implied by a `TERM` name alone (lower-cased), used when terminfo is silent.
    static func depth(forTerm term: String) -> ColorDepth {
        if term.hasSuffix("-direct") || term.contains("truecolor") || term.contains("24bit") { return .truecolor }
        if term.contains("256col") { return .ansi256 }
        if term.hasSuffix("-color") || term.hasSuffix("-16color") || term.hasSuffix("-88color") { return .ansi16 }
        let colourFamilies = [
            "xterm", "screen", "tmux", "rxvt", "linux", "ansi", "cygwin", "konsole", "vt220-color", "putty",
            "alacritty", "kitty", "foot", "wezterm", "st",
        ]
        for family in colourFamilies where term == family || term.hasPrefix(family + "-") { return .ansi16 }
        return .none
    }

    /// Which evidence `detect` used, for the viewer's HUD: `NO_COLOR`, `env` (`COLORTERM`),
    /// `terminfo`, or `TERM` (the name alone, or missing).
    ///
    /// - Parameters: the same as `detect`'s.
    public static func reason(environment: [String: String], terminfoColors: Int?, terminfoHasRGB: Bool) -> String {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return "NO_COLOR" }
        let term = (environment["TERM"] ?? "").lowercased()
        if term.isEmpty || term == "dumb" { return "TERM" }
        let colorterm = (environment["COLORTERM"] ?? "").lowercased()
        if colorterm == "truecolor" || colorterm == "24bit" { return "env" }
        if terminfoHasRGB || terminfoColors != nil { return "terminfo" }
        return "TERM"
    }
}
