import Math3D
import SceneGraph
import Testing

@testable import Assets

/// COLLADA's `<emission>` slot: a colour, a texture, or (written by some exporters against the
/// schema's choice) both; emitted light is colour x texture, as glTF's emissive.
@Suite struct ColladaEmission {
    /// The textured cube fixture with its texture moved from the diffuse slot to the
    /// emission slot, `colour` (if any) written beside it.
    static func glowingCube(colour: String?) -> String {
        ColladaFixture.cube(texture: "glow.png").replacing(
            "<diffuse><texture texture=\"skin-sampler\" texcoord=\"UVMap\"/></diffuse>",
            with: "<diffuse><color>0.2 0.2 0.2 1</color></diffuse><emission>\(colour ?? "")"
                + "<texture texture=\"skin-sampler\" texcoord=\"UVMap\"/></emission>")
    }

    static func material(_ dae: String, image: Bool = true) throws -> (Material, [AssetError]) {
        let dir = TestFolder()
        if image { dir.write("glow.png", try ImageCodec.encodePNG(try #require(Fixture.checker()))) }
        let path = dir.write("cube.dae", dae)
        var warnings: [AssetError] = []
        let model = try ModelLoader.load(path: path, warnings: &warnings)
        return (try #require(Fixture.onlyMesh(model)?.groups.first?.material), warnings)
    }

    @Test func anEmissionTextureGlowsPerPixelInWhite() throws {
        let (m, warnings) = try Self.material(Self.glowingCube(colour: nil))
        #expect(warnings.isEmpty)
        #expect(m.emissiveTexture?.image == Fixture.checker())
        #expect(m.emissive == .white)
        #expect(m.texture == nil)
        #expect(m.diffuse.rgb.isApproximatelyEqual(to: Vec3(repeating: SRGB.decode(0.2))))
    }

    @Test func anEmissionColourBesideTheTextureTintsIt() throws {
        let (m, _) = try Self.material(Self.glowingCube(colour: "<color>1 0.5 0 1</color>"))
        #expect(m.emissiveTexture?.image == Fixture.checker())
        #expect(m.emissive.rgb.isApproximatelyEqual(to: Vec3(1, SRGB.decode(0.5), 0)))
    }

    @Test func aMissingEmissionImageLeavesTheColourAndWarns() throws {
        let (m, warnings) = try Self.material(Self.glowingCube(colour: "<color>1 0.5 0 1</color>"), image: false)
        #expect(warnings.count == 1)
        #expect(m.emissiveTexture == nil)
        #expect(m.emissive.rgb.isApproximatelyEqual(to: Vec3(1, SRGB.decode(0.5), 0)))
    }
}
