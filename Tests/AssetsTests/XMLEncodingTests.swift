import Foundation
import Testing

@testable import Assets

/// The document's encoding is decided before any byte-level check (issue: UTF-8 bytes
/// declaring UTF-16 carried `<?x?>` past the checks and crashed FoundationXML).
@Suite struct XMLEncodings {
    static let body = "<COLLADA><asset/></COLLADA>"

    @Test(arguments: ["UTF-16", "utf-16le", "ISO-8859-1", "UCS-4"])
    func declarationNamingAnotherEncodingThanTheBytesIsRefused(encoding: String) {
        // The hostile shape: an empty processing instruction after a lying declaration.
        let text = "<?xml version=\"1.0\" encoding=\"\(encoding)\"?><?x?>" + Self.body
        #expect {
            try XMLTree.parse(Array(text.utf8), name: "lie.dae")
        } throws: { ($0 as? AssetError)?.message.contains("does not match its bytes") == true }
    }

    @Test func utf16WithoutByteOrderMarkIsRefused() {
        let units = Array("<?xml version=\"1.0\"?>\(Self.body)".utf16)
        let bytes = units.flatMap { [UInt8($0 & 255), UInt8($0 >> 8)] }
        #expect {
            try XMLTree.parse(bytes, name: "nobom.dae")
        } throws: { ($0 as? AssetError)?.message.contains("without a byte order mark") == true }
    }

    @Test(arguments: [true, false])
    func utf16WithByteOrderMarkIsReadAsItsCharacters(littleEndian: Bool) throws {
        let units = Array(
            "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\r\n<COLLADA><asset><title>Wüste</title></asset></COLLADA>"
                .utf16)
        let bom: [UInt8] = littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
        let bytes =
            bom
            + units.flatMap { littleEndian ? [UInt8($0 & 255), UInt8($0 >> 8)] : [UInt8($0 >> 8), UInt8($0 & 255)] }
        let root = try XMLTree.parse(bytes, name: "u16.dae")
        #expect(root.name == "COLLADA")
        #expect(root.path("asset", "title")?.text == "Wüste")
    }

    @Test func utf16HidingAnEmptyProcessingInstructionIsStillRefused() {
        let units = Array("<?xml version=\"1.0\" encoding=\"UTF-16\"?><?x?>\(Self.body)".utf16)
        let bytes: [UInt8] = [0xFF, 0xFE] + units.flatMap { [UInt8($0 & 255), UInt8($0 >> 8)] }
        #expect {
            try XMLTree.parse(bytes, name: "pi.dae")
        } throws: { ($0 as? AssetError)?.message.contains("processing instruction") == true }
    }

    @Test func utf8DeclaredAsUTF8WithByteOrderMarkIsRead() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("<?xml version='1.0' encoding='utf-8'?>\(Self.body)".utf8)
        #expect(try XMLTree.parse(bytes, name: "bom.dae").name == "COLLADA")
    }
}
