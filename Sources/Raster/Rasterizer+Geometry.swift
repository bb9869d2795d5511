import Dispatch
import Math3D
import SceneGraph

extension Rasterizer {
    /// Meshes with at least this many vertices or triangles are set up in parallel chunks
    /// when `threads` > 1 (below it, dispatching costs more than it saves).
    static let parallelGeometryThreshold = 4096

    /// Runs the triangle pipeline for one mesh instance, adding to `triangles`.
    func setupTriangles(world: Matrix4, mesh: Mesh, material: Material, frame: FrameSetup, stats: inout RenderStats) {
        let vertexCount = mesh.vertexCount
        let modelView = frame.view * world
        let mvp = frame.projection * modelView
        let normalMatrix = Rasterizer.normalMatrix(modelView)
        stats.trianglesSubmitted += mesh.triangleCount
        if screen.count < vertexCount {
            screen = [SIMD2<Int32>](repeating: .zero, count: vertexCount)
            inverseW = [Float](repeating: 0, count: vertexCount)
            outcodes = [UInt8](repeating: 0, count: vertexCount)
        }
        let groups = mesh.groups
        var transformed = false
        for g in groups.indices {
            if g > 0, let probe, probe.check() { return }
            let groupMaterial = groups[g].material ?? material
            let shade = shadeIndex(for: groupMaterial, frame: frame)
            let mip = MipSelector(shade: shades[Int(shade)], sizes: textureSizes, enabled: mipmapping)
            let range = groups[g].triangles
            if groups[g].kind != .triangles {
                let r = setupStrokes(
                    mesh, range: range, kind: groups[g].kind, mvp: mvp, material: shade, mip: mip, frame: frame)
                stats.trianglesDrawn += r.drawn
                stats.trianglesCulled += r.culled
                continue
            }
            reserveTriangles(range.count)
            // Normal-mapped triangles keep their tangents in a table beside the set-ups.
            let tangentSpace = mip.normal.base >= 0 && mesh.tangents.count >= vertexCount
            if tangentSpace { reserveTangents() }
            if deferred.count < range.count { deferred = [Int](repeating: 0, count: range.count) }
            var result = GeometryChunk.Result()
            let base = triangleCount
            withMeshPointers(mesh) { m in
                withSetupScratch { scratch in
                    let chunk = GeometryChunk(
                        positions: m.positions, indices: m.indices,
                        uvs: m.uvCount < vertexCount ? nil : m.uvs,
                        uvs1: m.uv1Count < vertexCount ? nil : m.uvs1,
                        tangents: tangentSpace ? m.tangents : nil,
                        tangentOut: tangentSpace ? scratch.tangents.map { $0 + base } : nil,
                        modelView: modelView,
                        colors: m.colorCount < vertexCount ? nil : m.colors,
                        normals: m.normals ?? m.positions, normalCount: m.normalCount,
                        screen: scratch.screen, inverseW: scratch.inverseW, outcodes: scratch.outcodes,
                        out: scratch.triangles + base, deferred: scratch.deferred,
                        mvp: mvp, normalMatrix: normalMatrix, mip: mip, material: shade,
                        doubleSided: groupMaterial.doubleSided,
                        width: Int64(frame.width), height: Int64(frame.height),
                        halfWidthFixed: frame.halfWidthFixed, halfHeightFixed: frame.halfHeightFixed,
                        probe: probe)
                    // Transform each vertex once (for the first group of triangles; later groups
                    // share them).
                    if !transformed {
                        transformVertices(chunk, count: vertexCount)
                        transformed = true
                        if let probe = chunk.probe, probe.isCancelled { return }
                    }
                    result = setUpTriangles(chunk, range: range)
                }
            }
            // A cancelled frame leaves the rest of its set-up undone (the counts say so).
            if let probe, probe.isCancelled { return }
            triangleCount += result.stored

            // Near-plane (and guard-band) clipping for the few triangles that need it.
            var drawn = result.stored
            var culled = result.culled
            stats.trianglesClipped += result.deferred
            for k in 0..<result.deferred {
                if k & (GeometryChunk.cancelStride / 16 - 1) == 0, k > 0, let probe, probe.check() { return }
                if clipAndSetup(
                    mesh, triangle: deferred[k], mvp: mvp, normals: normalMatrix, material: shade,
                    doubleSided: groupMaterial.doubleSided, mip: mip, frame: frame,
                    tangentSpace: tangentSpace ? modelView : nil)
                {
                    drawn += 1
                } else {
                    culled += 1
                }
            }
            stats.trianglesDrawn += drawn
            stats.trianglesCulled += culled
        }
    }

    /// Transforms `count` vertices, in parallel chunks for big meshes.
    private func transformVertices(_ chunk: GeometryChunk, count: Int) {
        let parts = workers
        if parts == 1 || count < Rasterizer.parallelGeometryThreshold {
            chunk.transform(0..<count)
            return
        }
        let size = (count + parts - 1) / parts
        DispatchQueue.concurrentPerform(iterations: parts) { k in
            chunk.transform(min(count, k * size)..<min(count, (k + 1) * size))
        }
    }

    /// Sets up the triangles `range`, in parallel chunks for big meshes. Each chunk writes its
    /// own slots; the results are then packed in triangle order, so the set-ups (and the
    /// picture) are the same as with one thread.
    private func setUpTriangles(_ chunk: GeometryChunk, range: Range<Int>) -> GeometryChunk.Result {
        let parts = workers
        if parts == 1 || range.count < Rasterizer.parallelGeometryThreshold {
            return chunk.setUp(range, slot: 0)
        }
        let size = (range.count + parts - 1) / parts
        if chunkResults.count < parts { chunkResults = [GeometryChunk.Result](repeating: .init(), count: parts) }
        chunkResults.withUnsafeMutableBufferPointer { res in
            let resultPointer = ResultsPointer(base: res.baseAddress)
            DispatchQueue.concurrentPerform(iterations: parts) { k in
                let lo = range.lowerBound + min(range.count, k * size)
                let hi = range.lowerBound + min(range.count, (k + 1) * size)
                resultPointer.base?[k] = chunk.setUp(lo..<hi, slot: k * size)
            }
        }
        // Pack the chunks' outputs in order.
        var total = GeometryChunk.Result()
        for k in 0..<parts {
            let r = chunkResults[k]
            if k > 0 {
                (chunk.out + total.stored).update(from: chunk.out + k * size, count: r.stored)
                if let t = chunk.tangentOut { (t + total.stored).update(from: t + k * size, count: r.stored) }
                (chunk.deferred + total.deferred).update(from: chunk.deferred + k * size, count: r.deferred)
            }
            total.stored += r.stored
            total.deferred += r.deferred
            total.culled += r.culled
        }
        return total
    }

    /// Makes room for `extra` more triangle set-ups after `triangleCount` (grows only).
    ///
    /// The set-ups are plain values and every slot is written before it is read, so the new
    /// slots are not filled: zero-filling them (about 200 bytes a triangle, 26 MB for a
    /// 131k-triangle mesh) cost more than drawing the first frame. The slots before
    /// `triangleCount` are kept.
    func reserveTriangles(_ extra: Int) {
        let needed = triangleCount + extra
        guard triangles.count < needed else { return }
        let count = max(needed, triangles.count * 2)
        let kept = triangleCount
        triangles = triangles.withUnsafeBufferPointer { old in
            [TriangleSetup](unsafeUninitializedCapacity: count) { slots, initialized in
                if let from = old.baseAddress, kept > 0, let to = slots.baseAddress {
                    to.initialize(from: from, count: kept)
                }
                initialized = count
            }
        }
    }

    /// Makes the tangent table as long as the set-up buffer (grows only; the entries are
    /// written before they are read, at the indices of normal-mapped triangles).
    func reserveTangents() {
        guard tangentSetups.count < triangles.count else { return }
        let zero = TangentSetup(.zero, .zero, .zero, invW: .zero)
        tangentSetups.append(contentsOf: repeatElement(zero, count: triangles.count - tangentSetups.count))
    }

    /// Round to the nearest 1/256 pixel without a libm call (`v` is bounded and finite).
    @inline(__always)
    static func fixed(_ v: Float) -> Int64 {
        let t = Int64(v + 0.5)
        return Float(t) > v + 0.5 ? t - 1 : t
    }

    /// Edge functions with the top-left rule and attributes over w for a front-facing triangle.
    @inline(__always)
    static func makeSetup(
        _ p0: SIMD2<Int64>, _ p1: SIMD2<Int64>, _ p2: SIMD2<Int64>, area: Int64,
        bounds: (Int64, Int64, Int64, Int64), invW: Vec3,
        normals: (Vec3, Vec3, Vec3), uvs: (Vec2, Vec2, Vec2), material: Int32, texture: TextureLevels,
        colors: (Vec3, Vec3, Vec3)? = nil, uvs1: (Vec2, Vec2, Vec2)? = nil
    ) -> TriangleSetup {
        // Edge from a to b, positive inside: E(p) = (px - ax)(by - ay) - (py - ay)(bx - ax).
        // Top-left rule: pixels exactly on an edge belong to it only if it is a left edge
        // (going down the screen) or a top edge (horizontal, going left); elsewhere the
        // constant is lowered by one so that E = 0 fails the `>= 0` test.
        @inline(__always) func edge(_ a: SIMD2<Int64>, _ b: SIMD2<Int64>) -> (Int64, Int64, Int64) {
            let dx = b.x &- a.x
            let dy = b.y &- a.y
            let topLeft = dy > 0 || (dy == 0 && dx < 0)
            let c = (a.y &* dx) &- (a.x &* dy) &- (topLeft ? 0 : 1)
            return (dy, 0 &- dx, c)
        }
        let e0 = edge(p1, p2)
        let e1 = edge(p2, p0)
        let e2 = edge(p0, p1)
        let n0 = normals.0 * invW.x
        let n1 = normals.1 * invW.y
        let n2 = normals.2 * invW.z
        let t0 = uvs.0 * invW.x
        let t1 = uvs.1 * invW.y
        let t2 = uvs.2 * invW.z
        var setup = TriangleSetup(
            minX: Int32(bounds.0), maxX: Int32(bounds.1), minY: Int32(bounds.2), maxY: Int32(bounds.3),
            a0: e0.0, b0: e0.1, c0: e0.2, a1: e1.0, b1: e1.1, c1: e1.2, a2: e2.0, b2: e2.1, c2: e2.2,
            invArea: 1 / Float(area), material: material, texture: texture.diffuse, glowTexture: texture.glow,
            occlusionTexture: texture.occlusion, metalTexture: texture.metal, invW: invW,
            nx: Vec3(n0.x, n1.x, n2.x), ny: Vec3(n0.y, n1.y, n2.y), nz: Vec3(n0.z, n1.z, n2.z),
            u: Vec3(t0.x, t1.x, t2.x), v: Vec3(t0.y, t1.y, t2.y))
        setup.normalTexture = texture.normal
        if let uvs1 {
            let s0 = uvs1.0 * invW.x
            let s1 = uvs1.1 * invW.y
            let s2 = uvs1.2 * invW.z
            setup.u1 = Vec3(s0.x, s1.x, s2.x)
            setup.v1 = Vec3(s0.y, s1.y, s2.y)
        }
        if let colors {
            let c0 = colors.0 * invW.x
            let c1 = colors.1 * invW.y
            let c2 = colors.2 * invW.z
            setup.r = Vec3(c0.x, c1.x, c2.x)
            setup.g = Vec3(c0.y, c1.y, c2.y)
            setup.b = Vec3(c0.z, c1.z, c2.z)
            setup.colored = true
        }
        return setup
    }

    /// The matrix for normals of `modelView`: its inverse transpose up to a positive factor.
    static func normalMatrix(_ m: Matrix4) -> NormalMatrix {
        let a = Vec3(m.columns.0)
        let b = Vec3(m.columns.1)
        let c = Vec3(m.columns.2)
        let det = dot(a, cross(b, c))
        if det == 0 || !det.isFinite { return NormalMatrix(a, b, c) }
        let s: Float = det < 0 ? -1 : 1
        return NormalMatrix(cross(b, c) * s, cross(c, a) * s, cross(a, b) * s)
    }
}
