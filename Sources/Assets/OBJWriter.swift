import Math3D
import SceneGraph

/// Writes meshes as Wavefront OBJ text and materials as MTL text, in a form `OBJReader`
/// reads back exactly (numbers are written in Swift's shortest round-trip notation).
public enum OBJWriter {
    /// The OBJ text of `mesh`: `mtllib` (when given), `o`, then `v`, `vt` (when the mesh
    /// has texture coordinates), `vn` and `f v/vt/vn` (or `v//vn`) statements; groups of
    /// lines and points as `l v/vt v/vt` (or `l v v`, one per segment) and `p v/vt` (or `p v`).
    /// - Parameters:
    ///   - mesh: the geometry.
    ///   - materialName: one `usemtl` for the whole mesh; when nil (the default), each
    ///     group with a material gets `usemtl` with that material's name.
    ///   - mtlFile: the material library to name in `mtllib`; default none.
    public static func write(mesh: Mesh, materialName: String? = nil, mtlFile: String? = nil) -> String {
        var out = "# Written by Orbit (OBJWriter)\n"
        out.reserveCapacity(mesh.vertexCount * 80 + mesh.triangleCount * 30)
        if let mtlFile { out += "mtllib \(mtlFile)\n" }
        out += "o \(mesh.name.isEmpty ? "mesh" : mesh.name)\n"
        for p in mesh.positions { out += "v \(p.x) \(p.y) \(p.z)\n" }
        for t in mesh.uvs { out += "vt \(t.x) \(t.y)\n" }
        for n in mesh.normals { out += "vn \(n.x) \(n.y) \(n.z)\n" }
        let uv = mesh.hasUVs
        let indices = mesh.indices
        func corner(_ i: UInt32) -> String {
            let k = Int(i) + 1
            return uv ? "\(k)/\(k)/\(k)" : "\(k)//\(k)"
        }
        // Lines and points take `v/vt` or `v` corners: the format gives them no normals.
        func bare(_ i: UInt32) -> String {
            let k = Int(i) + 1
            return uv ? "\(k)/\(k)" : "\(k)"
        }
        if let materialName { out += "usemtl \(materialName)\n" }
        for group in mesh.groups {
            if materialName == nil, let m = group.material { out += "usemtl \(m.name.isEmpty ? group.name : m.name)\n" }
            for t in group.triangles {
                switch group.kind {
                case .triangles:
                    out += "f \(corner(indices[3 * t])) \(corner(indices[3 * t + 1])) \(corner(indices[3 * t + 2]))\n"
                case .lines: out += "l \(bare(indices[3 * t])) \(bare(indices[3 * t + 1]))\n"
                case .points: out += "p \(bare(indices[3 * t]))\n"
                }
            }
        }
        return out
    }

    /// The MTL text of `materials`: `newmtl`, `Ka`, `Kd`, `Ks`, `Ke` (sRGB-encoded),
    /// `Ns`, `d`, and `map_Kd` when a texture file name is given for the material.
    /// - Parameters:
    ///   - materials: the materials, written in order under their names.
    ///   - textureFiles: file names for `map_Kd`, by material name. Default none.
    public static func writeMTL(materials: [Material], textureFiles: [String: String] = [:]) -> String {
        var out = "# Written by Orbit (OBJWriter)\n"
        func rgb(_ c: Color) -> String {
            "\(SRGB.encode(c.rgb.x)) \(SRGB.encode(c.rgb.y)) \(SRGB.encode(c.rgb.z))"
        }
        for m in materials {
            out += "newmtl \(m.name)\n"
            out += "Ka \(rgb(m.ambient))\nKd \(rgb(m.diffuse))\nKs \(rgb(m.specular))\n"
            if m.emissive != .black { out += "Ke \(rgb(m.emissive))\n" }
            out += "Ns \(m.shininess)\nd \(m.opacity)\n"
            if let file = textureFiles[m.name] { out += "map_Kd \(file)\n" }
        }
        return out
    }
}
