import Assets
import Cells
import Display
import Viewer

/// `orbit --list WHAT`: a table of the program, one entry a line, for scripts and tests
/// (which then keep no copy of their own).
enum Lists {
    /// The lists, by name, in help order.
    static let all: [(name: String, entries: @Sendable () -> [String])] = [
        ("glyphs", { GlyphSet.allCases.map(\.rawValue) }),
        ("colors", { ColorDepth.allCases.map(\.rawValue) }),
        ("outputs", { OutputKind.allCases.map(\.rawValue) }),
        ("formats", { ModelFormat.allCases.flatMap(\.extensions) }),
        ("images", { ImageFileFormat.allCases.flatMap(\.extensions) }),
        ("options", { OptionSpec.all.map { "--" + $0.name } }),
        ("keys", { KeyTable.lines(keyWidth: 16) }),
    ]

    /// The names `--list` accepts.
    static var names: [String] { all.map(\.name) }

    /// The entries of list `name`; a usage error naming the known lists otherwise.
    static func entries(_ name: String) throws(CLIError) -> [String] {
        guard let list = all.first(where: { $0.name == name }) else {
            throw .usage("--list wants one of \(names.joined(separator: ", ")), got '\(name)'")
        }
        var seen = Set<String>()
        return list.entries().filter { seen.insert($0).inserted }
    }
}
