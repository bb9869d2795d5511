import Foundation
import Math3D
import Raster
import SceneGraph
import Testing

@testable import Assets

/// A texture's choice of coordinate set: an emission texture on `TEXCOORD_1` (baked light)
/// beside a base colour texture on `TEXCOORD_0`.
@Suite struct GLTFSecondUVSet {
    /// The cube, black base colour with a white texture on set 0, and the red-green
    /// emission texture (nearest) on set 1, where set 1 is set 0 mirrored left to right.
    static func glb(withSecondSet: Bool) -> [UInt8] {
        let b = GLTFBuilder()
        let white = (try? ImageCodec.encodePNG(Image(width: 1, height: 1, pixels: [255, 255, 255])!)) ?? []
        let m = b.addMaterial(name: "baked", baseColor: [0, 0, 0, 1], png: white)
        let glow = b.addTexture(png: GLTFSamplers.redGreenPNG)
        b.samplers.append(["magFilter": 9728])
        b.textures[glow]["sampler"] = 0
        b.materials[m]["emissiveFactor"] = [1, 1, 1] as [Float]
        b.materials[m]["emissiveTexture"] = ["index": glow, "texCoord": 1]
        let cube = GLTFReading.unitCube
        let mesh = b.addMesh(cube, material: m)
        if withSecondSet { b.addAttribute("TEXCOORD_1", to: mesh, values: cube.uvs.map { Vec2(1 - $0.x, 1 - $0.y) }) }
        b.addNode(["mesh": mesh], root: true)
        return b.glb()
    }

    @Test func emissionTextureReadsTheSecondSet() throws {
        let node = try ModelLoader.load(data: Self.glb(withSecondSet: true), name: "baked.glb")
        let mesh = try #require(node.children.first?.content?.mesh)
        #expect(mesh.uvs1.count == mesh.vertexCount)
        #expect(mesh.groups.first?.material?.emissiveUVSet == 1)
        let f = HeadlessRendering.render(node)
        // Set 1 is mirrored: green on the left of the face, red on the right.
        #expect(GLTFSamplers.colours(f, at: [0.25, 0.75]) == "GR")
    }

    @Test func withoutTheSecondSetTheEmissionCountsWithItsMean() throws {
        let node = try ModelLoader.load(data: Self.glb(withSecondSet: false), name: "baked.glb")
        let material = try #require(node.children.first?.content?.mesh.groups.first?.material)
        #expect(material.emissiveTexture == nil)
        #expect(material.emissive.rgb == Vec3(0.5, 0.5, 0))
    }
}
