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

    /// The lists that also come as a Markdown table (`--list NAME --markdown`), for the docs.
    static let markdown: [String: @Sendable () -> [String]] = [
        "keys": { KeyTable.markdown },
        "outputs": { OutputKind.markdown },
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

    /// The lines of list `name`: its entries, or with `markdown` its Markdown table; a usage
    /// error for a list without one.
    static func lines(_ name: String, markdown: Bool) throws(CLIError) -> [String] {
        guard markdown else { return try entries(name) }
        guard let table = self.markdown[name] else {
            throw .usage(
                "--markdown wants one of \(self.markdown.keys.sorted().joined(separator: ", ")), got '\(name)'")
        }
        return table()
    }
}
