import Foundation
import Math3D
import Raster
import SceneGraph

/// Small builders shared by the raster tests.
enum TestScenes {
    /// A matte material: no highlight, no ambient reflectance unless asked.
    static func matte(_ rgb: Vec3, ambient: Vec3 = .zero, texture: Texture? = nil) -> Material {
        Material(
            ambient: Color(linear: ambient), diffuse: Color(linear: rgb), specular: .black, shininess: 16,
            texture: texture)
    }

    /// A scene with no ambient light and a white light travelling `direction`.
    static func scene(_ nodes: [Node], camera: Camera = Camera(), light: Vec3 = Vec3(0, 0, -1)) -> Scene {
        Scene(
            root: Node(name: "root", children: nodes), camera: camera,
            light: DirectionalLight(direction: light), ambient: .black, background: .black)
    }

    /// Renders `scene` at `width` x `height` with a fresh rasterizer.
    static func render(_ scene: Scene, width: Int, height: Int, pixelAspect: Float = 1, threads: Int = 1) -> (
        Framebuffer, RenderStats
    ) {
        var fb = Framebuffer(width: width, height: height)
        let stats = Rasterizer(threads: threads).render(scene, into: &fb, pixelAspect: pixelAspect)
        return (fb, stats)
    }

    /// A mesh with the same triangles as `mesh` but no primitive hint, so it is always
    /// drawn as triangles.
    static func withoutPrimitive(_ mesh: Mesh) throws -> Mesh {
        try Mesh(name: "plain", positions: mesh.positions, normals: mesh.normals, uvs: mesh.uvs, indices: mesh.indices)
    }

    /// A `size` x `size` RGB checkerboard of `squares` x `squares` black and white squares,
    /// the top-left square white.
    static func checkerboard(size: Int, squares: Int) -> Texture? {
        var pixels = [UInt8](repeating: 0, count: size * size * 3)
        let cell = size / squares
        for y in 0..<size {
            for x in 0..<size where (x / cell + y / cell) % 2 == 0 {
                let i = (y * size + x) * 3
                pixels[i] = 255
                pixels[i + 1] = 255
                pixels[i + 2] = 255
            }
        }
        return Image(width: size, height: size, pixels: pixels).map { Texture(image: $0, name: "checker") }
    }

    /// The view-space ray (depth component -1) through the centre of pixel (`x`, `y`), as the
    /// camera's projection defines it (computed here in Double, independently of Raster).
    static func viewRay(x: Int, y: Int, width: Int, height: Int, camera: Camera, pixelAspect: Float) -> SIMD3<Double> {
        let f = 1 / tan(camera.fieldOfView.radians / 2)
        let aspect = Double(width) * Double(pixelAspect) / Double(height)
        let ndcX = (Double(x) + 0.5) * 2 / Double(width) - 1
        let ndcY = 1 - (Double(y) + 0.5) * 2 / Double(height)
        return SIMD3(ndcX * aspect / f, ndcY / f, -1)
    }

    /// Indices of the pixels with coverage.
    static func coveredSet(_ fb: Framebuffer) -> Set<Int> {
        Set(fb.coverage.indices.filter { fb.coverage[$0] != 0 })
    }
}
