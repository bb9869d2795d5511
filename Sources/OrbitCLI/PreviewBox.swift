import Assets
import Math3D
import SceneGraph

/// What a preview draws instead of a model too large for its time budget: the model's
/// bounding box, a plain grey box in the model's own light and camera.
enum PreviewBox {
    /// Triangles a preview draws per second of budget on one core, with room to spare: a
    /// model with more is drawn as its box (the rasterizer bins and shades several million
    /// small triangles a second).
    static let trianglesPerSecond = 4_000_000.0

    /// The most triangles a preview may draw in `budget` seconds.
    static func maxTriangles(budget: Double) -> Int {
        Int(budget * trianglesPerSecond)
    }

    /// `scene` with its content replaced by its bounding box, or nil when it has none.
    static func scene(for scene: Scene) -> Scene? {
        guard let box = ModelLoader.bounds(of: scene.root), box.size.max() > 0 else { return nil }
        let size = pointwiseMax(box.size, Vec3(repeating: box.size.max() * 0.01))
        let node = Node(
            name: "bounding box", mesh: .cube(size: 1),
            material: Material(name: "box", diffuse: Color(linear: Vec3(repeating: 0.45))),
            transform: Transform(position: box.center, scale: size))
        return Scene(
            root: node, camera: scene.camera, light: scene.light, ambient: scene.ambient, background: scene.background)
    }
}
