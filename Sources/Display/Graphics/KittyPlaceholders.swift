import Escapes

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Unicode placeholders of the kitty graphics protocol: a picture placed as text, so a
/// multiplexer keeps it where its cells are.
///
/// The image is transmitted with a virtual placement (`U=1`, `c` x `r` cells), then every
/// cell of the area is written as the placeholder character U+10EEEE followed by two
/// combining diacritics, the cell's row and column within the picture (the n-th diacritic
/// of `diacritics` stands for n), in the foreground colour that names the image id
/// (`ESC[38;5;ID m`, so ids are 1...255). tmux keeps such cells in its grid like any
/// text: a pane split, a window switch or a redraw shows the picture where its cells are,
/// and a cell drawn over hides that part of it. kitty 0.28 and later draw them (Ghostty
/// too); kitty 0.26 shows nothing there.
public enum KittyPlaceholders {
    /// The placeholder character.
    public static let placeholder: Unicode.Scalar = "\u{10EEEE}"

    /// The row and column diacritics as ranges of code points: the combining marks of
    /// class 230 in Unicode 6.0 without decompositions, in the order the protocol numbers
    /// them (297 in all).
    static let ranges: [(UInt32, UInt32)] = [
        (0x305, 0x305), (0x30D, 0x30E), (0x310, 0x310), (0x312, 0x312), (0x33D, 0x33F), (0x346, 0x346),
        (0x34A, 0x34C), (0x350, 0x352), (0x357, 0x357), (0x35B, 0x35B), (0x363, 0x36F), (0x483, 0x487),
        (0x592, 0x595), (0x597, 0x599), (0x59C, 0x5A1), (0x5A8, 0x5A9), (0x5AB, 0x5AC), (0x5AF, 0x5AF),
        (0x5C4, 0x5C4), (0x610, 0x617), (0x657, 0x65B), (0x65D, 0x65E), (0x6D6, 0x6DC), (0x6DF, 0x6E2),
        (0x6E4, 0x6E4), (0x6E7, 0x6E8), (0x6EB, 0x6EC), (0x730, 0x730), (0x732, 0x733), (0x735, 0x736),
        (0x73A, 0x73A), (0x73D, 0x73D), (0x73F, 0x741), (0x743, 0x743), (0x745, 0x745), (0x747, 0x747),
        (0x749, 0x74A), (0x7EB, 0x7F1), (0x7F3, 0x7F3), (0x816, 0x819), (0x81B, 0x823), (0x825, 0x827),
        (0x829, 0x82D), (0x951, 0x951), (0x953, 0x954), (0xF82, 0xF83), (0xF86, 0xF87), (0x135D, 0x135F),
        (0x17DD, 0x17DD), (0x193A, 0x193A), (0x1A17, 0x1A17), (0x1A75, 0x1A7C), (0x1B6B, 0x1B6B),
        (0x1B6D, 0x1B73), (0x1CD0, 0x1CD2), (0x1CDA, 0x1CDB), (0x1CE0, 0x1CE0), (0x1DC0, 0x1DC1),
        (0x1DC3, 0x1DC9), (0x1DCB, 0x1DCC), (0x1DD1, 0x1DE6), (0x1DFE, 0x1DFE), (0x20D0, 0x20D1),
        (0x20D4, 0x20D7), (0x20DB, 0x20DC), (0x20E1, 0x20E1), (0x20E7, 0x20E7), (0x20E9, 0x20E9),
        (0x20F0, 0x20F0), (0x2CEF, 0x2CF1), (0x2DE0, 0x2DFF), (0xA66F, 0xA66F), (0xA67C, 0xA67D),
        (0xA6F0, 0xA6F1), (0xA8E0, 0xA8F1), (0xAAB0, 0xAAB0), (0xAAB2, 0xAAB3), (0xAAB7, 0xAAB8),
        (0xAABE, 0xAABF), (0xAAC1, 0xAAC1), (0xFE20, 0xFE26), (0x10A0F, 0x10A0F), (0x10A38, 0x10A38),
        (0x1D185, 0x1D189), (0x1D1AA, 0x1D1AD), (0x1D242, 0x1D244),
    ]

    /// The diacritics in order: `diacritics[n]` marks row or column n.
    public static let diacritics: [UInt32] = ranges.flatMap { Array($0.0...$0.1) }

    /// The most rows, and the most columns, a picture placed by placeholders can span (297).
    public static var maxCells: Int { diacritics.count }

    /// Whether a `columns` x `rows` area can be placed by placeholders.
    public static func fits(columns: Int, rows: Int) -> Bool {
        (1...maxCells).contains(columns) && (1...maxCells).contains(rows)
    }

    /// The number a diacritic stands for, or nil for any other code point.
    public static func number(of diacritic: UInt32) -> Int? {
        var lo = 0
        var hi = diacritics.count - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            if diacritics[mid] == diacritic { return mid }
            if diacritics[mid] < diacritic { lo = mid + 1 } else { hi = mid - 1 }
        }
        return nil
    }

    /// The image id of this process's placeholder picture: 1...255 (the 256-colour
    /// foreground names it), from the process id so two viewers in two panes of one
    /// terminal rarely share one.
    public static let imageID = 1 + Int(getpid() % 255)

    /// How many image ids the frames of one placeholder picture take in turn.
    public static let idsInTurn = 3

    /// This process's `idsInTurn` image ids: `imageID` and the ones after it (1...255,
    /// wrapping).
    public static let imageIDs = (0..<idsInTurn).map { (imageID - 1 + $0) % 255 + 1 }

    /// The id of `imageIDs` after `id` (the first after the last, or after any other id):
    /// each frame is a new image under the next id and the cells are written again naming
    /// it, so the id a frame replaces was last shown two frames before (a redraw of tmux's
    /// that lags a frame still shows a whole picture).
    public static func imageID(after id: Int) -> Int {
        let index = imageIDs.firstIndex(of: id) ?? idsInTurn - 1
        return imageIDs[(index + 1) % idsInTurn]
    }

    /// Appends the cells of a `columns` x `rows` picture of image `id` with its top-left
    /// cell at `row`, `column` (0-based, the program's own screen): per row a cursor move,
    /// the colour, and a placeholder with its row and column diacritics per cell; the
    /// colour is reset after. Does nothing when the area does not `fit`.
    public static func appendCells(
        imageID id: Int, columns: Int, rows: Int, row: Int, column: Int, to bytes: inout [UInt8]
    ) {
        guard fits(columns: columns, rows: rows) else { return }
        let colour = Array("\u{1B}[38;5;\(id)m".utf8)
        for r in 0..<rows {
            ANSI.appendMove(row: row + r, column: column, to: &bytes)
            bytes += colour
            for c in 0..<columns {
                appendUTF8(placeholder.value, to: &bytes)
                appendUTF8(diacritics[r], to: &bytes)
                appendUTF8(diacritics[c], to: &bytes)
            }
        }
        bytes += Array("\u{1B}[39m".utf8)
    }

    /// Whether the terminal named by an XTVERSION-style type (tmux's `client_termtype`,
    /// such as `kitty(0.35.2)` or `ghostty 1.1.0`) draws placeholders: kitty 0.28 or later,
    /// Ghostty.
    public static func drawn(byTerminalType type: String) -> Bool {
        let lower = type.lowercased()
        if lower.hasPrefix("ghostty") { return true }
        guard lower.hasPrefix("kitty(") else { return false }
        let version = lower.dropFirst("kitty(".count).prefix { $0 != ")" }.split(separator: ".").map { Int($0) }
        guard version.count >= 2, let major = version[0], let minor = version[1] else { return false }
        return major > 0 || minor >= 28
    }

    /// Whether the viewer places kitty pictures inside tmux by placeholders:
    /// `ORBIT_KITTY_PLACEHOLDERS` `1` or `0` decides; otherwise yes when tmux names its
    /// client's terminal as one that draws them (`drawn(byTerminalType:)`), or, where tmux
    /// cannot be asked (over SSH from a tmux pane), when the terminal outside tmux named
    /// itself so through the passthrough (`outerTerminal`, its XTVERSION answer).
    public static func wanted(environment: [String: String], tmux: TmuxInfo?, outerTerminal: String? = nil) -> Bool {
        switch environment["ORBIT_KITTY_PLACEHOLDERS"] {
        case "1": return true
        case "0": return false
        default:
            if let tmux { return drawn(byTerminalType: tmux.clientType) }
            return outerTerminal.map(drawn(byTerminalType:)) ?? false
        }
    }

    private static func appendUTF8(_ value: UInt32, to bytes: inout [UInt8]) {
        guard let scalar = Unicode.Scalar(value) else { return }
        UTF8.encode(scalar) { bytes.append($0) }
    }
}
