import Dispatch
import Math3D
import SceneGraph

/// Draws a `Scene` into a `Framebuffer` in software: clipping, culling, a z-buffer,
/// perspective-correct attributes, per-pixel Blinn-Phong shading, bilinear textures, and
/// exact screen-space impostors for untextured sphere meshes.
///
/// A rasterizer keeps scratch buffers between frames, so after the first frame (or the
/// first frame at a larger size) rendering allocates nothing. Keep one per view and reuse
/// it; it is not thread-safe itself, but it can split each frame over several threads.
///
/// ```swift
/// let rasterizer = Rasterizer(threads: 2)
/// var framebuffer = Framebuffer(width: 200, height: 120)
/// let stats = rasterizer.render(scene, into: &framebuffer, pixelAspect: 1)
/// ```
public final class Rasterizer {
    /// Number of horizontal bands rendered at the same time (on
    /// `DispatchQueue.concurrentPerform`). Values below 1 count as 1. The picture is bit
    /// for bit the same for every value. Default 1.
    public var threads: Int

    /// Half-width of the guard band in units of w: triangles reaching further than this many
    /// viewport half-widths off screen are clipped, which keeps fixed-point coordinates small.
    static let guardBand: Float = 4
    /// Sub-pixel precision of screen coordinates: 8 bits (1/256 pixel).
    static let subPixelBits: Int64 = 8

    // Scratch buffers reused from frame to frame (see `Rasterizer+Geometry.swift`).
    var items: [DrawItem] = []
    var shades: [ShadeParams] = []
    var textureIndex: [Texture: Int32] = [:]
    var textureTexels: [[Vec3]] = []
    var textureSizes: [SIMD2<Int32>] = []
    var triangles: [TriangleSetup] = []
    var spheres: [SphereSetup] = []
    var clipPositions: [Vec4] = []
    var viewNormals: [Vec3] = []
    var screen: [SIMD2<Int64>] = []
    var outcodes: [UInt8] = []
    var polygon: [ClipVertex] = []
    var polygonScratch: [ClipVertex] = []
    var rayX: [Float] = []
    var rayY: [Float] = []

    /// A rasterizer.
    /// - Parameter threads: bands rendered in parallel, default 1 (see `threads`).
    public init(threads: Int = 1) {
        self.threads = threads
        polygon.reserveCapacity(16)
        polygonScratch.reserveCapacity(16)
    }

    /// Renders `scene` into `framebuffer`, which is first cleared to the scene's background.
    ///
    /// Writes linear colour, view-space depth, view-space unit normals and coverage for every
    /// pixel a surface covers.
    /// - Parameters:
    ///   - scene: what to draw; its camera sets the view and its light the shading.
    ///   - framebuffer: the target; its size sets the viewport.
    ///   - pixelAspect: pixel width / pixel height (0.5 for one pixel per terminal cell, 1
    ///     for half blocks). A value that is not a positive finite number counts as 1.
    /// - Returns: counts of what was drawn and what was skipped.
    @discardableResult
    public func render(_ scene: Scene, into framebuffer: inout Framebuffer, pixelAspect: Float) -> RenderStats {
        framebuffer.clear(background: scene.background.rgb)
        let width = framebuffer.width, height = framebuffer.height
        let aspect = pixelAspect.isFinite && pixelAspect > 0 ? pixelAspect : 1
        let frame = FrameSetup(scene: scene, width: width, height: height, pixelAspect: aspect)
        var stats = RenderStats()

        // 1. The scene's draw list (as Scene.drawList(), collected into a reused buffer).
        items.removeAll(keepingCapacity: true)
        collect(scene.root, parent: .identity)

        // 2. Per item: materials, then either a sphere impostor or the triangle pipeline
        //    (transform, cull, clip, project, set up edge functions).
        shades.removeAll(keepingCapacity: true)
        textureIndex.removeAll(keepingCapacity: true)
        textureTexels.removeAll(keepingCapacity: true)
        textureSizes.removeAll(keepingCapacity: true)
        triangles.removeAll(keepingCapacity: true)
        spheres.removeAll(keepingCapacity: true)
        prepareRays(frame)
        for index in items.indices {
            let item = items[index]
            if setupSphere(item, scene: scene, frame: frame, stats: &stats) { continue }
            setupTriangles(item, scene: scene, frame: frame, stats: &stats)
        }

        // 3. Rasterize and shade, band by band (each band owns its rows: no shared writes).
        let bands = max(1, min(threads, height))
        rasterize(into: &framebuffer, frame: frame, bands: bands)
        return stats
    }

    /// Appends the drawable meshes under `node` to `items`, as `Scene.drawList()` does.
    private func collect(_ node: Node, parent: Matrix4) {
        if node.isHidden { return }
        let world = parent * node.transform.matrix
        if let c = node.content, c.mesh.triangleCount > 0 {
            items.append(DrawItem(world: world, mesh: c.mesh, material: c.material))
        }
        for child in node.children { collect(child, parent: world) }
    }

    /// The shading-table index for `material`, adding it (and its texture) to the tables.
    func shadeIndex(for material: Material, scene: Scene) -> Int32 {
        var tex: Int32 = -1
        if let t = material.texture {
            if let known = textureIndex[t] {
                tex = known
            } else {
                tex = Int32(textureTexels.count)
                textureIndex[t] = tex
                textureTexels.append(t.texels)
                textureSizes.append(SIMD2(Int32(t.width), Int32(t.height)))
            }
        }
        shades.append(ShadeParams(material: material, scene: scene, texture: tex))
        return Int32(shades.count - 1)
    }

    /// Fills the per-column and per-row view-space ray slopes of the pixel centres.
    private func prepareRays(_ frame: FrameSetup) {
        let w = frame.width, h = frame.height
        if rayX.count != w { rayX = [Float](repeating: 0, count: w) }
        if rayY.count != h { rayY = [Float](repeating: 0, count: h) }
        for x in 0..<w { rayX[x] = ((Float(x) + 0.5) * 2 / Float(w) - 1) / frame.p00 }
        for y in 0..<h { rayY[y] = (1 - (Float(y) + 0.5) * 2 / Float(h)) / frame.p11 }
    }
}
