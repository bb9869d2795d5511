import Foundation
import Math3D
import Raster
import SceneGraph
import Testing

@testable import Assets

/// glTF's `metallicFactor`, `roughnessFactor` and `metallicRoughnessTexture` (blue = metal,
/// green = roughness) on Blinn-Phong (`MetalRoughness`).
@Suite struct GLTFMetalRoughness {
    /// A 2 x 1 PNG of the given RGB texels, left then right.
    static func png(_ left: [UInt8], _ right: [UInt8]) -> [UInt8] {
        (try? ImageCodec.encodePNG(Image(width: 2, height: 1, pixels: left + right)!)) ?? []
    }

    /// The cube in base colour `base` with `pbr` merged into its `pbrMetallicRoughness`
    /// and, when given, `map` (nearest) as its metallic-roughness texture.
    static func glb(base: [Float], pbr: [String: Any], map: [UInt8]? = nil, mesh: Mesh = GLTFReading.unitCube)
        -> [UInt8]
    {
        let b = GLTFBuilder()
        let m = b.addMaterial(name: "pbr", baseColor: base)
        var p: [String: Any] = ["baseColorFactor": base]
        for (k, v) in pbr { p[k] = v }
        if let map {
            let t = b.addTexture(png: map)
            b.samplers.append(["magFilter": 9728])
            b.textures[t]["sampler"] = 0
            p["metallicRoughnessTexture"] = ["index": t]
        }
        b.materials[m]["pbrMetallicRoughness"] = p
        b.addNode(["mesh": b.addMesh(mesh, material: m)], root: true)
        return b.glb()
    }

    /// Ambient 0.4 and a 0.3 light from the camera with no highlight colour: only the
    /// diffuse share shows.
    static func renderDiffuseOnly(_ node: Node) -> Framebuffer {
        let scene = Scene(
            root: node, camera: Camera(position: Vec3(0.5, 0.5, 4), target: Vec3(0.5, 0.5, 0.5)),
            light: DirectionalLight(
                direction: Vec3(0, 0, -1), diffuse: Color(linear: Vec3(repeating: 0.3)), specular: .black),
            ambient: Color(linear: Vec3(repeating: 0.4)))
        var f = Framebuffer(width: HeadlessRendering.size, height: HeadlessRendering.size)
        Rasterizer().render(scene, into: &f, pixelAspect: 1)
        return f
    }

    /// A unit sphere at the origin seen from +Z (distance 4), lit from the camera.
    static func renderSphere(_ node: Node) -> Framebuffer {
        let scene = Scene(
            root: node, camera: Camera(position: Vec3(0, 0, 4), target: .zero),
            light: DirectionalLight(direction: Vec3(0, 0, -1)), ambient: Color(linear: Vec3(repeating: 0.1)))
        var f = Framebuffer(width: 96, height: 96)
        Rasterizer().render(scene, into: &f, pixelAspect: 1)
        return f
    }

    @Test func theMapsBlueMakesMetalAndItsGreenRoughnessPerPixel() throws {
        // Left texel: blue 255, green 0 (a polished metal: m 1, r 0.05, k 0.95); right: blue
        // 0, green 255 (a rough dielectric). Base (1, 0.5, 0.25):
        // left = (0.4 + 0.3 x 0.05) x base = 0.415 base; right = (0.4 + 0.3) x base = 0.7 base.
        let node = try ModelLoader.load(
            data: Self.glb(
                base: [1, 0.5, 0.25, 1], pbr: ["metallicFactor": 1, "roughnessFactor": 1],
                map: Self.png([0, 0, 255], [0, 255, 0])), name: "mr.glb")
        let material = try #require(node.children.first?.content?.mesh.groups.first?.material)
        #expect(material.metallicRoughnessTexture != nil)
        #expect(material.diffuse.rgb == Vec3(1, 0.5, 0.25))
        let f = Self.renderDiffuseOnly(node)
        let left = GLTFOcclusion.pixel(f, at: 0.25)
        let right = GLTFOcclusion.pixel(f, at: 0.75)
        #expect(abs(left.x - 0.415) < 0.01 && abs(left.y - 0.2075) < 0.01, "\(left)")
        #expect(abs(right.x - 0.7) < 0.01 && abs(right.y - 0.35) < 0.01, "\(right)")
    }

    @Test func factorsAloneMapAtLoadTime() throws {
        // metallicFactor 1, roughnessFactor 0.5: k = 0.5, diffuse = 0.5 base, highlight
        // 0.5 base, exponent 2 / 0.0625 - 2 = 30; the ambient keeps the base colour.
        let node = try ModelLoader.load(
            data: Self.glb(base: [1, 0.5, 0.25, 1], pbr: ["metallicFactor": 1, "roughnessFactor": 0.5]),
            name: "metal.glb")
        let m = try #require(node.children.first?.content?.mesh.groups.first?.material)
        #expect(m.metallicRoughnessTexture == nil)
        #expect(m.diffuse.rgb == Vec3(0.5, 0.25, 0.125))
        #expect(m.ambient.rgb == Vec3(1, 0.5, 0.25))
        #expect(m.specular.rgb == Vec3(0.5, 0.25, 0.125))
        #expect(m.shininess == 30)
    }

    @Test func aDielectricKeepsTheOldWhiteHighlight() throws {
        // metallicFactor 0 (what the files of the golden tests say): 0.5 x (1 - r) grey.
        let node = try ModelLoader.load(
            data: Self.glb(base: [1, 0.5, 0.25, 1], pbr: ["metallicFactor": 0, "roughnessFactor": 0.5]),
            name: "plastic.glb")
        let m = try #require(node.children.first?.content?.mesh.groups.first?.material)
        #expect(m.diffuse.rgb == Vec3(1, 0.5, 0.25))
        #expect(m.specular.rgb == Vec3(repeating: 0.25))
        #expect(m.shininess == 30)
    }

    @Test func aMetalsHighlightTakesItsBaseColour() throws {
        // A red-orange metal sphere: at its brightest pixel every term is a multiple of the
        // base colour, so green / red stays 0.5; a white highlight would raise it.
        let f = Self.renderSphere(
            try ModelLoader.load(
                data: Self.glb(
                    base: [1, 0.5, 0.25, 1], pbr: ["metallicFactor": 1, "roughnessFactor": 0.3],
                    mesh: Mesh.sphere(radius: 1, longitudes: 48, latitudes: 24)), name: "gold.glb"))
        let brightest = try #require(
            f.color.indices.filter { f.coverage[$0] == 255 }.max { f.color[$0].x < f.color[$1].x })
        let c = f.color[brightest]
        #expect(c.x > 1, "\(c)")
        #expect(abs(c.y / c.x - 0.5) < 0.01, "\(c)")
    }

    /// Pixels of the sphere brighter than its diffuse light can make them (the highlight).
    static func highlightPixels(green: UInt8) throws -> (count: Int, peak: Float) {
        let f = Self.renderSphere(
            try ModelLoader.load(
                data: Self.glb(
                    base: [0.5, 0.5, 0.5, 1], pbr: ["metallicFactor": 0, "roughnessFactor": 1],
                    map: Self.png([0, green, 0], [0, green, 0]),
                    mesh: Mesh.sphere(radius: 1, longitudes: 48, latitudes: 24)), name: "rough.glb"))
        // Diffuse at most 0.1 x 0.5 + 0.5 = 0.55.
        let lit = f.color.indices.filter { f.coverage[$0] == 255 && f.color[$0].x > 0.56 }
        return (lit.count, lit.map { f.color[$0].x }.max() ?? 0)
    }

    @Test func aSmootherMapGivesASmallerBrighterHighlight() throws {
        // Green 51 (r 0.2, exponent 1248 -> 512, highlight 0.4) against green 153 (r 0.6,
        // exponent 13.4, highlight 0.2): the rough one's highlight spreads wider and dimmer.
        let smooth = try Self.highlightPixels(green: 51)
        let rough = try Self.highlightPixels(green: 153)
        #expect(smooth.count > 0 && rough.count > smooth.count * 3, "\(smooth) \(rough)")
        #expect(smooth.peak > rough.peak + 0.1, "\(smooth) \(rough)")
    }

    @Test func boxTexcoordsReadsItsMapOnTheSecondSet() throws {
        // assimp's test model: base colour on TEXCOORD_0, the same image as a
        // metallic-roughness texture on TEXCOORD_1 (metallicFactor 0, roughness default 1).
        let path = "/usr/share/assimp/models/glTF2/BoxTexcoords-glTF/boxTexcoords.gltf"
        guard FileManager.default.fileExists(atPath: path) else { return }
        var warnings: [AssetError] = []
        let node = try ModelLoader.load(path: path, warnings: &warnings)
        #expect(warnings.isEmpty, "\(warnings)")
        var found = false
        func visit(_ n: Node) {
            if let mesh = n.content?.mesh, let m = mesh.groups.first?.material, m.metallicRoughnessTexture != nil {
                found = true
                #expect(m.metallicRoughnessUVSet == 1)
                #expect(m.metallic == 0 && m.roughness == 1)
                #expect(mesh.uvs1.count == mesh.vertexCount)
            }
            n.children.forEach(visit)
        }
        visit(node)
        #expect(found)
    }
}
