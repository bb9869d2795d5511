import Foundation
import Math3D
import Raster
import SceneGraph
import Testing

@testable import Assets

/// glTF's `normalTexture` with `scale`: a tangent-space normal tilting the shading normal,
/// with tangents from `TANGENT` (w the handedness) or made from the texture coordinates.
@Suite struct GLTFNormalMap {
    /// A unit quad at z = 1 facing +Z: u along +x, v (up the image) along +y.
    static var quad: Mesh {
        (try? Mesh(
            name: "quad", positions: [Vec3(0, 0, 1), Vec3(1, 0, 1), Vec3(1, 1, 1), Vec3(0, 1, 1)],
            normals: [Vec3](repeating: Vec3(0, 0, 1), count: 4),
            uvs: [Vec2(0, 0), Vec2(1, 0), Vec2(1, 1), Vec2(0, 1)], indices: [0, 1, 2, 0, 2, 3])) ?? Mesh.plane()
    }

    /// The quad, white, with a 1 x 1 normal map of bytes `texel`, `scale` when given, and a
    /// `TANGENT` attribute when `tangent` is given.
    static func glb(texel: [UInt8], scale: Float? = nil, tangent: Vec4? = nil) -> [UInt8] {
        let b = GLTFBuilder()
        let m = b.addMaterial(name: "bumpy", baseColor: [1, 1, 1, 1])
        let png = (try? ImageCodec.encodePNG(Image(width: 1, height: 1, pixels: texel)!)) ?? []
        var info: [String: Any] = ["index": b.addTexture(png: png)]
        if let scale { info["scale"] = scale }
        b.materials[m]["normalTexture"] = info
        let mesh = b.addMesh(quad, material: m)
        if let tangent { b.addAttribute4("TANGENT", to: mesh, values: [Vec4](repeating: tangent, count: 4)) }
        b.addNode(["mesh": mesh], root: true)
        return b.glb()
    }

    /// The quad's centre lit only by a white light travelling `direction` (no ambient, no
    /// highlight): the diffuse N.L of the tilted normal.
    static func centre(_ bytes: [UInt8], light direction: Vec3) throws -> Float {
        let node = try ModelLoader.load(data: bytes, name: "bumpy.glb")
        var scene = Scene(
            root: node, camera: Camera(position: Vec3(0.5, 0.5, 4), target: Vec3(0.5, 0.5, 1)),
            light: DirectionalLight(direction: direction, specular: .black))
        scene.ambient = .black
        var f = Framebuffer(width: 64, height: 64)
        Rasterizer().render(scene, into: &f, pixelAspect: 1)
        return f.color[f.index(x: 32, y: 32)].x
    }

    /// Bytes 218 and 37 are +-0.7098 as `2 * byte / 255 - 1`, 128 is 0.0039: a normal
    /// tilted 45 degrees towards +tangent or -tangent.
    static let towardsU: [UInt8] = [218, 128, 218]
    static let awayFromU: [UInt8] = [37, 128, 218]
    static let towardsV: [UInt8] = [128, 218, 218]
    /// Light travelling (-1, 0, -1): from the +x side, 45 degrees; a flat face gets 0.7071.
    static let fromRight = Vec3(-1, 0, -1)
    static let fromAbove = Vec3(0, -1, -1)

    @Test func aTiltTowardsTheLightBrightensAndAwayDarkens() throws {
        // Tilted to (0.7071, 0.0039, 0.7071) / 1.0000 against light (0.7071, 0, 0.7071): 1.0;
        // tilted the other way: 0; flat (scale 0 keeps only blue): 0.7071.
        let towards = try Self.centre(Self.glb(texel: Self.towardsU), light: Self.fromRight)
        let away = try Self.centre(Self.glb(texel: Self.awayFromU), light: Self.fromRight)
        let flat = try Self.centre(Self.glb(texel: Self.towardsU, scale: 0), light: Self.fromRight)
        #expect(abs(towards - 1) < 0.01, "\(towards)")
        #expect(away < 0.01, "\(away)")
        #expect(abs(flat - 0.7071) < 0.01, "\(flat)")
    }

    @Test func scaleMultipliesRedAndGreen() throws {
        // Scale 0.5: (0.3549, 0.0020, 0.7098) normalized = (0.4472, 0.0025, 0.8944);
        // N.L = (0.4472 + 0.8944) / sqrt 2 = 0.9487.
        let half = try Self.centre(Self.glb(texel: Self.towardsU, scale: 0.5), light: Self.fromRight)
        #expect(abs(half - 0.9487) < 0.01, "\(half)")
    }

    @Test func greenTiltsUpTheImage() throws {
        // The bitangent is where v grows, up the image: +y here; light from above: 1.0.
        let up = try Self.centre(Self.glb(texel: Self.towardsV), light: Self.fromAbove)
        #expect(abs(up - 1) < 0.01, "\(up)")
    }

    @Test func aTangentAttributeIsUsedWithItsHandedness() throws {
        // TANGENT (1, 0, 0, 1): as generated. w = -1 turns the bitangent to -y: the green
        // tilt then faces away from light from above.
        let same = try Self.centre(Self.glb(texel: Self.towardsV, tangent: Vec4(1, 0, 0, 1)), light: Self.fromAbove)
        let mirrored = try Self.centre(
            Self.glb(texel: Self.towardsV, tangent: Vec4(1, 0, 0, -1)), light: Self.fromAbove)
        #expect(abs(same - 1) < 0.01, "\(same)")
        #expect(mirrored < 0.01, "\(mirrored)")
        // A tangent along -x flips what red means.
        let flipped = try Self.centre(Self.glb(texel: Self.towardsU, tangent: Vec4(-1, 0, 0, 1)), light: Self.fromRight)
        #expect(flipped < 0.01, "\(flipped)")
    }

    @Test func generatedTangentsFollowTheCoordinates() {
        let q = Self.quad
        let t = Mesh.generatedTangents(positions: q.positions, normals: q.normals, uvs: q.uvs, indices: q.indices)
        #expect(t == [Vec4](repeating: Vec4(1, 0, 0, 1), count: 4))
        // Mirrored in u: the tangent turns to -x and the handedness to -1 (v still +y).
        let mirrored = Mesh.generatedTangents(
            positions: q.positions, normals: q.normals, uvs: q.uvs.map { Vec2(1 - $0.x, $0.y) }, indices: q.indices)
        #expect(mirrored == [Vec4](repeating: Vec4(-1, 0, 0, -1), count: 4))
    }

    @Test func clearCoatTestDrawsItsNormalMaps() throws {
        let path = "/usr/share/assimp/models/glTF2/ClearCoat-glTF/ClearCoatTest.gltf"
        guard FileManager.default.fileExists(atPath: path) else { return }
        let node = try ModelLoader.load(path: path)
        var mapped = 0
        var flat = node
        func strip(_ n: inout Node) {
            if var content = n.content {
                let mesh = content.mesh
                let groups = mesh.groups.map { g -> Mesh.Group in
                    guard var m = g.material, m.normalTexture != nil else { return g }
                    mapped += 1
                    #expect(mesh.tangents.count == mesh.vertexCount)
                    m.normalTexture = nil
                    return Mesh.Group(name: g.name, material: m, triangles: g.triangles, kind: g.kind)
                }
                if let stripped = try? Mesh(
                    name: mesh.name, positions: mesh.positions, normals: mesh.normals, uvs: mesh.uvs,
                    indices: mesh.indices, groups: groups, colors: mesh.colors, uvs1: mesh.uvs1)
                {
                    content.mesh = stripped
                    n.content = content
                }
            }
            for i in n.children.indices { strip(&n.children[i]) }
        }
        strip(&flat)
        #expect(mapped >= 5)
        func picture(_ root: Node) -> Framebuffer {
            let b = ModelLoader.bounds(of: root) ?? Mesh.Bounds(min: .zero, max: .one)
            let scene = Scene(
                root: root, camera: Camera(position: b.center + Vec3(0, 0, 2.2 * b.size.max()), target: b.center))
            var f = Framebuffer(width: 160, height: 120)
            Rasterizer().render(scene, into: &f, pixelAspect: 1)
            return f
        }
        let a = picture(node)
        let c = picture(flat)
        let changed = a.color.indices.filter { i -> Bool in
            let d: Vec3 = a.color[i] - c.color[i]
            return max(abs(d.x), max(abs(d.y), abs(d.z))) > 0.02
        }.count
        let covered = a.coverage.filter { $0 == 255 }.count
        // About 2,000 pixels of spheres, a third of them normal-mapped: 117 change by more
        // than 0.02 (none without the maps).
        #expect(changed > 50, "\(changed) of \(covered) covered pixels changed")
    }
}
