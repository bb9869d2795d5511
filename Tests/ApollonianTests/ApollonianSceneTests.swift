import Math3D
import SceneGraph
import Testing

@testable import Apollonian

@Suite struct ApollonianSceneBuilding {
    @Test func theViewerSceneHoldsOneInstanceOfTheSharedMeshPerEdgeSphere() throws {
        let records = try PackingGenerator.records(PackingOptions(level: 7))
        let scene = ApollonianScene.make(records: records)
        let packing = try #require(scene.root.first(named: ApollonianScene.containerName))
        let edge = records.filter { $0.touchesShell(outerRadius: 1) }
        #expect(edge.count < records.count)
        #expect(packing.children.count == edge.count)
        let mesh = ApollonianScene.sphereMesh
        #expect(mesh.triangleCount > 0)
        #expect(packing.children.allSatisfy { $0.content?.mesh.sharesStorage(with: mesh) == true })
        #expect(scene.drawList().count == edge.count)
        // Each node puts the unit mesh at the sphere's centre, scaled by its radius.
        for (node, r) in zip(packing.children, edge) {
            #expect(node.position == Vec3(Float(r.x), Float(r.y), Float(r.z)))
            #expect(node.scale == Vec3(repeating: Float(r.r)))
        }
    }

    @Test func allSpheresAreKeptWhenTheEdgeFilterIsOff() throws {
        let records = try PackingGenerator.records(PackingOptions(level: 3))
        let scene = ApollonianScene.make(records: records, options: PackingOptions(edgeOnly: false))
        #expect(scene.root.first(named: "packing")?.children.count == 89)
    }

    @Test(arguments: [
        (1, "FFFFFF"), (2, "FF0000"), (3, "FFFF00"), (4, "00FF00"), (5, "00FFFF"), (6, "0000FF"),
        (7, "FF00FF"), (8, "555555"), (9, "808080"), (10, "AAAAAA"), (11, "FFFFFF"), (40, "FFFFFF"),
    ])
    func spheresAreColouredByLevel(level: Int, hex: String) {
        let m = ApollonianScene.material(level: level)
        #expect(m.ambient.hex == hex)
        // The three greys reflect a fifth of the light's diffuse and specular parts (so
        // their shaded brightness ranges stay apart; see PackingGreysTests).
        let share: Float = (8...10).contains(level) ? 0.2 : 1
        #expect(m.diffuse == Color(linear: (Color(hex: hex) ?? .black).rgb * share))
        #expect(m.shininess == 0.7)
    }

    @Test func nodesGetTheMaterialOfTheirLevel() {
        let records = [
            SphereRecord(x: 0, y: 0, z: 0.5, r: 0.5, level: 2), SphereRecord(x: 0, y: 0, z: -0.5, r: 0.5, level: 13),
        ]
        let scene = ApollonianScene.make(records: records, options: PackingOptions(edgeOnly: false))
        let kids = scene.root.first(named: "packing")?.children ?? []
        #expect(kids.map { $0.content?.material.diffuse.hex } == ["FF0000", "FFFFFF"])
    }

    @Test func theLightIsTheOriginalsAndLightsTheSideFacingTheCamera() {
        let scene = ApollonianScene.make(records: [], options: PackingOptions(radius: 2))
        #expect(scene.light.direction == Vec3(1, 2, -5))
        #expect(scene.light.ambient.hex == "A0A0A0")
        #expect(scene.light.diffuse.hex == "E9E9E9")
        #expect(scene.light.specular.hex == "C0C0C0")
        // The camera sits on +Z; a surface facing it (normal +Z) is lit.
        #expect(dot(Vec3(0, 0, 1), scene.light.towardsLight) > 0)
        #expect(scene.camera.distance == 10)
        #expect(scene.root.first(named: "packing")?.children.isEmpty == true)
    }
}
