/// One answer a terminal sent to a query, as the input layer recognises it. Answers never
/// reach the key handling or the shell.
public enum TerminalReply: Equatable, Sendable {
    /// Kitty graphics: `ESC _ G i=ID ; MESSAGE ESC \` (`OK` or an error such as `ENOENT:...`).
    case kittyGraphics(id: Int, message: String)
    /// Primary device attributes (DA1): `ESC [ ? P1 ; P2 ... c`. Parameter 4 means sixel.
    case deviceAttributes([Int])
    /// XTSMGRAPHICS: `ESC [ ? ITEM ; STATUS ; VALUES S` (item 1 colour registers, 2 sixel
    /// geometry; status 0 is success).
    case graphicsAttribute(item: Int, status: Int, values: [Int])
    /// Window text area in pixels (`CSI 14 t`): `ESC [ 4 ; HEIGHT ; WIDTH t`.
    case windowPixels(width: Int, height: Int)
    /// One cell in pixels (`CSI 16 t`): `ESC [ 6 ; HEIGHT ; WIDTH t`.
    case cellPixels(width: Int, height: Int)
    /// DECRQSS: `ESC P 1 $ r TEXT ESC \` (valid: true) or `ESC P 0 $ r ESC \`.
    case statusString(valid: Bool, text: String)
    /// XTGETTCAP: `ESC P 1 + r NAME=VALUE ESC \` (hex-encoded; valid) or `ESC P 0 + r NAME ESC \`.
    case capability(valid: Bool, name: String)
    /// XTVERSION: `ESC P > | NAME VERSION ESC \`, e.g. `tmux 3.3a` or `XTerm(379)`.
    case version(String)
    /// Device status: `ESC [ 0 n` (terminal OK), the answer to `ESC [ 5 n`.
    case statusOK
    /// Any other control string (DCS, APC, OSC) or private-mode report: read and dropped.
    case other
}
