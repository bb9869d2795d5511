import Foundation
import Math3D
import Raster
import SceneGraph
import Testing

@testable import Assets

/// glTF's `occlusionTexture`: its red channel darkens the ambient term only, by
/// `1 + strength * (red - 1)`, read as plain numbers (not sRGB), on its own coordinate set.
@Suite struct GLTFOcclusion {
    /// Ambient 0.4 and a 0.3 light from the camera, no highlight: an unoccluded white face
    /// facing the camera is 0.4 + 0.3 = 0.7.
    static func render(_ node: Node) -> Framebuffer {
        let scene = Scene(
            root: node, camera: Camera(position: Vec3(0.5, 0.5, 4), target: Vec3(0.5, 0.5, 0.5)),
            light: DirectionalLight(
                direction: Vec3(0, 0, -1), diffuse: Color(linear: Vec3(repeating: 0.3)), specular: .black),
            ambient: Color(linear: Vec3(repeating: 0.4)))
        var framebuffer = Framebuffer(width: HeadlessRendering.size, height: HeadlessRendering.size)
        Rasterizer().render(scene, into: &framebuffer, pixelAspect: 1)
        return framebuffer
    }

    /// The red value of a 2 x 1 occlusion map: `left` on the left, 255 on the right.
    static func mapPNG(left: UInt8) -> [UInt8] {
        (try? ImageCodec.encodePNG(Image(width: 2, height: 1, pixels: [left, 0, 0, 255, 0, 0])!)) ?? []
    }

    /// The white cube with a white base colour texture on `TEXCOORD_0` and the occlusion
    /// map (nearest) on `texCoord`; `TEXCOORD_1`, when written, is set 0 mirrored left to right.
    static func glb(left: UInt8, strength: Float?, texCoord: Int = 0, secondSet: Bool = false) -> [UInt8] {
        let b = GLTFBuilder()
        let white = (try? ImageCodec.encodePNG(Image(width: 1, height: 1, pixels: [255, 255, 255])!)) ?? []
        let m = b.addMaterial(name: "ao", baseColor: [1, 1, 1, 1], png: white)
        let ao = b.addTexture(png: mapPNG(left: left))
        b.samplers.append(["magFilter": 9728])
        b.textures[ao]["sampler"] = 0
        var info: [String: Any] = ["index": ao, "texCoord": texCoord]
        if let strength { info["strength"] = strength }
        b.materials[m]["occlusionTexture"] = info
        let cube = GLTFReading.unitCube
        let mesh = b.addMesh(cube, material: m)
        if secondSet { b.addAttribute("TEXCOORD_1", to: mesh, values: cube.uvs.map { Vec2(1 - $0.x, 1 - $0.y) }) }
        b.addNode(["mesh": mesh], root: true)
        return b.glb()
    }

    /// The colour at fraction `t` across the front face's middle row.
    static func pixel(_ f: Framebuffer, at t: Float) -> Vec3 {
        let s = HeadlessRendering.size
        let covered = (0..<s).filter { f.coverage[f.index(x: $0, y: s / 2)] == 255 }
        guard let lo = covered.first, let hi = covered.last else { return .zero }
        return f.color[f.index(x: lo + Int(t * Float(hi - lo)), y: s / 2)]
    }

    @Test func aBlackHalfDarkensTheAmbientByTheStrength() throws {
        let node = try ModelLoader.load(data: Self.glb(left: 0, strength: 0.5), name: "ao.glb")
        let material = try #require(node.children.first?.content?.mesh.groups.first?.material)
        #expect(material.occlusionTexture != nil)
        #expect(material.occlusionStrength == 0.5)
        let f = Self.render(node)
        // Left: 0.4 x (1 + 0.5 x (0 - 1)) + 0.3 = 0.5; right: 0.4 + 0.3 = 0.7.
        let left = Self.pixel(f, at: 0.25)
        let right = Self.pixel(f, at: 0.75)
        #expect(abs(left.x - 0.5) < 0.01, "\(left)")
        #expect(abs(right.x - 0.7) < 0.01, "\(right)")
    }

    @Test func theMapIsReadAsNumbersNotSRGB() throws {
        // 128 is 0.502 as a number (0.216 as sRGB): 0.4 x 0.502 + 0.3 = 0.501.
        let f = Self.render(try ModelLoader.load(data: Self.glb(left: 128, strength: nil), name: "ao.glb"))
        let left = Self.pixel(f, at: 0.25)
        #expect(abs(left.x - 0.501) < 0.01, "\(left)")
    }

    @Test func directLightIsNotOccluded() throws {
        // The light alone (no ambient): both halves 0.3, the occluded one too.
        var scene = Scene(
            root: try ModelLoader.load(data: Self.glb(left: 0, strength: 1), name: "ao.glb"),
            camera: Camera(position: Vec3(0.5, 0.5, 4), target: Vec3(0.5, 0.5, 0.5)),
            light: DirectionalLight(
                direction: Vec3(0, 0, -1), diffuse: Color(linear: Vec3(repeating: 0.3)), specular: .black))
        scene.ambient = .black
        var f = Framebuffer(width: HeadlessRendering.size, height: HeadlessRendering.size)
        Rasterizer().render(scene, into: &f, pixelAspect: 1)
        #expect(abs(Self.pixel(f, at: 0.25).x - 0.3) < 0.01)
        #expect(abs(Self.pixel(f, at: 0.75).x - 0.3) < 0.01)
    }

    @Test func bakedOcclusionOnTheSecondSetShows() throws {
        let node = try ModelLoader.load(
            data: Self.glb(left: 0, strength: 1, texCoord: 1, secondSet: true), name: "baked-ao.glb")
        let mesh = try #require(node.children.first?.content?.mesh)
        #expect(mesh.uvs1.count == mesh.vertexCount)
        #expect(mesh.groups.first?.material?.occlusionUVSet == 1)
        let f = Self.render(node)
        // Set 1 is mirrored: the black half of the map lands on the right: 0.4 x 0 + 0.3.
        #expect(abs(Self.pixel(f, at: 0.25).x - 0.7) < 0.01)
        #expect(abs(Self.pixel(f, at: 0.75).x - 0.3) < 0.01)
    }

    @Test func withoutTheSecondSetTheMapIsLeftOutWithAWarning() throws {
        var warnings: [AssetError] = []
        let node = try ModelLoader.load(
            data: Self.glb(left: 0, strength: 1, texCoord: 1), name: "baked-ao.glb", warnings: &warnings)
        let material = try #require(node.children.first?.content?.mesh.groups.first?.material)
        #expect(material.occlusionTexture == nil)
        #expect(warnings.map(\.description).contains { $0.contains("occlusion texture reads TEXCOORD_1") })
        #expect(abs(Self.pixel(Self.render(node), at: 0.25).x - 0.7) < 0.01)
    }
}
