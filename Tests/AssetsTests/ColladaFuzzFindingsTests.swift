import Foundation
import Testing

@testable import Assets

/// COLLADA inputs found by the `fuzz-collada` target (Fuzz/, docs/RELIABILITY.md).
///
/// A processing instruction with no data, `<?x?>`, made swift-corelibs-foundation's
/// XMLParser call strlen on the NULL pointer libxml2 hands it for the data: the process
/// died with SIGSEGV. `XMLTree` now refuses such documents before parsing. A second
/// reproducer hid the instruction inside another one's target (`<?<?x?>`), past the first
/// check's scan.
@Suite struct ColladaFuzzFindings {
    /// A fuzzer's reproducer, stored byte for byte.
    static func reproducer(_ file: String = "collada-crash-ab82a5f5.dae") throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/FuzzFindings/\(file)")
        return [UInt8](try Data(contentsOf: url))
    }

    /// A small valid COLLADA document with `extra` placed just inside the root element.
    static func triangle(inside extra: String) -> [UInt8] {
        Array(
            """
            <?xml version="1.0"?>
            <COLLADA version="1.4.1">\(extra)<library_geometries><geometry id="g"><mesh>
            <source id="p"><float_array id="pa" count="9">0 0 0 1 0 0 0 1 0</float_array>
            <technique_common><accessor source="#pa" count="3" stride="3"/></technique_common></source>
            <vertices id="v"><input semantic="POSITION" source="#p"/></vertices>
            <triangles count="1"><input semantic="VERTEX" source="#v" offset="0"/><p>0 1 2</p></triangles>
            </mesh></geometry></library_geometries>
            <library_visual_scenes><visual_scene id="s"><node><instance_geometry url="#g"/></node></visual_scene>
            </library_visual_scenes>
            <scene><instance_visual_scene url="#s"/></scene></COLLADA>
            """.utf8)
    }

    @Test func theFuzzerReproducerIsRefusedWithAOneLineError() throws {
        let bytes = try Self.reproducer()
        #expect(bytes.count == 505)
        #expect(throws: AssetError(file: "found.dae", "XML processing instruction <?x?> without data is not read")) {
            try ModelLoader.load(data: bytes, name: "found.dae")
        }
    }

    @Test func anInstructionInsideAnotherOnesTargetIsRefused() throws {
        let bytes = try Self.reproducer("collada-crash-89f240e7.dae")
        #expect(bytes.count == 183)
        #expect(throws: AssetError(file: "found.dae", "XML processing instruction <?x?> without data is not read")) {
            try ModelLoader.load(data: bytes, name: "found.dae")
        }
    }

    @Test(arguments: ["<?x?>", "<?target-name?>", "<?a:b?>", "<?<?x?>", "<?a<?x?>"])
    func processingInstructionsWithoutDataAreRefused(instruction: String) {
        #expect(throws: AssetError.self) {
            try ModelLoader.load(data: Self.triangle(inside: instruction), name: "pi.dae")
        }
        #expect(XMLTree.emptyProcessingInstruction(in: Array(instruction.utf8)) != nil)
    }

    @Test(arguments: ["", "<?x y?>", "<?x ?>", "<?x\n?>", "<!-- a comment -->"])
    func processingInstructionsWithDataStillLoad(instruction: String) throws {
        let model = try ModelLoader.load(data: Self.triangle(inside: instruction), name: "pi.dae")
        #expect(model.triangleCount == 1)
    }
}
