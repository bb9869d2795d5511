import Foundation
import Math3D
import Raster
import SceneGraph
import Testing

@testable import Assets

/// glTF samplers: wrap modes (repeat, clamp to edge, mirrored repeat) and nearest or linear
/// filtering, seen on the cube's front face.
@Suite struct GLTFSamplers {
    /// A 2 x 1 texture: red on the left, green on the right.
    static var redGreenPNG: [UInt8] {
        (try? ImageCodec.encodePNG(Image(width: 2, height: 1, pixels: [255, 0, 0, 0, 255, 0])!)) ?? []
    }

    /// The cube with the red-green texture through `sampler`, its u scaled by `scale`.
    static func render(sampler: [String: Any], scale: Float) throws -> Framebuffer {
        let b = GLTFBuilder()
        let m = b.addMaterial(name: "m", baseColor: [1, 1, 1, 1], png: redGreenPNG)
        b.materials[m]["pbrMetallicRoughness"] = [
            "baseColorFactor": [1, 1, 1, 1] as [Float],
            "baseColorTexture": ["index": 0, "extensions": ["KHR_texture_transform": ["scale": [scale, 1]]]],
        ]
        b.samplers.append(sampler)
        b.textures[0]["sampler"] = 0
        b.addNode(["mesh": b.addMesh(GLTFReading.unitCube, material: m)], root: true)
        return HeadlessRendering.render(try ModelLoader.load(data: b.glb(), name: "sampler.glb"))
    }

    /// "R" or "G" for the colour at fractions `at` across the front face's middle row.
    static func colours(_ f: Framebuffer, at fractions: [Float]) -> String {
        let s = HeadlessRendering.size
        let y = s / 2
        let covered = (0..<s).filter { f.coverage[f.index(x: $0, y: y)] == 255 }
        guard let lo = covered.first, let hi = covered.last else { return "" }
        return String(
            fractions.map { t -> Character in
                let c = f.color[f.index(x: lo + Int(t * Float(hi - lo)), y: y)]
                return c.x > 2 * c.y ? "R" : c.y > 2 * c.x ? "G" : "?"
            })
    }

    static let eighths: [Float] = [0.06, 0.19, 0.31, 0.44, 0.56, 0.69, 0.81, 0.94]

    @Test func repeatTilesTheTexture() throws {
        let f = try Self.render(sampler: ["wrapS": 10497, "magFilter": 9728], scale: 2)
        #expect(Self.colours(f, at: Self.eighths) == "RRGGRRGG")
    }

    @Test func clampToEdgeContinuesTheEdgeTexel() throws {
        let f = try Self.render(sampler: ["wrapS": 33071, "magFilter": 9728], scale: 2)
        #expect(Self.colours(f, at: Self.eighths) == "RRGGGGGG")
    }

    @Test func mirroredRepeatMirrorsEveryOtherCopy() throws {
        let f = try Self.render(sampler: ["wrapS": 33648, "magFilter": 9728], scale: 2)
        #expect(Self.colours(f, at: Self.eighths) == "RRGGGGRR")
    }

    @Test func nearestMagnificationKeepsTexelsSharpWhereLinearBlends() throws {
        let nearest = try Self.render(sampler: ["magFilter": 9728, "minFilter": 9728], scale: 1)
        let linear = try Self.render(sampler: ["magFilter": 9729], scale: 1)
        // Just left of the middle: nearest is pure red, linear already part green.
        #expect(Self.colours(nearest, at: [0.45, 0.55]) == "RG")
        #expect(Self.colours(linear, at: [0.45, 0.55]) == "??")
    }

    @Test func unknownWrapModeIsACleanError() {
        #expect {
            try Self.render(sampler: ["wrapS": 1234], scale: 1)
        } throws: {
            ($0 as? AssetError)?.description.contains("sampler 0: wrapS 1234 is not a glTF wrap mode") ?? false
        }
    }
}
