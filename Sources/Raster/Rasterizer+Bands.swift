import Dispatch
import Foundation
import Math3D
import SceneGraph

extension Rasterizer {
    /// Draws the set-up triangles and spheres into `framebuffer`, split into `bands` bands of
    /// rows. Every pixel sees the same primitives in the same order whatever the split, and
    /// all per-pixel values are computed from the pixel's own coordinates, so the result is
    /// bit for bit the same for any number of bands.
    func rasterize(into fb: inout Framebuffer, frame: FrameSetup, bands: Int) {
        let width = fb.width
        let height = fb.height
        let background = fb.background
        let rowsPerBand = (height + bands - 1) / bands
        if bands > 1 { binPrimitives(bands: bands, rowsPerBand: rowsPerBand) }
        fb.withPlanes { planes in
            withPrimitives { primitives in
                withSampling { sampling in
                    withBins(bands > 1) { bins in
                        let ctx = BandContext(
                            width: width, planes: planes, primitives: primitives, sampling: sampling,
                            bins: bins, light: frame.light, background: background,
                            sphereRowBudget: sphereRowBudget(width: width), cancel: probe)
                        Rasterizer.drawBands(bands, rowsPerBand: rowsPerBand, height: height, ctx)
                    }
                }
            }
        }
    }

    /// Draws every band: on this thread when there is one, else spread over threads.
    static func drawBands(_ bands: Int, rowsPerBand: Int, height: Int, _ ctx: BandContext) {
        if bands <= 1 {
            drawBand(0, rows: 0..<height, ctx)
            return
        }
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            let y0 = band * rowsPerBand
            let y1 = min(height, y0 + rowsPerBand)
            if y0 < y1 { drawBand(band, rows: y0..<y1, ctx) }
        }
    }

    /// Clears the rows of band `band`, then draws the triangles and then the spheres that touch
    /// them (its bins, or everything when there are none), clipped to its rows; stops early
    /// once the frame is cancelled (`ctx.cancel`).
    static func drawBand(_ band: Int, rows: Range<Int>, _ ctx: BandContext) {
        let first = rows.lowerBound * ctx.width
        let count = rows.count * ctx.width
        (ctx.color + first).update(repeating: ctx.background, count: count)
        (ctx.depth + first).update(repeating: .infinity, count: count)
        if let normal = ctx.normal { (normal + first).update(repeating: .zero, count: count) }
        (ctx.coverage + first).update(repeating: 0, count: count)
        let y0 = Int32(rows.lowerBound)
        let y1 = Int32(rows.upperBound - 1)
        var triangleList = 0..<ctx.triangles.count
        if let starts = ctx.triangleBinStarts { triangleList = starts[band]..<starts[band + 1] }
        for k in triangleList {
            if let cancel = ctx.cancel, k & 7 == 0, cancel.check() { return }
            let index = ctx.triangleBins.map { Int($0[k]) } ?? k
            let t = ctx.triangles[index]
            if t.maxY < y0 || t.minY > y1 { continue }
            let shade = ctx.shades[Int(t.material)]
            let rowRange = Int(max(t.minY, y0))...Int(min(t.maxY, y1))
            let level = Int(t.texture)
            let glowLevel = Int(t.glowTexture)
            if shade.hasMaps {
                withLevel(level, ctx) { texels in
                    withLevel(glowLevel, ctx) { glow in
                        withMaps(t, index: index, ctx) { maps in
                            drawTriangle(t, rows: rowRange, shade: shade, texels: texels, glow: glow, maps: maps, ctx)
                        }
                    }
                }
            } else if glowLevel >= 0 {
                withLevel(level, ctx) { texels in
                    withLevel(glowLevel, ctx) { glow in
                        drawTriangle(t, rows: rowRange, shade: shade, texels: texels, glow: glow, ctx)
                    }
                }
            } else if level >= 0 {
                withLevel(level, ctx) { texels in
                    if let texels, let bytes = texels.bytes, shade.sampler == nil {
                        drawLevel0Triangle(t, rows: rowRange, shade: shade, texels: texels, bytes: bytes, ctx)
                    } else {
                        drawTriangle(t, rows: rowRange, shade: shade, texels: texels, glow: nil, ctx)
                    }
                }
            } else {
                drawTriangle(t, rows: rowRange, shade: shade, texels: nil, glow: nil, ctx)
            }
        }
        var sphereList = 0..<ctx.spheres.count
        if let starts = ctx.sphereBinStarts { sphereList = starts[band]..<starts[band + 1] }
        drawSpheres(sphereList, rows: rows, ctx)
    }

    /// The commonest textured triangle: a diffuse texture read at level 0 the standard way, no
    /// emission texture or surface maps. Its own function, so that the compiler inlines the
    /// whole pixel loop and the bilinear read into it (the band walk is too large for that).
    @inline(never)
    static func drawLevel0Triangle(
        _ t: TriangleSetup, rows: ClosedRange<Int>, shade: ShadeParams, texels: TexelLevel,
        bytes: UnsafePointer<UInt8>, _ ctx: BandContext
    ) {
        drawTriangle(t, rows: rows, shade: shade, texels: texels, glow: nil, level0: bytes, ctx)
    }

    /// Calls `body` with table level `index` pinned, or with nil when `index` is -1.
    @inline(__always)
    static func withLevel(_ index: Int, _ ctx: BandContext, _ body: (TexelLevel?) -> Void) {
        guard index >= 0 else { return body(nil) }
        let size = ctx.textureSizes[index]
        if !ctx.textures[index].isEmpty {
            ctx.textures[index].withUnsafeBufferPointer {
                body(TexelLevel(bytes: $0.baseAddress, floats: nil, width: Int(size.x), height: Int(size.y)))
            }
        } else {
            ctx.mips[index].withUnsafeBufferPointer {
                body(TexelLevel(bytes: nil, floats: $0.baseAddress, width: Int(size.x), height: Int(size.y)))
            }
        }
    }

    /// The surface maps of triangle `t` (at `index` in the frame's triangles), pinned for
    /// `body`; the normal map only with the triangle's tangents.
    static func withMaps(_ t: TriangleSetup, index: Int, _ ctx: BandContext, _ body: (SurfaceMaps) -> Void) {
        withLevel(Int(t.occlusionTexture), ctx) { occlusion in
            withLevel(Int(t.metalTexture), ctx) { metal in
                withLevel(Int(t.normalTexture), ctx) { normal in
                    let tangents = normal != nil ? ctx.tangents.map { $0[index] } : nil
                    body(
                        SurfaceMaps(
                            occlusion: occlusion, metal: metal, normal: tangents != nil ? normal : nil,
                            tangents: tangents))
                }
            }
        }
    }

    /// One triangle over `rows`: edge functions with the top-left rule, z-buffer,
    /// alpha test (`ShadeParams.covers`), perspective-correct normal, UV and vertex colour,
    /// diffuse and emission textures, the surface maps (`maps`, nil for materials without
    /// them), Blinn-Phong. With `level0` (the texture's level-0 bytes, read under the standard
    /// sampler) the diffuse texture is read straight from it.
    @inline(__always)
    static func drawTriangle(
        _ t: TriangleSetup, rows: ClosedRange<Int>, shade: ShadeParams,
        texels: TexelLevel?, glow glowTexels: TexelLevel?, maps: SurfaceMaps? = nil,
        level0: UnsafePointer<UInt8>? = nil, _ ctx: BandContext
    ) {
        let width = ctx.width
        let minX = Int(t.minX)
        let maxX = Int(t.maxX)
        let px0 = Int64(minX) &* 256 &+ 128
        let sx0 = t.a0 &* 256
        let sx1 = t.a1 &* 256
        let sx2 = t.a2 &* 256
        // The attributes over w as one weighted sum of three columns, one per vertex; lanes:
        // 1/w, the normal's x, y, z, u, v and the second set's u, v. Each lane is
        // (l.x a.x + l.y a.y) + l.z a.z, the very rounding of `(l * a).sum()`.
        let column0 = SIMD8(t.invW.x, t.nx.x, t.ny.x, t.nz.x, t.u.x, t.v.x, t.u1.x, t.v1.x)
        let column1 = SIMD8(t.invW.y, t.nx.y, t.ny.y, t.nz.y, t.u.y, t.v.y, t.u1.y, t.v1.y)
        let column2 = SIMD8(t.invW.z, t.nx.z, t.ny.z, t.nz.z, t.u.z, t.v.z, t.u1.z, t.v1.z)
        for y in rows {
            // Edge functions at the first pixel centre of the row, computed exactly (integers).
            let py = Int64(y) &* 256 &+ 128
            var e0 = t.a0 &* px0 &+ t.b0 &* py &+ t.c0
            var e1 = t.a1 &* px0 &+ t.b1 &* py &+ t.c1
            var e2 = t.a2 &* px0 &+ t.b2 &* py &+ t.c2
            // The row's pixels inside all three edges (e + k step >= 0 at x = minX + k), found
            // exactly in integers: the walk starts at the first and stops after the last.
            var first = 0
            var last = maxX - minX
            narrow(&first, &last, edge: e0, step: sx0)
            narrow(&first, &last, edge: e1, step: sx1)
            narrow(&first, &last, edge: e2, step: sx2)
            if first > last { continue }
            e0 &+= Int64(first) &* sx0
            e1 &+= Int64(first) &* sx1
            e2 &+= Int64(first) &* sx2
            let row = y * width
            let ry = ctx.rayY[y]
            for x in (minX + first)...(minX + last) {
                if (e0 | e1 | e2) >= 0 {
                    // Barycentric weights, then 1/w (linear in screen space) and the depth.
                    let l = Vec3(Float(e0), Float(e1), Float(e2)) * t.invArea
                    let a = l.x * column0 + l.y * column1 + l.z * column2
                    let iw = a[0]
                    let z = 1 / iw
                    let i = row + x
                    // Depth test: nearer wins; then the alpha test (mask or dither) of
                    // materials whose alpha counts.
                    if z < ctx.depth[i],
                        shade.alphaTest == 0 || shade.covers(x: x, y: y, u: a[4] * z, v: a[5] * z, ctx)
                    {
                        // Perspective-correct attributes: (sum l a/w) / (sum l 1/w).
                        // `normalize`, written out (the call was not always inlined).
                        let nv = Vec3(a[1], a[2], a[3])
                        let length = (nv * nv).sum().squareRoot()
                        let n = length > 0 ? nv / length : .zero
                        var albedo = Vec3.one
                        var glow = Vec3.one
                        if texels != nil || glowTexels != nil {
                            let u = a[4] * z
                            let v = a[5] * z
                            if let texels, let level0 {
                                albedo = texels.sampleBytes(level0, u: u, v: v, lut: ctx.linear)
                            } else if let texels {
                                albedo = texels.sample(u: u, v: v, lut: ctx.linear, sampler: shade.sampler)
                            }
                            if let glowTexels {
                                let gu = shade.glowSet == 0 ? u : a[6] * z
                                let gv = shade.glowSet == 0 ? v : a[7] * z
                                glow = glowTexels.sample(u: gu, v: gv, lut: ctx.linear, sampler: shade.glowSampler)
                            }
                        }
                        if t.colored { albedo *= Vec3((l * t.r).sum(), (l * t.g).sum(), (l * t.b).sum()) * z }
                        ctx.depth[i] = z
                        if let normal = ctx.normal { normal[i] = n }
                        ctx.coverage[i] = 255
                        if let maps {
                            ctx.color[i] = maps.shade(
                                t, l: l, z: z, n: n, ray: Vec3(ctx.rayX[x], ry, -1), albedo: albedo, glow: glow,
                                shade: shade, ctx)
                        } else {
                            ctx.color[i] = shade.shade(
                                n: n, ray: Vec3(ctx.rayX[x], ry, -1), light: ctx.light, albedo: albedo, glow: glow)
                        }
                    }
                }
                e0 &+= sx0
                e1 &+= sx1
                e2 &+= sx2
            }
        }
    }

    /// Narrows `first...last` (steps from a row's first pixel) to the steps k where the edge
    /// function `edge + k step` is not negative; `last` becomes -1 where there are none.
    @inline(__always)
    static func narrow(_ first: inout Int, _ last: inout Int, edge: Int64, step: Int64) {
        if step > 0 {
            // Rising: from the first k with k step >= -edge on.
            if edge < 0 { first = max(first, Int((step &- 1 &- edge) / step)) }
        } else if step < 0 {
            // Falling: up to the last k with k (-step) <= edge.
            last = edge < 0 ? -1 : min(last, Int(edge / (0 &- step)))
        } else if edge < 0 {
            last = -1
        }
    }

    @inline(__always)
    static func spherePixel(_ s: SphereSetup, x: Int, y: Int, isCentre: Bool, shade: ShadeParams, _ ctx: BandContext) {
        let i = y * ctx.width + x
        // Early depth test: nothing of the sphere is nearer than its front point.
        if s.frontDepth >= ctx.depth[i] { return }
        // The view ray through the pixel centre, scaled so that its depth component is 1.
        let ray = Vec3(ctx.rayX[x], ctx.rayY[y], -1)
        let a = (ray * ray).sum()
        let along = (ray * s.center).sum() / a
        // Offset from the centre to the ray's closest point (stable for tiny spheres).
        let q = ray * along - s.center
        let h = s.radiusSquared - (q * q).sum()
        let z: Float
        let back: Float
        if h >= 0 {
            back = (h / a).squareRoot()
            z = along - back
        } else if isCentre {
            back = 0
            z = s.frontDepth
        } else {
            return
        }
        if z < ctx.depth[i] {
            let n = h >= 0 ? (q - ray * back) * (1 / s.radius) : normalize(-s.center)
            ctx.depth[i] = z
            if let normal = ctx.normal { normal[i] = n }
            ctx.coverage[i] = 255
            ctx.color[i] = shade.shade(n: n, ray: ray, light: ctx.light, albedo: .one)
        }
    }
}
