import Foundation
import Testing

@testable import Assets

/// The format table (`ModelFormat.row`) is the one list of formats: every row's extensions
/// choose its reader, and docs/FORMATS.md shows exactly the rows.
@Suite struct ModelFormatTableTests {
    @Test func everyExtensionChoosesItsOwnRowInAnyCase() {
        var seen = Set<String>()
        for format in ModelFormat.allCases {
            #expect(!format.extensions.isEmpty, "\(format)")
            #expect(format.fileExtension == format.extensions[0])
            for ext in format.extensions {
                #expect(seen.insert(ext).inserted, "\(ext) is in two rows")
                #expect(ext == ext.lowercased() && !ext.hasPrefix("."), "\(ext)")
                #expect(ModelFormat(path: "dir.x/model." + ext) == format)
                #expect(ModelFormat(path: "MODEL." + ext.uppercased()) == format)
                #expect(ModelFormat.extensions.contains("." + ext + " ") || ModelFormat.extensions.hasSuffix("." + ext))
            }
            #expect(!format.row.summary.isEmpty && !format.row.library.isEmpty)
        }
        for format in ModelFormat.allCases {
            #expect(ModelFormat.shortExtensions.hasPrefix(".obj "))
            #expect(ModelFormat.shortExtensions.contains("." + format.fileExtension + " "), "\(format)")
        }
        #expect(ModelFormat(path: "model") == nil)
        #expect(ModelFormat(path: "model.xyz") == nil)
    }

    @Test func everyRowsReaderRefusesAnEmptyishFileByName() {
        for format in ModelFormat.allCases {
            let name = "junk." + format.fileExtension
            let error = #expect(throws: AssetError.self, "\(format)") {
                try ModelLoader.load(data: Array("\u{1}\u{2}junk".utf8), name: name)
            }
            #expect(error?.description.hasPrefix(name + ": ") == true, "\(String(describing: error))")
        }
    }

    @Test func formatsDocumentHoldsTheTableOfRows() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/FORMATS.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let start = "<!-- formats table: generated from ModelFormat.markdownTable -->\n"
        let end = "\n<!-- end of formats table -->"
        let from = try #require(text.range(of: start))
        let to = try #require(text.range(of: end, range: from.upperBound..<text.endIndex))
        #expect(String(text[from.upperBound..<to.lowerBound]) == ModelFormat.markdownTable)
    }
}
