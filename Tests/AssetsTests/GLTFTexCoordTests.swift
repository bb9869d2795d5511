import Foundation
import Math3D
import Raster
import SceneGraph
import Testing

@testable import Assets

/// A base colour texture's choice of coordinate set (`texCoord`), and a set the primitive
/// lacks: one warning, read on set 0.
@Suite struct GLTFTexCoord {
    /// The cube with the red-green texture (nearest) as its base colour on `TEXCOORD_1`;
    /// with `withSecondSet`, set 1 is set 0 mirrored left to right.
    static func glb(withSecondSet: Bool) -> [UInt8] {
        let b = GLTFBuilder()
        let m = b.addMaterial(name: "second", baseColor: [1, 1, 1, 1], png: GLTFSamplers.redGreenPNG)
        b.materials[m]["pbrMetallicRoughness"] = [
            "baseColorFactor": [1, 1, 1, 1] as [Float], "baseColorTexture": ["index": 0, "texCoord": 1],
        ]
        b.samplers.append(["magFilter": 9728])
        b.textures[0]["sampler"] = 0
        let cube = GLTFReading.unitCube
        let mesh = b.addMesh(cube, material: m)
        if withSecondSet { b.addAttribute("TEXCOORD_1", to: mesh, values: cube.uvs.map { Vec2(1 - $0.x, 1 - $0.y) }) }
        b.addNode(["mesh": mesh], root: true)
        return b.glb()
    }

    @Test func baseColourTextureReadsTheSecondSet() throws {
        var warnings: [AssetError] = []
        let node = try ModelLoader.load(
            data: Self.glb(withSecondSet: true), name: "second.glb", warnings: &warnings)
        #expect(warnings.isEmpty)
        // Set 1 is mirrored: green on the left of the face, red on the right (set 0 gives RG).
        #expect(GLTFSamplers.colours(HeadlessRendering.render(node), at: [0.25, 0.75]) == "GR")
    }

    @Test func aMissingSetWarnsOnceAndReadsSetZero() throws {
        var warnings: [AssetError] = []
        let node = try ModelLoader.load(
            data: Self.glb(withSecondSet: false), name: "second.glb", warnings: &warnings)
        #expect(warnings.count == 1)
        let message = warnings.first?.description ?? ""
        #expect(message.hasPrefix("second.glb: "))
        #expect(message.contains("TEXCOORD_1"))
        #expect(!message.contains("\n"))
        #expect(GLTFSamplers.colours(HeadlessRendering.render(node), at: [0.25, 0.75]) == "RG")
    }

    @Test func aMissingEmissionSetWarns() throws {
        var warnings: [AssetError] = []
        _ = try ModelLoader.load(
            data: GLTFSecondUVSet.glb(withSecondSet: false), name: "baked.glb", warnings: &warnings)
        #expect(warnings.count == 1)
        #expect(warnings.first?.description.contains("emissive texture reads TEXCOORD_1") == true)
    }
}
