import CMeshopt
import Math3D
import SceneGraph

/// A lighter copy of a very large scene for the frames drawn while it turns: every mesh of
/// at least `minimumTriangles` is simplified by meshoptimizer (`meshopt_simplifySloppy`)
/// so the scene draws about `budget` triangles. The viewer draws it while the model spins
/// and the full scene when it is still (the HUD says which).
enum DisplayDetail {
    /// Triangles drawn while moving: 200,000 (`orbit bench` draws a frame of them at
    /// 200 x 60 cells in about 30 ms on two busy cores; docs/PERFORMANCE.md).
    static let budget = 200_000
    /// Meshes smaller than this are kept whole: 10,000 triangles.
    static let minimumTriangles = 10_000

    /// The simplified scene, or nil when `scene` draws at most `budget` triangles.
    static func simplified(_ scene: Node, budget: Int = budget) -> Node? {
        let total = scene.triangleCount
        guard total > budget, total > 0 else { return nil }
        let ratio = Double(budget) / Double(total)
        var done: [(Mesh, Mesh)] = []
        return map(scene, ratio: ratio, done: &done)
    }

    private static func map(_ node: Node, ratio: Double, done: inout [(Mesh, Mesh)]) -> Node {
        var out = node
        if var content = node.content, content.mesh.triangleCount >= minimumTriangles {
            if let known = done.first(where: { $0.0.sharesStorage(with: content.mesh) }) {
                content.mesh = known.1
            } else {
                let light = simplify(content.mesh, ratio: ratio)
                done.append((content.mesh, light))
                content.mesh = light
            }
            out.content = content
        }
        out.children = node.children.map { map($0, ratio: ratio, done: &done) }
        return out
    }

    /// `mesh` with each triangle group simplified to about `ratio` of its triangles (line
    /// and point groups kept), holding only the vertices still used.
    static func simplify(_ mesh: Mesh, ratio: Double) -> Mesh {
        let source = mesh.indices
        var indices: [UInt32] = []
        var groups: [Mesh.Group] = []
        var scratch = [UInt32](repeating: 0, count: 0)
        for g in mesh.groups {
            let slice = source[(g.triangles.lowerBound * 3)..<(g.triangles.upperBound * 3)]
            let start = indices.count / 3
            if g.kind == .triangles, g.triangles.count >= minimumTriangles / 10 {
                if scratch.count < slice.count { scratch = [UInt32](repeating: 0, count: slice.count) }
                let target = max(3, Int(Double(slice.count) * ratio) / 3 * 3)
                let written = slice.withUnsafeBufferPointer { ix in
                    mesh.positions.withUnsafeBufferPointer { p in
                        scratch.withUnsafeMutableBufferPointer { d in
                            p.baseAddress!.withMemoryRebound(to: Float.self, capacity: p.count * 4) { floats in
                                orbit_meshopt_simplify_sloppy(
                                    d.baseAddress, ix.baseAddress, ix.count, floats, p.count,
                                    MemoryLayout<Vec3>.stride, target)
                            }
                        }
                    }
                }
                indices += scratch[0..<written]
            } else {
                indices += slice
            }
            var group = g
            group.triangles = start..<(indices.count / 3)
            groups.append(group)
        }
        return compacted(mesh, indices: indices, groups: groups)
    }

    /// A mesh of only the vertices `indices` use (every frame transforms each vertex, so
    /// unused ones would cost as much as drawn ones), in their first-use order.
    static func compacted(_ mesh: Mesh, indices: [UInt32], groups: [Mesh.Group]) -> Mesh {
        var remap = [UInt32](repeating: .max, count: mesh.vertexCount)
        var order: [Int] = []
        var out = indices
        for (k, i) in indices.enumerated() {
            if remap[Int(i)] == .max {
                remap[Int(i)] = UInt32(order.count)
                order.append(Int(i))
            }
            out[k] = remap[Int(i)]
        }
        func pick<T>(_ values: [T]) -> [T] { values.isEmpty ? [] : order.map { values[$0] } }
        // The values are the mesh's own, already checked.
        return
            (try? Mesh(
                name: mesh.name, positions: pick(mesh.positions), normals: pick(mesh.normals), uvs: pick(mesh.uvs),
                indices: out, groups: groups, colors: pick(mesh.colors))) ?? mesh
    }
}
