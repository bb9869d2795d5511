import Foundation
import Math3D
import SceneGraph

@testable import Assets

/// Writes small glTF 2.0 files for the tests and the sample models, independently of the
/// reader: meshes into one binary buffer, JSON through JSONSerialization (sorted keys).
final class GLTFBuilder {
    var bin: [UInt8] = []
    var accessors: [[String: Any]] = []
    var bufferViews: [[String: Any]] = []
    var meshes: [[String: Any]] = []
    var materials: [[String: Any]] = []
    var textures: [[String: Any]] = []
    var images: [[String: Any]] = []
    var samplers: [[String: Any]] = []
    var nodes: [[String: Any]] = []
    var sceneNodes: [Int] = []

    private func align() { while bin.count % 4 != 0 { bin.append(0) } }

    private func append(_ f: Float) { withUnsafeBytes(of: f.bitPattern.littleEndian) { bin += $0 } }

    /// A buffer view over bytes appended now.
    private func view(_ bytes: [UInt8], stride: Int? = nil) -> Int {
        align()
        var v: [String: Any] = ["buffer": 0, "byteOffset": bin.count, "byteLength": bytes.count]
        if let stride { v["byteStride"] = stride }
        bin += bytes
        bufferViews.append(v)
        return bufferViews.count - 1
    }

    private func floatBytes(_ values: [Float]) -> [UInt8] {
        var out: [UInt8] = []
        for f in values { withUnsafeBytes(of: f.bitPattern.littleEndian) { out += $0 } }
        return out
    }

    private func accessor(
        view: Int, offset: Int = 0, componentType: Int, count: Int, type: String, minMax: [[Float]]? = nil
    ) -> Int {
        var a: [String: Any] = [
            "bufferView": view, "byteOffset": offset, "componentType": componentType, "count": count, "type": type,
        ]
        if let minMax {
            a["min"] = minMax[0]
            a["max"] = minMax[1]
        }
        accessors.append(a)
        return accessors.count - 1
    }

    /// Adds `mesh` as one primitive. With `interleaved`, positions and normals share one
    /// view with a 24-byte stride; otherwise each attribute has its own. With `indexed`
    /// false, the triangles are expanded to a plain vertex list.
    @discardableResult
    func addMesh(_ mesh: Mesh, material: Int?, interleaved: Bool = false, indexed: Bool = true, name: String? = nil)
        -> Int
    {
        var ps = mesh.positions
        var ns = mesh.normals
        var ts = mesh.uvs
        var idx = mesh.indices
        if !indexed {
            ps = idx.map { mesh.positions[Int($0)] }
            ns = idx.map { mesh.normals[Int($0)] }
            ts = mesh.hasUVs ? idx.map { mesh.uvs[Int($0)] } : []
            idx = []
        }
        let lo = ps.reduce(Vec3(repeating: .infinity)) { pointwiseMin($0, $1) }
        let hi = ps.reduce(Vec3(repeating: -.infinity)) { pointwiseMax($0, $1) }
        let minMax = [[lo.x, lo.y, lo.z], [hi.x, hi.y, hi.z]]
        var attributes: [String: Int] = [:]
        if interleaved {
            let v = view(floatBytes(zip(ps, ns).flatMap { [$0.x, $0.y, $0.z, $1.x, $1.y, $1.z] }), stride: 24)
            attributes["POSITION"] = accessor(
                view: v, componentType: 5126, count: ps.count, type: "VEC3", minMax: minMax)
            attributes["NORMAL"] = accessor(view: v, offset: 12, componentType: 5126, count: ps.count, type: "VEC3")
        } else {
            attributes["POSITION"] = accessor(
                view: view(floatBytes(ps.flatMap { [$0.x, $0.y, $0.z] })), componentType: 5126, count: ps.count,
                type: "VEC3", minMax: minMax)
            attributes["NORMAL"] = accessor(
                view: view(floatBytes(ns.flatMap { [$0.x, $0.y, $0.z] })), componentType: 5126, count: ns.count,
                type: "VEC3")
        }
        if !ts.isEmpty {
            // glTF's v runs down the image.
            attributes["TEXCOORD_0"] = accessor(
                view: view(floatBytes(ts.flatMap { [$0.x, 1 - $0.y] })), componentType: 5126, count: ts.count,
                type: "VEC2")
        }
        var primitive: [String: Any] = ["attributes": attributes, "mode": 4]
        if !idx.isEmpty {
            // 16-bit indices when they fit, else 32-bit.
            let wide = ps.count > 65535
            var bytes: [UInt8] = []
            for i in idx {
                if wide {
                    withUnsafeBytes(of: i.littleEndian) { bytes += $0 }
                } else {
                    bytes += [UInt8(i & 0xFF), UInt8(i >> 8)]
                }
            }
            primitive["indices"] = accessor(
                view: view(bytes), componentType: wide ? 5125 : 5123, count: idx.count, type: "SCALAR")
        }
        if let material { primitive["material"] = material }
        meshes.append(["name": name ?? mesh.name, "primitives": [primitive]])
        return meshes.count - 1
    }

    /// Adds a float VEC2 attribute (`TEXCOORD_1`, ...) to the first primitive of mesh `mesh`,
    /// written as given (glTF's v down).
    func addAttribute(_ name: String, to mesh: Int, values: [Vec2]) {
        let a = accessor(
            view: view(floatBytes(values.flatMap { [$0.x, $0.y] })), componentType: 5126, count: values.count,
            type: "VEC2")
        var primitives = meshes[mesh]["primitives"] as? [[String: Any]] ?? []
        var attributes = primitives[0]["attributes"] as? [String: Int] ?? [:]
        attributes[name] = a
        primitives[0]["attributes"] = attributes
        meshes[mesh]["primitives"] = primitives
    }

    /// Adds a float VEC4 attribute (`TANGENT`, ...) to the first primitive of mesh `mesh`.
    func addAttribute4(_ name: String, to mesh: Int, values: [Vec4]) {
        let a = accessor(
            view: view(floatBytes(values.flatMap { [$0.x, $0.y, $0.z, $0.w] })), componentType: 5126,
            count: values.count, type: "VEC4")
        var primitives = meshes[mesh]["primitives"] as? [[String: Any]] ?? []
        var attributes = primitives[0]["attributes"] as? [String: Int] ?? [:]
        attributes[name] = a
        primitives[0]["attributes"] = attributes
        meshes[mesh]["primitives"] = primitives
    }

    /// Adds an embedded PNG texture (in the buffer) and returns its texture index.
    func addTexture(png: [UInt8]) -> Int {
        images.append(["bufferView": view(png), "mimeType": "image/png"])
        textures.append(["source": images.count - 1])
        return textures.count - 1
    }

    /// Adds a material with a linear base colour and, optionally, an embedded texture
    /// (`png`) stored in the buffer (`inBuffer`) or as a data URI.
    func addMaterial(name: String, baseColor: [Float], png: [UInt8]? = nil, inBuffer: Bool = true, roughness: Float = 1)
        -> Int
    {
        var pbr: [String: Any] = ["baseColorFactor": baseColor, "metallicFactor": 0, "roughnessFactor": roughness]
        if let png {
            if inBuffer {
                images.append(["bufferView": view(png), "mimeType": "image/png"])
            } else {
                images.append(["uri": "data:image/png;base64," + Data(png).base64EncodedString()])
            }
            textures.append(["source": images.count - 1])
            pbr["baseColorTexture"] = ["index": textures.count - 1]
        }
        materials.append(["name": name, "pbrMetallicRoughness": pbr])
        return materials.count - 1
    }

    /// Adds a node (glTF JSON keys) and returns its index.
    @discardableResult
    func addNode(_ node: [String: Any], root: Bool = false) -> Int {
        nodes.append(node)
        if root { sceneNodes.append(nodes.count - 1) }
        return nodes.count - 1
    }

    /// The JSON document; the buffer is a data URI, the file `bufferFile`, or (for GLB) absent.
    func json(buffer: BufferStorage) -> [UInt8] {
        align()
        var b: [String: Any] = ["byteLength": bin.count]
        switch buffer {
        case .dataURI: b["uri"] = "data:application/octet-stream;base64," + Data(bin).base64EncodedString()
        case .file(let name): b["uri"] = name
        case .glb: break
        }
        var doc: [String: Any] = [
            "asset": ["version": "2.0", "generator": "Orbit tests"],
            "scene": 0, "scenes": [["nodes": sceneNodes]],
            "nodes": nodes, "meshes": meshes, "accessors": accessors, "bufferViews": bufferViews, "buffers": [b],
        ]
        if !materials.isEmpty { doc["materials"] = materials }
        if !textures.isEmpty {
            doc["textures"] = textures
            doc["images"] = images
        }
        if !samplers.isEmpty { doc["samplers"] = samplers }
        let data = (try? JSONSerialization.data(withJSONObject: doc, options: [.sortedKeys, .prettyPrinted])) ?? Data()
        return [UInt8](data)
    }

    enum BufferStorage {
        case dataURI
        case file(String)
        case glb
    }

    /// The `.glb` container: header, JSON chunk (space-padded), BIN chunk (zero-padded).
    func glb() -> [UInt8] {
        var json = self.json(buffer: .glb)
        while json.count % 4 != 0 { json.append(0x20) }
        align()
        func u32(_ v: Int) -> [UInt8] { withUnsafeBytes(of: UInt32(v).littleEndian) { Array($0) } }
        let total = 12 + 8 + json.count + 8 + bin.count
        return Array("glTF".utf8) + u32(2) + u32(total) + u32(json.count) + Array("JSON".utf8) + json
            + u32(bin.count) + [0x42, 0x49, 0x4E, 0x00] + bin
    }
}
