import Math3D
import SceneGraph

// The unsafe part of rasterizing: the arrays a frame reads and writes, pinned as raw
// pointers for the length of one call, in named groups. Each helper calls its body once,
// or not at all when there is nothing to draw into.

/// The framebuffer's planes, pinned.
struct PlanePointers {
    let color: UnsafeMutablePointer<Vec3>
    let depth: UnsafeMutablePointer<Float>
    /// Nil when the framebuffer keeps no normals (`Rasterizer.keepsNormals`).
    let normal: UnsafeMutablePointer<Vec3>?
    let coverage: UnsafeMutablePointer<UInt8>
}

/// The frame's set-up primitives and shading table, pinned.
struct PrimitivePointers {
    let triangles: UnsafeBufferPointer<TriangleSetup>
    /// `Rasterizer.tangentSetups`, beside `triangles`.
    let tangents: UnsafePointer<TangentSetup>?
    let spheres: UnsafeBufferPointer<SphereSetup>
    let shades: UnsafeBufferPointer<ShadeParams>
}

/// What shading reads besides the primitives: texture levels and the pixel rays, pinned.
struct SamplingPointers {
    let textures: UnsafeBufferPointer<[UInt8]>
    let alphas: UnsafeBufferPointer<[UInt8]>
    let mips: UnsafeBufferPointer<[Float]>
    let textureSizes: UnsafeBufferPointer<SIMD2<Int32>>
    let linear: UnsafePointer<Float>
    let unorm: UnsafePointer<Float>
    let rayX: UnsafePointer<Float>
    let rayY: UnsafePointer<Float>
}

/// The per-band lists of triangle and sphere indices, pinned.
struct BinPointers {
    let triangleBins: UnsafePointer<Int32>?, triangleBinStarts: UnsafePointer<Int>?
    let sphereBins: UnsafePointer<Int32>?, sphereBinStarts: UnsafePointer<Int>?
}

extension Framebuffer {
    /// Calls `body` with the four planes pinned (the normals nil when that plane is empty);
    /// not at all for an empty framebuffer.
    mutating func withPlanes(_ body: (PlanePointers) -> Void) {
        color.withUnsafeMutableBufferPointer { color in
            depth.withUnsafeMutableBufferPointer { depth in
                normal.withUnsafeMutableBufferPointer { normal in
                    coverage.withUnsafeMutableBufferPointer { coverage in
                        guard let c = color.baseAddress, let d = depth.baseAddress, let v = coverage.baseAddress
                        else { return }
                        // An empty array may still give a base address (shared empty storage).
                        let n = normal.count >= color.count ? normal.baseAddress : nil
                        body(PlanePointers(color: c, depth: d, normal: n, coverage: v))
                    }
                }
            }
        }
    }
}

extension Rasterizer {
    /// Calls `body` with this frame's triangles (the first `triangleCount`), spheres and
    /// shading table pinned.
    func withPrimitives(_ body: (PrimitivePointers) -> Void) {
        let count = triangleCount
        triangles.withUnsafeBufferPointer { all in
            tangentSetups.withUnsafeBufferPointer { tangents in
                spheres.withUnsafeBufferPointer { spheres in
                    shades.withUnsafeBufferPointer { shades in
                        body(
                            PrimitivePointers(
                                triangles: UnsafeBufferPointer(rebasing: all[0..<count]),
                                tangents: tangents.baseAddress, spheres: spheres, shades: shades))
                    }
                }
            }
        }
    }

    /// Calls `body` with the texture levels and the pixel rays pinned; not at all when
    /// there are no rays (an empty view).
    func withSampling(_ body: (SamplingPointers) -> Void) {
        textureTexels.withUnsafeBufferPointer { textures in
            textureAlphas.withUnsafeBufferPointer { alphas in
                textureMips.withUnsafeBufferPointer { mips in
                    textureSizes.withUnsafeBufferPointer { sizes in
                        SRGB.toLinear.withUnsafeBufferPointer { lut in
                            MipChain.unorm.withUnsafeBufferPointer { unorm in
                                rayX.withUnsafeBufferPointer { rx in
                                    rayY.withUnsafeBufferPointer { ry in
                                        guard let x = rx.baseAddress, let y = ry.baseAddress, let l = lut.baseAddress,
                                            let u = unorm.baseAddress
                                        else { return }
                                        body(
                                            SamplingPointers(
                                                textures: textures, alphas: alphas, mips: mips, textureSizes: sizes,
                                                linear: l, unorm: u, rayX: x, rayY: y))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Calls `body` with the band bins pinned, or with nil bins when `binned` is false
    /// (one band draws everything).
    func withBins(_ binned: Bool, _ body: (BinPointers) -> Void) {
        guard binned else {
            body(BinPointers(triangleBins: nil, triangleBinStarts: nil, sphereBins: nil, sphereBinStarts: nil))
            return
        }
        triangleBins.withUnsafeBufferPointer { tb in
            triangleBinStarts.withUnsafeBufferPointer { tbs in
                sphereBins.withUnsafeBufferPointer { sb in
                    sphereBinStarts.withUnsafeBufferPointer { sbs in
                        body(
                            BinPointers(
                                triangleBins: tb.baseAddress, triangleBinStarts: tbs.baseAddress,
                                sphereBins: sb.baseAddress, sphereBinStarts: sbs.baseAddress))
                    }
                }
            }
        }
    }
}

extension BandContext {
    /// A band context from the pinned groups.
    init(
        width: Int, planes: PlanePointers, primitives: PrimitivePointers, sampling: SamplingPointers,
        bins: BinPointers, light: Vec3, background: Vec3, sphereRowBudget: Int, cancel: CancelProbe?
    ) {
        self.init(
            width: width, color: planes.color, depth: planes.depth, normal: planes.normal, coverage: planes.coverage,
            triangles: primitives.triangles, tangents: primitives.tangents, spheres: primitives.spheres,
            shades: primitives.shades,
            textures: sampling.textures, alphas: sampling.alphas, mips: sampling.mips, linear: sampling.linear,
            unorm: sampling.unorm,
            textureSizes: sampling.textureSizes,
            triangleBins: bins.triangleBins, triangleBinStarts: bins.triangleBinStarts,
            sphereBins: bins.sphereBins, sphereBinStarts: bins.sphereBinStarts,
            rayX: sampling.rayX, rayY: sampling.rayY, light: light, background: background,
            sphereRowBudget: sphereRowBudget, cancel: cancel)
    }
}

/// A mesh's vertex arrays, pinned (for the triangle set-up).
struct MeshPointers {
    let positions: UnsafePointer<Vec3>
    let indices: UnsafePointer<UInt32>
    /// Nil when the mesh has no texture coordinates.
    let uvs: UnsafePointer<Vec2>?
    let uvCount: Int
    /// Nil when the mesh has no second texture coordinate set.
    let uvs1: UnsafePointer<Vec2>?
    let uv1Count: Int
    /// Nil when the mesh has no tangents.
    let tangents: UnsafePointer<Vec4>?
    /// Nil when the mesh has no vertex colours.
    let colors: UnsafePointer<Vec3>?
    let colorCount: Int
    /// Nil when the mesh has no normals.
    let normals: UnsafePointer<Vec3>?
    let normalCount: Int
}

/// The triangle set-up's scratch arrays, pinned: per-vertex screen positions, 1/w and
/// outcodes, the set-up triangles and the indices of the triangles left for clipping.
struct SetupScratchPointers {
    let screen: UnsafeMutablePointer<SIMD2<Int32>>
    let inverseW: UnsafeMutablePointer<Float>
    let outcodes: UnsafeMutablePointer<UInt8>
    let triangles: UnsafeMutablePointer<TriangleSetup>
    /// `Rasterizer.tangentSetups`, or nil while it is empty.
    let tangents: UnsafeMutablePointer<TangentSetup>?
    let deferred: UnsafeMutablePointer<Int>
}

extension Rasterizer {
    /// Calls `body` with `mesh`'s vertex arrays pinned; not at all for a mesh without
    /// positions or indices.
    func withMeshPointers(_ mesh: Mesh, _ body: (MeshPointers) -> Void) {
        mesh.positions.withUnsafeBufferPointer { pos in
            mesh.indices.withUnsafeBufferPointer { idx in
                mesh.uvs.withUnsafeBufferPointer { uvs in
                    mesh.uvs1.withUnsafeBufferPointer { uvs1 in
                        mesh.colors.withUnsafeBufferPointer { colors in
                            mesh.normals.withUnsafeBufferPointer { nrm in
                                mesh.tangents.withUnsafeBufferPointer { tan in
                                    guard let p = pos.baseAddress, let i = idx.baseAddress else { return }
                                    body(
                                        MeshPointers(
                                            positions: p, indices: i, uvs: uvs.baseAddress, uvCount: uvs.count,
                                            uvs1: uvs1.baseAddress, uv1Count: uvs1.count, tangents: tan.baseAddress,
                                            colors: colors.baseAddress, colorCount: colors.count,
                                            normals: nrm.baseAddress, normalCount: nrm.count))
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Calls `body` with the set-up scratch arrays pinned; not at all while one is empty.
    func withSetupScratch(_ body: (SetupScratchPointers) -> Void) {
        screen.withUnsafeMutableBufferPointer { scr in
            inverseW.withUnsafeMutableBufferPointer { invW in
                outcodes.withUnsafeMutableBufferPointer { codes in
                    triangles.withUnsafeMutableBufferPointer { out in
                        tangentSetups.withUnsafeMutableBufferPointer { tan in
                            deferred.withUnsafeMutableBufferPointer { def in
                                guard let s = scr.baseAddress, let w = invW.baseAddress, let c = codes.baseAddress,
                                    let o = out.baseAddress, let d = def.baseAddress
                                else { return }
                                body(
                                    SetupScratchPointers(
                                        screen: s, inverseW: w, outcodes: c, triangles: o, tangents: tan.baseAddress,
                                        deferred: d))
                            }
                        }
                    }
                }
            }
        }
    }
}
