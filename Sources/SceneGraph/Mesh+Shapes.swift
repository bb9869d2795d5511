import Foundation
import Math3D

extension Mesh {
    /// A UV sphere centred at the origin, with unit normals and texture coordinates.
    ///
    /// The seam (u = 0 and 1) is on the -Z axis and u = 0.5 faces +Z, so an equirectangular
    /// map (longitude -180...180 left to right) puts Greenwich (longitude 0) on +Z, facing a
    /// camera on the +Z axis, with north up (+Y, v = 1). Longitude increases eastwards
    /// towards +X.
    /// - Parameters:
    ///   - radius: sphere radius. Default 1.
    ///   - longitudes: segments around the Y axis (at least 3). Default 32.
    ///   - latitudes: segments from pole to pole (at least 2). Default 16.
    public static func sphere(radius: Float = 1, longitudes: Int = 32, latitudes: Int = 16) -> Mesh {
        let lon = max(3, longitudes)
        let lat = max(2, latitudes)
        var positions: [Vec3] = []
        var normals: [Vec3] = []
        var uvs: [Vec2] = []
        positions.reserveCapacity((lon + 1) * (lat + 1))
        for j in 0...lat {
            let v = 1 - Float(j) / Float(lat)  // 1 at the north pole
            let phi = Double.pi * Double(j) / Double(lat)  // 0 at the north pole
            for i in 0...lon {
                let u = Float(i) / Float(lon)
                let lambda = 2 * Double.pi * (Double(u) - 0.5)  // longitude, -pi...pi
                let n = Vec3(Float(sin(phi) * sin(lambda)), Float(cos(phi)), Float(sin(phi) * cos(lambda)))
                positions.append(n * radius)
                normals.append(n)
                uvs.append(Vec2(u, v))
            }
        }
        var indices: [UInt32] = []
        indices.reserveCapacity(lon * lat * 6)
        let row = lon + 1
        for j in 0..<lat {
            for i in 0..<lon {
                let a = UInt32(j * row + i)
                let b = UInt32(j * row + i + 1)
                let c = UInt32((j + 1) * row + i)
                let d = UInt32((j + 1) * row + i + 1)
                // Counter-clockwise seen from outside; skip the degenerate pole triangles.
                if j != 0 { indices += [a, c, b] }
                if j != lat - 1 { indices += [b, c, d] }
            }
        }
        return Mesh(
            trusted: "sphere", positions: positions, normals: normals, uvs: uvs, indices: indices,
            primitive: .sphere(radius: radius))
    }

    /// An axis-aligned cube centred at the origin with flat faces and per-face UVs.
    /// - Parameter size: edge length. Default 1.
    public static func cube(size: Float = 1) -> Mesh {
        let h = size / 2
        let faces: [(n: Vec3, u: Vec3, v: Vec3)] = [
            (Vec3(1, 0, 0), Vec3(0, 0, -1), Vec3(0, 1, 0)), (Vec3(-1, 0, 0), Vec3(0, 0, 1), Vec3(0, 1, 0)),
            (Vec3(0, 1, 0), Vec3(1, 0, 0), Vec3(0, 0, -1)), (Vec3(0, -1, 0), Vec3(1, 0, 0), Vec3(0, 0, 1)),
            (Vec3(0, 0, 1), Vec3(1, 0, 0), Vec3(0, 1, 0)), (Vec3(0, 0, -1), Vec3(-1, 0, 0), Vec3(0, 1, 0)),
        ]
        var positions: [Vec3] = []
        var normals: [Vec3] = []
        var uvs: [Vec2] = []
        var indices: [UInt32] = []
        for f in faces {
            let base = UInt32(positions.count)
            for (su, sv) in [(-1, -1), (1, -1), (1, 1), (-1, 1)] as [(Float, Float)] {
                positions.append((f.n + f.u * su + f.v * sv) * h)
                normals.append(f.n)
                uvs.append(Vec2((su + 1) / 2, (sv + 1) / 2))
            }
            indices += [base, base + 1, base + 2, base, base + 2, base + 3]
        }
        return Mesh(trusted: "cube", positions: positions, normals: normals, uvs: uvs, indices: indices)
    }

    /// A square in the XY plane facing +Z, centred at the origin.
    /// - Parameter size: edge length. Default 1.
    public static func plane(size: Float = 1) -> Mesh {
        let h = size / 2
        return Mesh(
            trusted: "plane",
            positions: [Vec3(-h, -h, 0), Vec3(h, -h, 0), Vec3(h, h, 0), Vec3(-h, h, 0)],
            normals: Array(repeating: Vec3(0, 0, 1), count: 4),
            uvs: [Vec2(0, 0), Vec2(1, 0), Vec2(1, 1), Vec2(0, 1)],
            indices: [0, 1, 2, 0, 2, 3])
    }
}
