/// What a terminal said about itself in answer to `TerminalQueries`: graphics protocols,
/// sixel limits, cell size in pixels and direct colour. Pure: `absorb(_:)` takes answers
/// one at a time, in any order, and late answers may still come in.
public struct TerminalCapabilities: Equatable, Sendable {
    /// The DA1 sentinel came back: every earlier question has been answered or ignored.
    public var answered = false
    /// The kitty graphics query was answered `OK`.
    public var kitty = false
    /// The temporary-file kitty query was answered `OK`: the terminal reads our files,
    /// so it is local and frames may go through files instead of the tty.
    public var kittyFiles = false
    /// DA1 parameters (after the class code).
    public var deviceAttributes: [Int] = []
    /// Colour registers a sixel image may use (XTSMGRAPHICS item 1), when reported.
    public var sixelRegisters: Int?
    /// Largest sixel image in pixels (XTSMGRAPHICS item 2), when reported.
    public var sixelMaxSize: PixelSize?
    /// One cell in pixels (`CSI 16 t`), when reported.
    public var cellPixels: CellSize?
    /// The text area in pixels (`CSI 14 t`), when reported.
    public var windowPixels: PixelSize?
    /// Which answer showed direct (24-bit) colour, e.g. `DECRQSS` or `XTGETTCAP RGB`; nil
    /// when none did.
    public var truecolor: String?

    /// The terminal's name and version (XTVERSION), e.g. `tmux 3.3a`, when it said.
    public var version: String?
    /// The control-string answers came through tmux's passthrough from the terminal
    /// outside it: graphics frames must be wrapped the same way.
    public var throughTmux = false
    /// The name and version of the terminal outside tmux (XTVERSION asked through tmux's
    /// passthrough), e.g. `kitty(0.31.0)`, when it said.
    public var outerVersion: String?

    /// Nothing known yet.
    public init() {}

    /// DA1 parameter 4: sixel graphics.
    public var sixel: Bool { deviceAttributes.dropFirst().contains(4) }

    /// Takes one answer into account.
    public mutating func absorb(_ reply: TerminalReply) {
        switch reply {
        case .kittyGraphics(let id, let message):
            let ok = message.hasPrefix("OK")
            if id == TerminalQueries.kittyDirectID { kitty = kitty || ok }
            if id == TerminalQueries.kittyFileID { kittyFiles = kittyFiles || ok }
        case .deviceAttributes(let params):
            answered = true
            deviceAttributes = params
        case .graphicsAttribute(let item, let status, let values):
            guard status == 0 else { return }
            if item == 1, let n = values.first, n > 0 { sixelRegisters = n }
            if item == 2, values.count >= 2, values[0] > 0, values[1] > 0 {
                sixelMaxSize = PixelSize(width: values[0], height: values[1])
            }
        case .cellPixels(let w, let h):
            if w > 0 && h > 0 { cellPixels = CellSize(width: w, height: h) }
        case .windowPixels(let w, let h):
            if w > 0 && h > 0 { windowPixels = PixelSize(width: w, height: h) }
        case .statusString(let valid, let text):
            if valid && Self.showsRGB(text) { truecolor = truecolor ?? "DECRQSS" }
        case .capability(let valid, let name):
            if valid && (name == "RGB" || name == "Tc") { truecolor = truecolor ?? "XTGETTCAP \(name)" }
        case .version(let text):
            // Inside the passthrough round the answer is the outer terminal's.
            if throughTmux && !text.hasPrefix("tmux ") {
                outerVersion = text
            } else {
                version = text
            }
        case .statusOK, .other:
            break
        }
    }

    /// Whether a DECRQSS SGR answer kept the colour 1, 2, 3 set by `TerminalQueries`
    /// (`38;2;1;2;3` or `38:2::1:2:3`), not a palette approximation of it.
    static func showsRGB(_ text: String) -> Bool {
        let n = ReplyParser.numbers(text.utf8.dropLast(text.hasSuffix("m") ? 1 : 0)[...])
        guard let i = n.firstIndex(of: 38), i + 1 < n.count, n[i + 1] == 2 else { return false }
        let rest = Array(n[(i + 2)...])
        return rest.starts(with: [1, 2, 3]) || rest.starts(with: [0, 1, 2, 3])
    }
}
