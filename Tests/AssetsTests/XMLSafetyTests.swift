import Foundation
import Testing

@testable import Assets

/// What FoundationXML's parser does on its own with entities, proven with the refusal of
/// entity declarations switched off (the readers keep it on).
@Suite struct XMLSafety {
    static func bomb(levels: Int) -> [UInt8] {
        var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE COLLADA [\n<!ENTITY lol0 \"lollollollollollollollollollol\">\n"
        for i in 1...levels {
            text += "<!ENTITY lol\(i) \"" + String(repeating: "&lol\(i - 1);", count: 10) + "\">\n"
        }
        text += "]>\n<COLLADA><asset>&lol\(levels);</asset></COLLADA>\n"
        return Array(text.utf8)
    }

    static func allText(_ e: XElement) -> String { e.descendants().map(\.text).joined() }

    @Test(arguments: [3, 9, 15])
    func billionLaughsIsNotExpandedByTheParser(levels: Int) {
        // 10^levels copies if expanded: libxml2 must refuse or leave the reference alone.
        do {
            let root = try XMLTree.parse(Self.bomb(levels: levels), name: "bomb.dae", refuseEntities: false)
            #expect(Self.allText(root).utf8.count < 1000)
        } catch {
            #expect(error.description.hasPrefix("bomb.dae: "))
        }
    }

    @Test func externalEntityIsNotResolvedByTheParser() {
        let text =
            "<?xml version=\"1.0\"?>\n<!DOCTYPE COLLADA [<!ENTITY x SYSTEM "
            + "\"file://\(HostileCase.secretPath)\">]>\n<COLLADA><asset>&x;</asset></COLLADA>\n"
        do {
            let root = try XMLTree.parse(Array(text.utf8), name: "x.dae", refuseEntities: false)
            #expect(!Self.allText(root).contains("TOP-SECRET"))
        } catch {
            #expect(!error.description.contains("TOP-SECRET"))
        }
    }

    @Test func readersRefuseEntityDeclarationsOutright() {
        #expect(throws: AssetError(file: "bomb.dae", "XML entity declarations are not allowed (<!ENTITY found)")) {
            try XMLTree.parse(Self.bomb(levels: 9), name: "bomb.dae")
        }
    }

    @Test func cdataSectionsCountAsText() throws {
        let root = try XMLTree.parse(Array("<a>1 2 <![CDATA[3 4]]> 5</a>".utf8), name: "c.dae")
        #expect(root.text == "1 2 3 4 5")
    }

    @Test func namespacePrefixesAreDroppedFromElementNames() throws {
        let root = try XMLTree.parse(
            Array("<c:COLLADA xmlns:c=\"urn:x\"><c:asset>a</c:asset></c:COLLADA>".utf8), name: "n.dae")
        #expect(root.name == "COLLADA")
        #expect(root.child("asset")?.text == "a")
    }
}
