import Foundation
import Math3D
import Raster
import SceneGraph
import Testing

@testable import Assets

/// glTF's `alphaMode`: `MASK` cuts at `alphaCutoff` (texture alpha times the base colour's
/// alpha), `BLEND` lets what is behind show through, `OPAQUE` ignores alpha; MTL's `d`.
@Suite struct GLTFAlphaModes {
    /// A 4 x 4 red texture whose left half is transparent (alpha 0) and right half opaque.
    static var halfTransparentPNG: [UInt8] {
        let pixels = [UInt8]((0..<16).flatMap { _ in [255, 0, 0] as [UInt8] })
        let alpha = [UInt8]((0..<16).map { $0 % 4 < 2 ? 0 : 255 })
        return (try? ImageCodec.encodePNG(Image(width: 4, height: 4, pixels: pixels, alpha: alpha)!)) ?? []
    }

    /// The unit cube with one material, its JSON keys extended by `extra`.
    static func cube(baseColor: [Float], png: [UInt8]?, extra: [String: Any]) -> [UInt8] {
        let b = GLTFBuilder()
        let m = b.addMaterial(name: "m", baseColor: baseColor, png: png)
        for (k, v) in extra { b.materials[m][k] = v }
        b.addNode(["mesh": b.addMesh(GLTFReading.unitCube, material: m)], root: true)
        return b.glb()
    }

    static func render(_ glb: [UInt8]) throws -> Framebuffer {
        HeadlessRendering.render(try ModelLoader.load(data: glb, name: "alpha.glb"))
    }

    /// Covered pixels in the left and right thirds of the cube's front face.
    static func coveredHalves(_ f: Framebuffer) -> (left: Int, right: Int) {
        let s = HeadlessRendering.size
        var left = 0
        var right = 0
        for y in (s / 2 - 6)...(s / 2 + 6) {
            for x in (s / 2 - 10)...(s / 2 - 4) where f.coverage[f.index(x: x, y: y)] == 255 { left += 1 }
            for x in (s / 2 + 4)...(s / 2 + 10) where f.coverage[f.index(x: x, y: y)] == 255 { right += 1 }
        }
        return (left, right)
    }

    @Test func maskDropsTheTransparentHalfOfTheTexture() throws {
        let f = try Self.render(
            Self.cube(baseColor: [1, 1, 1, 1], png: Self.halfTransparentPNG, extra: ["alphaMode": "MASK"]))
        let (left, right) = Self.coveredHalves(f)
        #expect(left == 0, "the transparent half is cut away (the back faces are culled)")
        #expect(right == 7 * 13, "the opaque half is whole")
    }

    @Test func opaqueIgnoresTheTextureAlpha() throws {
        let f = try Self.render(Self.cube(baseColor: [1, 1, 1, 1], png: Self.halfTransparentPNG, extra: [:]))
        let (left, right) = Self.coveredHalves(f)
        #expect(left == 7 * 13 && right == 7 * 13)
    }

    @Test func maskCutoffComparesWithTheBaseColourAlpha() throws {
        let kept = try Self.render(
            Self.cube(baseColor: [1, 0, 0, 0.6], png: nil, extra: ["alphaMode": "MASK", "alphaCutoff": 0.5]))
        let cut = try Self.render(
            Self.cube(baseColor: [1, 0, 0, 0.4], png: nil, extra: ["alphaMode": "MASK", "alphaCutoff": 0.5]))
        #expect(Self.coveredHalves(kept).left == 7 * 13)
        #expect(Self.coveredHalves(cut).left == 0)
    }

    @Test func blendCoversAboutAlphaOfThePixels() throws {
        for alpha: Float in [0.25, 0.5, 0.75] {
            let f = try Self.render(
                Self.cube(baseColor: [0, 0, 1, alpha], png: nil, extra: ["alphaMode": "BLEND", "doubleSided": true]))
            // Over a 16 x 16 block of the front face (4 x 4 dither tiles), exactly alpha of the
            // front face's pixels are drawn; the back face behind shows through the rest
            // and takes its share of what is left.
            let s = HeadlessRendering.size
            var front = 0
            for y in (s / 2 - 8)..<(s / 2 + 8) {
                for x in (s / 2 - 8)..<(s / 2 + 8) where f.depth[f.index(x: x, y: y)] < 3.6 { front += 1 }
            }
            #expect(front == Int(alpha * 256), "alpha \(alpha): \(front) of 256 front pixels")
        }
    }

    @Test func blendOfABackgroundSurfaceMixesBothColoursInEveryCell() throws {
        // A see-through blue square in front of an opaque red one: every 2 x 2 block shows both.
        let b = GLTFBuilder()
        let glass = b.addMaterial(name: "glass", baseColor: [0, 0, 1, 0.5])
        b.materials[glass]["alphaMode"] = "BLEND"
        let wall = b.addMaterial(name: "wall", baseColor: [1, 0, 0, 1])
        b.addNode(["mesh": b.addMesh(GLTFReading.unitCube, material: glass)], root: true)
        b.addNode(
            ["mesh": b.addMesh(GLTFReading.unitCube, material: wall), "translation": [0, 0, -2] as [Float]],
            root: true)
        let f = HeadlessRendering.render(try ModelLoader.load(data: b.glb(), name: "glass.glb"))
        let s = HeadlessRendering.size
        for y in stride(from: s / 2 - 4, to: s / 2 + 4, by: 2) {
            for x in stride(from: s / 2 - 4, to: s / 2 + 4, by: 2) {
                let block = [(0, 0), (1, 0), (0, 1), (1, 1)].map { f.color[f.index(x: x + $0.0, y: y + $0.1)] }
                #expect(block.contains { $0.z > 0.3 && $0.x < 0.05 }, "blue glass at \(x),\(y)")
                #expect(block.contains { $0.x > 0.3 && $0.z < 0.05 }, "red wall behind at \(x),\(y)")
            }
        }
    }

    @Test func unknownAlphaModeIsACleanError() {
        let glb = Self.cube(baseColor: [1, 1, 1, 1], png: nil, extra: ["alphaMode": "HALF"])
        #expect {
            try ModelLoader.load(data: glb, name: "alpha.glb")
        } throws: { ($0 as? AssetError)?.description.contains("alphaMode HALF is not OPAQUE, MASK or BLEND") ?? false }
    }

    @Test func pngAlphaSurvivesARoundTrip() throws {
        let image = try ImageCodec.decode(data: Self.halfTransparentPNG, name: "a.png")
        #expect(image.hasAlpha)
        #expect(image.alpha == (0..<16).map { $0 % 4 < 2 ? 0 : 255 })
        #expect(image.pixels == [UInt8]((0..<16).flatMap { _ in [255, 0, 0] as [UInt8] }))
    }

    @Test func mtlPartialOpacityIsSeeThroughAndZeroIsOpaque() throws {
        let dir = TestFolder()
        dir.write("cube.mtl", "newmtl red\nKd 1 0 0\nd 0.5\n")
        let glass = try ModelLoader.load(path: dir.write("cube.obj", Fixture.cubeOBJ))
        #expect(glass.firstMaterial?.alphaMode == .blend)
        dir.write("cube.mtl", "newmtl red\nKd 1 0 0\nTr 1\n")
        let slip = try ModelLoader.load(path: dir.write("cube.obj", Fixture.cubeOBJ))
        #expect(slip.firstMaterial?.alphaMode == .opaque)
    }
}

extension Node {
    /// The material of the first mesh group found depth first.
    var firstMaterial: Material? {
        if let g = content?.mesh.groups.first?.material { return g }
        for c in children { if let m = c.firstMaterial { return m } }
        return nil
    }
}
