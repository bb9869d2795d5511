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
    /// Number of threads a frame is drawn on (`DispatchQueue.concurrentPerform`): the
    /// framebuffer is split into horizontal bands (four per thread) and big meshes into
    /// chunks. Values below 1 count as 1, values above 64 as 64. The picture is bit for bit
    /// the same for every value. Default 1.
    public var threads: Int
    /// Whether `render` writes each pixel's normal into the framebuffer. False leaves the
    /// framebuffer's `normal` plane empty and saves writing 16 bytes a pixel and clearing
    /// them, for outputs that never read normals (everything but edge glyphs). The colour,
    /// depth and coverage are the same either way. Default true.
    public var keepsNormals = true

    /// Half-width of the guard band in units of w: triangles reaching further than this many
    /// viewport half-widths off screen are clipped, which keeps fixed-point coordinates small.
    static let guardBand: Float = 4

    // Scratch buffers and tables reused from frame to frame. Screen positions are fixed point
    // with 8 sub-pixel bits (1/256 pixel) throughout.
    var shades: [ShadeParams] = []
    var textureIndex: [Texture: SIMD2<Int32>] = [:]
    var textureTexels: [[UInt8]] = []
    /// Per texture level: level 0's alpha bytes (empty for other levels and opaque images).
    var textureAlphas: [[UInt8]] = []
    var textureMips: [[Float]] = []
    var textureSizes: [SIMD2<Int32>] = []
    var mipChains: [Texture: MipChain] = [:]
    /// The same for textures read as data (occlusion, metal-roughness and normal maps):
    /// bytes / 255, not sRGB, so they have their own chains.
    var dataTextureIndex: [Texture: SIMD2<Int32>] = [:]
    var dataMipChains: [Texture: MipChain] = [:]
    var lastShadeKey: ShadeKey?
    /// This frame's shading-table index of each untextured material seen, so a scene that
    /// alternates a few materials over millions of instances keeps a few entries.
    var shadeIndexByKey: [ShadeKey: Int32] = [:]
    var sphereMesh: Mesh?
    var sphereMeshGroupMaterial: Material?
    var sphereMeshIsSingleGroup = false
    var sphereMeshHasGroupMaterial = false
    var sphereMeshHasTexturedGroup = false
    var lastShadeIndex: Int32 = -1
    /// The material `lastShadeIndex` is the entry of.
    var lastShadeMaterial: Material?
    /// This frame's shading-table index of each node material seen, by `Material.identity`.
    var shadeIndexByMaterial: [ObjectIdentifier: Int32] = [:]
    var frameNumber = 0
    var triangles: [TriangleSetup] = []
    /// Tangents of normal-mapped triangles, at the same indices as `triangles`.
    var tangentSetups: [TangentSetup] = []
    var triangleCount = 0
    var deferred: [Int] = []
    var chunkResults: [GeometryChunk.Result] = []
    var spheres: [SphereSetup] = []
    var sortKeys: [UInt64] = []
    var sortScratch: [UInt64] = []
    var histogram: [Int] = []
    var triangleBins: [Int32] = []
    var triangleBinStarts: [Int] = []
    var sphereBins: [Int32] = []
    var sphereBinStarts: [Int] = []
    var inverseW: [Float] = []
    var screen: [SIMD2<Int32>] = []
    var outcodes: [UInt8] = []
    var polygon: [ClipVertex] = []
    var polygonScratch: [ClipVertex] = []
    var rayX: [Float] = []
    var rayY: [Float] = []

    /// When true (the default), a minified texture is sampled from a smaller copy (a mip
    /// level, box-filtered in linear light) whose texels are about one pixel in size, chosen
    /// per triangle; this keeps spinning textures from sparkling. When false, every lookup is
    /// `Texture.sampleBilinear` on the full texture.
    public var mipmapping: Bool

    /// The sphere overdraw budget: per frame, the sphere impostors may examine at most this
    /// many times a row's width of pixels in each row. Spheres are drawn nearest first, so
    /// in a scene past the budget (millions of overlapping spheres) the farthest ones are
    /// left out of the rows that used it up, and a frame costs at most about this many
    /// screens of sphere pixels whatever the number of spheres. The picture does not
    /// depend on `threads`. Values below 1 count as 1. Default 64 (no packing of the
    /// generator comes near it).
    public var sphereOverdrawLimit: Int = 64

    /// Asked now and then while a frame is drawn; when it answers true the frame is
    /// abandoned: `render` returns soon after, with `RenderStats.cancelled` set, and the
    /// framebuffer holds part of a picture that must not be shown. The rasterizer stays
    /// ready for the next `render`, which clears the framebuffer and draws it whole.
    ///
    /// It is asked between pieces of work, never per pixel: every 256 scene nodes set up,
    /// after each group of triangles of a mesh, every 16,384 vertices transformed or
    /// triangles set up and every 1,024 triangles clipped, every 65,536 keys or moves of the
    /// sphere sort, and every 8 triangles and 32 spheres a band draws (the sphere overdraw
    /// budget bounds those). It may be asked from any of
    /// the frame's threads, never from two at a time (a thread that finds it being asked
    /// goes on drawing); once it said true, the frame's threads stop without asking again.
    /// Keep it cheap, such as an atomic load, or a clock read that rate-limits a costlier
    /// look. Nil (the default) is never asked and costs nothing.
    public var shouldCancel: (@Sendable () -> Bool)?

    /// This frame's `shouldCancel`, or nil.
    var probe: CancelProbe?

    /// `threads` made sensible: 1...64.
    var workers: Int { min(max(threads, 1), 64) }

    /// A rasterizer.
    /// - Parameters:
    ///   - threads: threads per frame, default 1 (see `threads`).
    ///   - mipmapping: sample minified textures from mip levels, default true (see `mipmapping`).
    public init(threads: Int = 1, mipmapping: Bool = true) {
        self.threads = threads
        self.mipmapping = mipmapping
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
    /// - Returns: counts of what was drawn and what was skipped, and whether `shouldCancel`
    ///   stopped the frame (then the framebuffer is not a picture to show).
    @discardableResult
    public func render(_ scene: Scene, into framebuffer: inout Framebuffer, pixelAspect: Float) -> RenderStats {
        // The framebuffer is cleared band by band, just before each band is drawn; storage
        // replaced from outside with the wrong size is first made whole again.
        framebuffer.background = scene.background.rgb
        let pixels = framebuffer.width * framebuffer.height
        if framebuffer.color.count != pixels || framebuffer.depth.count != pixels
            || framebuffer.coverage.count != pixels
        {
            framebuffer = Framebuffer(
                width: framebuffer.width, height: framebuffer.height, background: framebuffer.background)
        }
        let normals = keepsNormals ? pixels : 0
        if framebuffer.normal.count != normals { framebuffer.normal = [Vec3](repeating: .zero, count: normals) }
        let width = framebuffer.width
        let height = framebuffer.height
        let aspect = pixelAspect.isFinite && pixelAspect > 0 ? pixelAspect : 1
        let frame = FrameSetup(scene: scene, width: width, height: height, pixelAspect: aspect)
        var stats = RenderStats()

        // 1. Walk the scene graph as Scene.drawList() does (hidden subtrees and empty meshes
        //    left out, world = parent * local) and, per item, 2. set it up: either as a sphere
        //    impostor or through the triangle pipeline (model-view-projection, transform,
        //    cull, clip, project, edge functions). Items are handled as they are found, so
        //    nothing is copied into a list.
        shades.removeAll(keepingCapacity: true)
        shadeIndexByKey.removeAll(keepingCapacity: true)
        lastShadeIndex = -1
        lastShadeMaterial = nil
        shadeIndexByMaterial.removeAll(keepingCapacity: true)
        frameNumber &+= 1
        textureIndex.removeAll(keepingCapacity: true)
        dataTextureIndex.removeAll(keepingCapacity: true)
        textureTexels.removeAll(keepingCapacity: true)
        textureAlphas.removeAll(keepingCapacity: true)
        textureMips.removeAll(keepingCapacity: true)
        textureSizes.removeAll(keepingCapacity: true)
        triangleCount = 0
        spheres.removeAll(keepingCapacity: true)
        prepareRays(frame)
        probe = shouldCancel.map(CancelProbe.init)
        defer { probe = nil }
        if let probe {
            // The same walk, left early once the frame is cancelled.
            var visited = 0
            do {
                try scene.root.walkDrawn { node, world in
                    visited &+= 1
                    if visited & 255 == 0, probe.check() { throw CancelProbe.Cancelled() }
                    setup(node, world: world, frame: frame, stats: &stats)
                    // A mesh big enough to be asked about in its set-up may have been stopped.
                    if probe.isCancelled { throw CancelProbe.Cancelled() }
                }
            } catch {
                stats.cancelled = true
                return stats
            }
        } else {
            scene.root.walkDrawn { node, world in setup(node, world: world, frame: frame, stats: &stats) }
        }

        // Forget the mip chains of textures this frame did not use.
        if mipChains.count > textureIndex.count {
            let now = frameNumber
            mipChains = mipChains.filter { $0.value.lastUsed == now }
        }
        if dataMipChains.count > dataTextureIndex.count {
            let now = frameNumber
            dataMipChains = dataMipChains.filter { $0.value.lastUsed == now }
        }

        sortSpheresFrontToBack()

        // 3. Rasterize and shade, band by band (each band owns its rows: no shared writes).
        //    With several threads, four bands per thread balance uneven scenes.
        if let probe, probe.check() {
            stats.cancelled = true
            return stats
        }
        let bands = workers > 1 ? min(workers * 4, height) : 1
        rasterize(into: &framebuffer, frame: frame, bands: bands)
        stats.cancelled = probe?.isCancelled ?? false
        return stats
    }

    /// Sets up the mesh of one node the scene walk reached (`Node.walkDrawn`, the order of
    /// `Scene.drawList()`): as a sphere impostor, or through the triangle pipeline.
    private func setup(_ node: UnsafePointer<Node>, world: Matrix4, frame: FrameSetup, stats: inout RenderStats) {
        if let mesh = node.pointee.content?.mesh, mesh.triangleCount > 0,
            !setupSphere(node, mesh: mesh, world: world, frame: frame, stats: &stats),
            let content = node.pointee.content
        {
            setupTriangles(world: world, mesh: mesh, material: content.material, frame: frame, stats: &stats)
        }
    }

    /// The shading-table index for `material`, adding it (and its texture's mip levels, made
    /// once per texture and kept while it is in use) to the tables.
    func shadeIndex(for material: Material, frame: FrameSetup) -> Int32 {
        // Runs of items with the same untextured material (instanced meshes) share one entry.
        let key =
            material.texture == nil && material.emissiveTexture == nil && !material.hasSurfaceMaps
            ? ShadeKey(material) : nil
        if lastShadeIndex >= 0, let key, key == lastShadeKey { return lastShadeIndex }
        if let key, let known = shadeIndexByKey[key] {
            lastShadeKey = key
            lastShadeIndex = known
            lastShadeMaterial = material
            return known
        }
        let diffuse = material.texture.map { read($0) }
        var shade = ShadeParams(
            material: material, lighting: frame.lighting, texture: diffuse?.index ?? -1, levels: diffuse?.levels ?? 0)
        shade.sampler = diffuse?.sampler
        if let t = material.emissiveTexture {
            (shade.emissiveTexture, shade.emissiveLevels, shade.glowSampler) = read(t)
            shade.glowSet = material.emissiveUVSet == 1 ? 1 : 0
        }
        if let t = material.occlusionTexture {
            (shade.occlusionTexture, shade.occlusionLevels, shade.occlusionSampler) = read(t, data: true)
            shade.occlusionSet = material.occlusionUVSet == 1 ? 1 : 0
            let s = material.occlusionStrength
            shade.occlusionStrength = s.isFinite ? min(max(s, 0), 1) : 1
        }
        if let t = material.metallicRoughnessTexture {
            (shade.metalTexture, shade.metalLevels, shade.metalSampler) = read(t, data: true)
            shade.metalSet = material.metallicRoughnessUVSet == 1 ? 1 : 0
            shade.metallic = material.metallic
            shade.roughness = material.roughness
        }
        if let t = material.normalTexture {
            (shade.normalTexture, shade.normalLevels, shade.normalSampler) = read(t, data: true)
            shade.normalSet = material.normalUVSet == 1 ? 1 : 0
            shade.normalScale = material.normalScale.isFinite ? material.normalScale : 1
        }
        shade.hasMaps = material.hasSurfaceMaps
        // Alpha comes from the base colour texture: the diffuse one, or for unlit materials
        // (no diffuse texture) the emission one.
        if shade.alphaTest != 0, let t = material.texture ?? material.emissiveTexture, t.image.hasAlpha {
            shade.alphaTexture = diffuse?.index ?? shade.emissiveTexture
        }
        shades.append(shade)
        lastShadeKey = key
        lastShadeIndex = Int32(shades.count - 1)
        lastShadeMaterial = material
        if let key { shadeIndexByKey[key] = lastShadeIndex }
        return lastShadeIndex
    }

    /// `t` as a shading-table entry reads it (`register`): level 0's index, its number of
    /// levels (1 when its sampler does not mip-map), and its sampler (nil when standard).
    private func read(_ t: Texture, data: Bool = false) -> (index: Int32, levels: Int32, sampler: TextureSampler?) {
        let entry = register(t, data: data)
        guard t.sampler != .standard else { return (entry.x, entry.y, nil) }
        return (entry.x, t.sampler.mipmaps ? entry.y : min(entry.y, 1), t.sampler)
    }

    /// Level 0's index in the frame's texture-level table and the number of levels of `t`,
    /// adding its mip levels (made once per texture and kept while it is in use).
    /// With `data` true, the texture's bytes are numbers (byte / 255), not sRGB colours.
    private func register(_ t: Texture, data: Bool = false) -> SIMD2<Int32> {
        if let known = data ? dataTextureIndex[t] : textureIndex[t] { return known }
        let chain: MipChain
        if let cached = data ? dataMipChains[t] : mipChains[t] {
            chain = cached
        } else {
            chain = MipChain(t, frame: frameNumber, data: data)
            if data { dataMipChains[t] = chain } else { mipChains[t] = chain }
        }
        chain.lastUsed = frameNumber
        let entry = SIMD2(Int32(textureTexels.count), Int32(chain.levelCount))
        if data { dataTextureIndex[t] = entry } else { textureIndex[t] = entry }
        // One table entry per level: level 0's bytes, then the smaller levels' floats.
        textureTexels.append(chain.base)
        textureAlphas.append(chain.alpha)
        textureMips.append([])
        for m in chain.mips {
            textureTexels.append([])
            textureAlphas.append([])
            textureMips.append(m)
        }
        textureSizes.append(contentsOf: chain.sizes)
        return entry
    }

    /// `shadeIndex(for:)` for the material of `node`'s mesh node, without copying the material
    /// when it matches the previous one (the common case for instances).
    func shadeIndex(forMaterialOf node: UnsafePointer<Node>, frame: FrameSetup) -> Int32 {
        // Copies of one material (a scene's instances share its storage) in a row: the
        // last entry, without reading the material.
        if lastShadeIndex >= 0, let last = lastShadeMaterial, node.pointee.drawsMaterial(identicalTo: last) {
            return lastShadeIndex
        }
        // A material seen this frame (by its storage: the scene holds it until the frame ends).
        let identity = node.pointee.materialIdentity
        if let identity, let known = shadeIndexByMaterial[identity] { return known }
        let index = shadeIndex(for: node.pointee.content?.material ?? .default, frame: frame)
        if let identity { shadeIndexByMaterial[identity] = index }
        return index
    }

    /// Fills the per-column and per-row view-space ray slopes of the pixel centres.
    private func prepareRays(_ frame: FrameSetup) {
        let w = frame.width
        let h = frame.height
        if rayX.count != w { rayX = [Float](repeating: 0, count: w) }
        if rayY.count != h { rayY = [Float](repeating: 0, count: h) }
        for x in 0..<w { rayX[x] = ((Float(x) + 0.5) * 2 / Float(w) - 1) / frame.p00 }
        for y in 0..<h { rayY[y] = (1 - (Float(y) + 0.5) * 2 / Float(h)) / frame.p11 }
    }
}
