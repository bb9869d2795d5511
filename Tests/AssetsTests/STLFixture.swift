import Foundation
import Math3D
import SceneGraph

/// Writes STL files for the tests and the sample models, independently of the reader.
enum STLFixture {
    /// Each triangle of `mesh` as STL stores it: the facet normal, then the three corners.
    static func facets(_ mesh: Mesh) -> [(Vec3, Vec3, Vec3, Vec3)] {
        let p = mesh.positions
        let idx = mesh.indices
        return (0..<mesh.triangleCount).map { t in
            let a = p[Int(idx[3 * t])]
            let b = p[Int(idx[3 * t + 1])]
            let c = p[Int(idx[3 * t + 2])]
            return (normalize(cross(b - a, c - a)), a, b, c)
        }
    }

    /// ASCII STL of every triangle of `mesh`, with its facet normal.
    static func ascii(_ mesh: Mesh, name: String) -> String {
        var out = "solid \(name)\n"
        for (n, a, b, c) in facets(mesh) {
            out += "  facet normal \(n.x) \(n.y) \(n.z)\n    outer loop\n"
            for v in [a, b, c] { out += "      vertex \(v.x) \(v.y) \(v.z)\n" }
            out += "    endloop\n  endfacet\n"
        }
        return out + "endsolid \(name)\n"
    }

    /// Binary STL of `mesh`; the 80-byte header starts with `header` (default one that
    /// begins with "solid", as many exporters write, to prove detection is by size).
    static func binary(_ mesh: Mesh, header: String = "solid binary written by the Orbit tests") -> [UInt8] {
        var out = Array(header.utf8.prefix(80))
        out += [UInt8](repeating: 0x20, count: 80 - out.count)
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { out += $0 } }
        func f32(_ v: Float) { u32(v.bitPattern) }
        u32(UInt32(mesh.triangleCount))
        for (n, a, b, c) in facets(mesh) {
            for v in [n, a, b, c] {
                f32(v.x)
                f32(v.y)
                f32(v.z)
            }
            out += [0, 0]
        }
        return out
    }
}
