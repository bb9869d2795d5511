import Display

/// One row of the viewer's keys: what the user presses, what it does, and (for character
/// keys) the command it dispatches. The dispatch (`ViewerCommand.from`), the `h` overlay,
/// `orbit --help` and the key tables of README and docs/CLI.md all come from `KeyTable.rows`.
public struct KeyRow: Sendable {
    /// The keys as shown, e.g. `r / R`.
    public let keys: String
    /// What they do, one line.
    public let help: String
    /// The characters that dispatch through this row (empty for arrows, the mouse and
    /// control keys, which ncurses reports as codes).
    let characters: [Character]
    /// The keys reported as codes (arrows, Esc, control characters) that dispatch through
    /// this row, each with its command.
    let controls: [ControlKey: ViewerCommand]
    /// The command of one of `characters`.
    let command: @Sendable (Character) -> ViewerCommand

    init(
        keys: String, help: String, characters: [Character], controls: [ControlKey: ViewerCommand] = [:],
        command: @escaping @Sendable (Character) -> ViewerCommand
    ) {
        self.keys = keys
        self.help = help
        self.characters = characters
        self.controls = controls
        self.command = command
    }
}

/// A key the terminal reports as a code rather than a printable character.
enum ControlKey: CaseIterable, Sendable {
    case left, right, up, down, escape, ctrlC, ctrlL

    /// The key's code: the terminal's code for an arrow, else the control character.
    func code(arrows: (left: Int32, right: Int32, up: Int32, down: Int32)) -> Int32 {
        switch self {
        case .left: arrows.left
        case .right: arrows.right
        case .up: arrows.up
        case .down: arrows.down
        case .escape: 27
        case .ctrlC: 3
        case .ctrlL: 12
        }
    }
}

/// The viewer's keys, in help order.
public enum KeyTable {
    public static let rows: [KeyRow] = [
        KeyRow(
            keys: "Left / Right", help: "swipe: spin about Y (2, 4, 8 deg/tick)", characters: [],
            controls: [.left: .gesture(.left), .right: .gesture(.right)]
        ) { _ in .none },
        KeyRow(
            keys: "Up / Down", help: "swipe: spin about X (front moves that way)", characters: [],
            controls: [.up: .gesture(.up), .down: .gesture(.down)]
        ) { _ in .none },
        KeyRow(keys: "Space", help: "tap: pause / resume", characters: [" "]) { .gesture(.character($0)) },
        KeyRow(
            keys: "+ = / -  wheel", help: "closer / farther (browsing: zoom to pointer)",
            characters: ["+", "=", "-"]
        ) { .gesture(.character($0)) },
        KeyRow(keys: "r / R", help: "roll +5 / -5 deg (paused or still)", characters: ["r", "R"]) {
            .gesture(.character($0))
        },
        KeyRow(keys: "v", help: "reset the view", characters: ["v"]) { .gesture(.character($0)) },
        KeyRow(keys: "s", help: "save a screenshot (its name in the status line)", characters: ["s"]) { _ in
            .screenshot
        },
        KeyRow(keys: "p / n", help: "model animation: pause / resume, next", characters: ["p", "P", "n", "N"]) { c in
            c.lowercased() == "p" ? .toggleAnimation : .nextAnimation
        },
        KeyRow(keys: "< / >", help: "model animation: half / double speed", characters: ["<", ">"]) { c in
            .animationSpeed(c == "<" ? 0.5 : 2)
        },
        KeyRow(keys: "mouse drag", help: "turn freely; let go moving to fling", characters: []) { _ in .none },
        KeyRow(keys: "click", help: "stop the fling", characters: []) { _ in .none },
        KeyRow(
            keys: "0-9  [ ]", help: "Apollonian level (0 is 10), fewer / more",
            characters: Array("0123456789[]")
        ) { c in
            switch c {
            case "[": .levelStep(-1)
            case "]": .levelStep(1)
            case "0": .level(10)
            default: .level(Int(String(c)) ?? 1)
            }
        },
        KeyRow(
            keys: "W A S D  w a d", help: "Apollonian browsing: move up/left/down/right",
            characters: Array("WASDwad")
        ) { c in
            switch c.uppercased() {
            case "W": .move(dx: 0, dy: 1)
            case "A": .move(dx: -1, dy: 0)
            case "S": .move(dx: 0, dy: -1)
            default: .move(dx: 1, dy: 0)
            }
        },
        KeyRow(keys: "l", help: "Apollonian colour legend (L = generation + 1)", characters: ["l", "L"]) { _ in
            .toggleLegend
        },
        KeyRow(keys: "m / c", help: "next glyph set / colour depth", characters: ["m", "M", "c", "C"]) { c in
            c.lowercased() == "m" ? .nextGlyphs : .nextColors
        },
        KeyRow(
            keys: "o", help: "next output: " + OutputKind.allCases.map(\.rawValue).joined(separator: ", "),
            characters: ["o", "O"]
        ) { _ in .nextOutput },
        KeyRow(keys: "f", help: "big models: full detail while turning too", characters: ["f", "F"]) { _ in
            .toggleFullDetail
        },
        KeyRow(keys: "Ctrl-L", help: "redraw", characters: [], controls: [.ctrlL: .redraw]) { _ in .none },
        KeyRow(keys: "h / ?", help: "show / hide this help", characters: ["h", "H", "?"]) { _ in .toggleHelp },
        KeyRow(
            keys: "q  Esc  Ctrl-C", help: "quit (Esc first closes a box)", characters: ["q", "Q"],
            controls: [.escape: .quit, .ctrlC: .quit]
        ) { _ in .quit },
    ]

    /// The command of character `c`, or nil when no row has it.
    static func command(for c: Character) -> ViewerCommand? {
        rows.first { $0.characters.contains(c) }.map { $0.command(c) }
    }

    /// The command of control key `key`, or nil when no row has it.
    static func command(for key: ControlKey) -> ViewerCommand? {
        rows.lazy.compactMap { $0.controls[key] }.first
    }

    /// Each row as `keys` padded to `width` columns, then its help.
    public static func lines(keyWidth width: Int) -> [String] {
        rows.map { row in
            row.keys + String(repeating: " ", count: max(1, width - row.keys.count)) + row.help
        }
    }
}
