import Math3D
import SceneGraph

extension PLYReader {
    /// Where a vertex record's position, normal and colour are among its properties.
    struct VertexLayout {
        let properties: [PLYHeader.Property]
        /// Property index of x, y, z.
        let position: [Int]
        /// Property index of nx, ny, nz, when all three are present.
        let normal: [Int]?
        /// Property index of red, green, blue, when all three are present.
        let color: [Int]?

        init(_ element: PLYHeader.Element, name: String) throws(AssetError) {
            properties = element.properties
            func find(_ names: [String]) -> [Int]? {
                let found = names.compactMap { n in element.properties.firstIndex { $0.name == n && $0.count == nil } }
                return found.count == names.count ? found : nil
            }
            guard let position = find(["x", "y", "z"]) else {
                throw AssetError(file: name, "PLY vertex element has no x, y and z properties")
            }
            self.position = position
            normal = find(["nx", "ny", "nz"])
            color =
                find(["red", "green", "blue"]) ?? find(["diffuse_red", "diffuse_green", "diffuse_blue"])
                ?? find(["r", "g", "b"])
        }

        /// Reads one vertex record, appending its position (and normal and colour, when the
        /// element has them).
        /// `record` is scratch space as long as `properties`, reused between records.
        func read(
            _ values: inout PLYValues, record: inout [Double], positions: inout [Vec3], normals: inout [Vec3],
            colors: inout [Vec3]
        ) throws(AssetError) {
            for (k, p) in properties.enumerated() {
                if let countType = p.count {
                    let n = try values.count(countType, limit: Int(Int32.max), what: p.name)
                    for _ in 0..<n { _ = try values.next(p.type) }
                } else {
                    record[k] = try values.next(p.type)
                }
            }
            positions.append(Vec3(Float(record[position[0]]), Float(record[position[1]]), Float(record[position[2]])))
            if let normal {
                normals.append(Vec3(Float(record[normal[0]]), Float(record[normal[1]]), Float(record[normal[2]])))
            }
            if let color {
                colors.append(
                    Vec3(
                        channel(record[color[0]], color[0]), channel(record[color[1]], color[1]),
                        channel(record[color[2]], color[2])))
            }
        }

        /// A colour channel in linear light: 8-bit (or wider integer) values are 0-255 sRGB
        /// codes, floating-point values 0-1 sRGB.
        func channel(_ v: Double, _ k: Int) -> Float {
            let encoded = properties[k].type.isFloat ? Float(v) : Float(v) / 255
            return SRGB.decode(min(max(encoded, 0), 1))
        }
    }
}
