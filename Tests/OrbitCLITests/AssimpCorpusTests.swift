import Foundation
import Testing

@testable import OrbitCLI

/// Real files from Debian's `assimp-testmodels` (see Fixtures/Corpus/README.md): each row
/// of Fixtures/Corpus/assimp-testmodels.tsv says how the file must load and what the
/// viewer's default view of it must look like.
@Suite struct AssimpCorpus {
    static let root = "/usr/share/assimp/models"
    static let table = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures/Corpus/assimp-testmodels.tsv"
    ).path

    /// One row: `path <TAB> outcome <TAB> picture`.
    struct Row: CustomStringConvertible, Sendable {
        var path: String
        /// `loads`, `warns: TEXT` or `error: TEXT`.
        var outcome: String
        /// `coverage=LO-HI colour=NAME shape=NAME`, and `black=expected` for a model whose
        /// materials are black in the file, for models that load.
        var picture: [String: String]
        var description: String { path }
    }

    static func rows() -> [Row] {
        guard let text = try? String(contentsOfFile: table, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            if line.hasPrefix("#") || line.allSatisfy(\.isWhitespace) { return nil }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard fields.count >= 2 else { return nil }
            var picture: [String: String] = [:]
            for item in (fields.count > 2 ? fields[2] : "").split(separator: " ") {
                let kv = item.split(separator: "=", maxSplits: 1).map(String.init)
                if kv.count == 2 { picture[kv[0]] = kv[1] }
            }
            return Row(path: fields[0], outcome: fields[1], picture: picture)
        }
    }

    @Test func packageIsInstalledAndTheTableIsLarge() throws {
        var isDirectory: ObjCBool = false
        try #require(
            FileManager.default.fileExists(atPath: Self.root, isDirectory: &isDirectory) && isDirectory.boolValue,
            Comment(
                rawValue: "Debian package assimp-testmodels is not installed (\(Self.root) is missing): "
                    + "apt-get install assimp-testmodels, or run make test, which installs it")
        )
        let rows = Self.rows()
        #expect(rows.count >= 40, "\(Self.table) holds \(rows.count) rows")
        #expect(rows.filter { $0.outcome == "loads" || $0.outcome.hasPrefix("warns:") }.count >= 30)
    }

    @Test(arguments: rows())
    func fileLoadsAsTheTableSaysAndLooksRight(row: Row) throws {
        let path = Self.root + "/" + row.path
        try #require(
            FileManager.default.fileExists(atPath: path),
            "\(path) is missing: Debian package assimp-testmodels (5.2.5~ds0-1) is not installed; make test installs it"
        )
        let (_, options) = try ArgumentParser.parse(["render", path])
        var warnings: [String] = []
        let loaded: LoadedScene
        do {
            loaded = try SceneCatalog.load(options, forViewer: false, warnings: &warnings)
        } catch {
            guard row.outcome.hasPrefix("error: ") else {
                Issue.record("\(row.path): \(error)")
                return
            }
            let expected = String(row.outcome.dropFirst(7))
            // One line, naming the file as given, saying what is wrong.
            #expect(error.description.hasPrefix("orbit: " + path + ": "), "\(error)")
            #expect(error.description.contains(expected), "\(error)")
            #expect(!error.description.contains("\n"))
            return
        }
        #expect(!row.outcome.hasPrefix("error: "), "\(row.path) loaded; the table expects \(row.outcome)")
        if row.outcome.hasPrefix("warns: ") {
            let expected = String(row.outcome.dropFirst(7))
            #expect(warnings.contains { $0.hasPrefix(path + ": ") && $0.contains(expected) }, "\(warnings)")
        } else {
            #expect(warnings.isEmpty, "\(warnings)")
        }
        let picture = CorpusPicture(loaded)
        if let range = row.picture["coverage"] {
            let bounds = range.split(separator: "-").compactMap { Double($0) }
            try #require(bounds.count == 2)
            #expect(picture.coverage >= bounds[0] && picture.coverage <= bounds[1], "\(row.path): \(picture)")
        }
        if let colour = row.picture["colour"] { #expect(picture.colour == colour, "\(row.path): \(picture)") }
        if let shape = row.picture["shape"] { #expect(picture.shape == shape, "\(row.path): \(picture)") }
        if row.picture["black"] == "expected" {
            // Materials whose base colour is black (0 0 0) in the file are drawn black.
            #expect(picture.black > 0, "\(row.path): \(picture)")
        } else {
            // No lit face is drawn in the background colour (black).
            #expect(
                Double(picture.black) <= 0.02 * Double(max(1, Int(picture.coverage * 96 * 96))),
                "\(row.path): \(picture)")
        }
    }
}
