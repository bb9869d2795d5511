import Foundation
import Math3D
import SceneGraph
import Testing

@testable import Assets

/// COLLADA as real exporters write it: lists broken over lines, skinned meshes.
@Suite struct WildCollada {
    /// A one-triangle document; `positions` and `indices` are the list texts as written,
    /// `node` the contents of the scene's node, `extra` more library elements; `primitive`
    /// replaces the `<triangles>` element (e.g. `<lines>` over the vertices `#tri-vtx`).
    static func document(
        positions: String, indices: String = "0 1 2", node: String = "<instance_geometry url=\"#tri\"/>",
        extra: String = "", primitive: String? = nil
    ) -> [UInt8] {
        let shape =
            primitive
            ?? "<triangles count=\"1\"><input semantic=\"VERTEX\" source=\"#tri-vtx\" offset=\"0\"/>"
            + "<p>\(indices)</p></triangles>"
        return Array(
            """
            <?xml version="1.0" encoding="utf-8"?>
            <COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
              <library_geometries><geometry id="tri"><mesh>
                <source id="tri-pos"><float_array id="tri-pos-array" count="9">\(positions)</float_array>
                  <technique_common><accessor source="#tri-pos-array" count="3" stride="3">
                    <param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/>
                  </accessor></technique_common></source>
                <vertices id="tri-vtx"><input semantic="POSITION" source="#tri-pos"/></vertices>
                \(shape)
              </mesh></geometry></library_geometries>
              \(extra)
              <library_visual_scenes><visual_scene id="s"><node id="n">\(node)</node></visual_scene>
              </library_visual_scenes>
              <scene><instance_visual_scene url="#s"/></scene>
            </COLLADA>
            """.utf8)
    }

    @Test(arguments: ["\n", "\r\n", "\r", "\t", " \n\t "])
    func listsBrokenByAnyXMLWhitespaceAreRead(separator: String) throws {
        let positions = ["0 0 0", "1 0 0", "0 1 0"].joined(separator: separator) + separator
        let model = try ModelLoader.load(
            data: Self.document(positions: separator + positions, indices: "0\(separator)1 2\(separator)"),
            name: "tri.dae")
        let mesh = try #require(Fixture.onlyMesh(model))
        #expect(mesh.triangleCount == 1)
        #expect(mesh.bounds.max == Vec3(1, 1, 0))
    }

    @Test func characterThatIsNotXMLWhitespaceStillFailsCleanly() {
        // A form feed is not XML whitespace: the number next to it is not a number.
        #expect(throws: AssetError.self) {
            try ModelLoader.load(data: Self.document(positions: "0 0 0 1 0 0 0 1\u{0C}0"), name: "tri.dae")
        }
    }

    static let skin = """
        <library_controllers><controller id="skin"><skin source="#tri">
          <bind_shape_matrix>1 0 0 5
          0 1 0 0
          0 0 1 0
          0 0 0 1</bind_shape_matrix>
        </skin></controller>
        <controller id="morph"><morph source="#skin"/></controller></library_controllers>
        """

    @Test func meshReachedOnlyThroughInstanceControllerIsDrawnInBindPose() throws {
        let model = try ModelLoader.load(
            data: Self.document(
                positions: "0 0 0 1 0 0 0 1 0", node: "<instance_controller url=\"#skin\"/>",
                extra: Self.skin), name: "skinned.dae")
        #expect(model.triangleCount == 1)
        // The bind shape matrix moves the mesh 5 along x.
        let box = try #require(ModelLoader.bounds(of: model))
        #expect(box.min == Vec3(5, 0, 0) && box.max == Vec3(6, 1, 0))
    }

    @Test func morphOverASkinReachesTheBaseMeshWithAWarning() throws {
        var warnings: [AssetError] = []
        let node = "<instance_controller url=\"#morph\"/>"
        let model = try ModelLoader.load(
            data: Self.document(positions: "0 0 0 1 0 0 0 1 0", node: node + node, extra: Self.skin),
            name: "morphed.dae", warnings: &warnings)
        #expect(model.triangleCount == 2)
        // Drawn in its base shape, and said once however many nodes instance it.
        #expect(
            warnings.map(\.description) == [
                "morphed.dae: morph controller 'morph' drawn in its base shape: COLLADA morph targets are not applied"
            ])
        // A skin alone says nothing about morphs.
        warnings = []
        _ = try ModelLoader.load(
            data: Self.document(
                positions: "0 0 0 1 0 0 0 1 0", node: "<instance_controller url=\"#skin\"/>", extra: Self.skin),
            name: "skinned.dae", warnings: &warnings)
        #expect(!warnings.contains { $0.description.contains("morph") }, "\(warnings)")
    }

    @Test func controllerNamingNothingIsACleanError() {
        #expect {
            try ModelLoader.load(
                data: Self.document(positions: "0 0 0 1 0 0 0 1 0", node: "<instance_controller url=\"#none\"/>"),
                name: "bad.dae")
        } throws: { ($0 as? AssetError)?.message.contains("names no controller") == true }
    }
}

extension WildCollada {
    @Test func rotationWithAZeroAxisTurnsNothing() throws {
        // FBX's COLLADA exporter writes <rotate>0 0 0 0</rotate> on every pivot.
        let node = "<rotate>0 0 0 0</rotate><rotate>0 0 0 90</rotate><instance_geometry url=\"#tri\"/>"
        let model = try ModelLoader.load(
            data: Self.document(positions: "0 0 0 1 0 0 0 1 0", node: node), name: "fbx.dae")
        let box = try #require(ModelLoader.bounds(of: model))
        #expect(box.min == Vec3(0, 0, 0) && box.max == Vec3(1, 1, 0))
    }
}
