import Display
import Foundation
import Testing
import Viewer

@testable import OrbitCLI

/// README's and docs/CLI.md's tables of keys and options hold the rows of the program's
/// own tables, no more and no fewer: adding or removing a row without its doc line fails.
@Suite struct DocTables {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The first cells of the Markdown table that follows the line `header` in `text`.
    static func firstColumn(after header: String, in text: String) throws -> [String] {
        let lines = text.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: header), "no table '\(header)'")
        return lines[(start + 2)...].prefix { $0.hasPrefix("|") }.map { line in
            line.dropFirst().components(separatedBy: " | ").first?.trimmingCharacters(in: .whitespaces) ?? ""
        }
    }

    @Test func readmeHoldsTheKeyTableAsListKeysMarkdownPrintsIt() throws {
        let readme = try Self.text("README.md")
        let begin = "<!-- orbit --list keys --markdown -->\n"
        let end = "<!-- end of orbit --list keys --markdown -->"
        let from = try #require(readme.range(of: begin), "README has no generated key table")
        let to = try #require(readme.range(of: end, range: from.upperBound..<readme.endIndex))
        let committed = String(readme[from.upperBound..<to.lowerBound])
        #expect(committed == KeyTable.markdown.map { $0 + "\n" }.joined())
        let r = try NewcomerErrorTests.run(["--list", "keys", "--markdown"])
        #expect(r.status == 0, "\(r.error)")
        #expect(String(decoding: r.output, as: UTF8.self) == committed)
    }

    /// docs/CLI.md's table of outputs is `orbit --list outputs --markdown`: a row of
    /// `OutputKind` without its doc line, or a doc line without its row, fails here.
    @Test func cliDocHoldsTheOutputTableAsListOutputsMarkdownPrintsIt() throws {
        let doc = try Self.text("docs/CLI.md")
        let begin = "<!-- orbit --list outputs --markdown -->\n"
        let end = "<!-- end of orbit --list outputs --markdown -->"
        let from = try #require(doc.range(of: begin), "docs/CLI.md has no generated output table")
        let to = try #require(doc.range(of: end, range: from.upperBound..<doc.endIndex))
        let committed = String(doc[from.upperBound..<to.lowerBound])
        #expect(committed == OutputKind.markdown.map { $0 + "\n" }.joined())
        let r = try NewcomerErrorTests.run(["--list", "outputs", "--markdown"])
        #expect(r.status == 0, "\(r.error)")
        #expect(String(decoding: r.output, as: UTF8.self) == committed)
        let names = try Self.firstColumn(after: OutputKind.markdown[0], in: doc)
        #expect(names == OutputKind.allCases.map { "`\($0.rawValue)`" })
        for kind in OutputKind.allCases {
            #expect(!kind.row.draws.isEmpty && !kind.row.colourDoc.isEmpty, "\(kind) has no doc line")
        }
    }

    @Test func cliDocListsEveryKeyRowInTableOrder() throws {
        let cells = try Self.firstColumn(after: "| key | gesture | motion |", in: Self.text("docs/CLI.md"))
        #expect(cells == KeyTable.rows.map { "`\($0.keys)`" })
    }

    @Test func cliDocOptionTableNamesEveryOptionAndNoOther() throws {
        let cells = try Self.firstColumn(after: "| option | meaning | default |", in: Self.text("docs/CLI.md"))
        var documented = Set<String>()
        for cell in cells {
            for word in cell.split(whereSeparator: { " `/,".contains($0) }) where word.hasPrefix("--") {
                documented.insert(String(word.dropFirst(2)))
            }
        }
        #expect(documented == Set(OptionSpec.all.map(\.name)))
    }

    @Test func onlyTheKeyAndOutputListsComeAsMarkdown() throws {
        let r = try NewcomerErrorTests.run(["--list", "glyphs", "--markdown"])
        #expect(r.status == 2)
        #expect(r.error.hasPrefix("orbit: --markdown wants one of keys, outputs"), "\(r.error)")
    }
}
