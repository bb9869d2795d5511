import Foundation
import Math3D
import SceneGraph
import Testing

@testable import OrbitCLI

/// The default view of a model file: its bounding sphere fills 90% of the view's height,
/// flat models are turned to show their face, and no face is drawn in the background colour.
@Suite struct ModelFramingView {
    /// Loads OBJ `text` written to a temporary file as the viewer would.
    static func load(_ text: String, name: String) throws -> LoadedScene {
        let dir = NSTemporaryDirectory() + "orbit-models-framing-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        var warnings: [String] = []
        return try SceneCatalog.model(path: path, warnings: &warnings)
    }

    /// An OBJ UV sphere of radius 1.
    static var sphereOBJ: String {
        let mesh = Mesh.sphere(radius: 1, longitudes: 48, latitudes: 24)
        var text = mesh.positions.map { "v \($0.x) \($0.y) \($0.z)" }.joined(separator: "\n") + "\n"
        for t in stride(from: 0, to: mesh.indices.count, by: 3) {
            text += "f \(mesh.indices[t] + 1) \(mesh.indices[t + 1] + 1) \(mesh.indices[t + 2] + 1)\n"
        }
        return text
    }

    @Test func boundingSphereFillsNinetyPercentOfTheHeight() throws {
        let picture = CorpusPicture(try Self.load(Self.sphereOBJ, name: "ball.obj"))
        // A disc of diameter 0.9 x 96 pixels covers pi 0.45^2 = 0.636 of the square.
        #expect(picture.coverage > 0.60 && picture.coverage < 0.67, "\(picture)")
    }

    /// One-sided unit squares: a floor, a ceiling, a wall facing away from the camera.
    @Test(arguments: [
        "v 0 0 0\nv 1 0 0\nv 1 0 1\nv 0 0 1\nf 1 4 3 2\n",  // floor, facing +Y: edge-on before
        "v 0 0 0\nv 1 0 0\nv 1 0 1\nv 0 0 1\nf 1 2 3 4\n",  // ceiling, facing -Y
        "v 0 0 0\nv 0 1 0\nv 1 1 0\nv 1 0 0\nf 1 2 3 4\n",
    ])  // wall facing away (-Z): culled before
    func flatModelIsTurnedToShowItsFace(obj: String) throws {
        let loaded = try Self.load(obj, name: "plane.obj")
        let picture = CorpusPicture(loaded)
        // Seen at a 30 degree slant: a square of side 0.9 x 96 / sqrt(2), foreshortened.
        #expect(picture.coverage > 0.25, "\(picture)")
        #expect(picture.black == 0)
    }

    @Test func modelWithVolumeIsNotTurned() throws {
        let loaded = try Self.load(Self.sphereOBJ, name: "ball.obj")
        #expect(loaded.scene.root.children.first?.transform == .identity)
    }

    @Test func faceTurnedFromTheLightIsNotDrawnBlackWhenTheFileSaysKaBlack() throws {
        let dir = NSTemporaryDirectory() + "orbit-models-framing-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "newmtl m\nKa 0 0 0\nKd 0.8 0.8 0.8\n".write(toFile: dir + "/m.mtl", atomically: true, encoding: .utf8)
        try ("mtllib m.mtl\nusemtl m\n" + Self.sphereOBJ).write(
            toFile: dir + "/ball.obj", atomically: true, encoding: .utf8)
        var warnings: [String] = []
        let picture = CorpusPicture(try SceneCatalog.model(path: dir + "/ball.obj", warnings: &warnings))
        #expect(picture.coverage > 0.5)
        #expect(picture.black == 0, "\(picture)")
    }
}
