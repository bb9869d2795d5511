import Foundation
import Math3D
import Raster
import SceneGraph
import Testing

/// `Material.emissiveTexture`: emission sampled per pixel, times `emissive`.
@Suite struct EmissiveTexture {
    /// A 64 x 64 plane seen face on: with no light reaching it (black diffuse, no ambient),
    /// only its emission shows.
    static func render(_ material: Material, threads: Int = 1) -> Framebuffer {
        let camera = Camera(position: Vec3(0, 0, 1.2))
        return TestScenes.render(
            TestScenes.scene([Node(mesh: .plane(size: 1), material: material)], camera: camera),
            width: 64, height: 64, threads: threads
        ).0
    }

    /// Mean red of the pixels of the quarter of the picture around (x, y).
    static func mean(_ fb: Framebuffer, x: Int, y: Int) -> Float {
        var sum: Float = 0
        for dy in -6...6 { for dx in -6...6 { sum += fb.color[fb.index(x: x + dx, y: y + dy)].x } }
        return sum / 169
    }

    @Test(arguments: [1, 2])
    func theCheckerGlowsWhereItIsWhite(threads: Int) throws {
        let checker = try #require(TestScenes.checkerboard(size: 8, squares: 2))
        var m = TestScenes.matte(.zero)
        m.emissive = Color(linear: Vec3(1, 0.5, 0.25))
        m.emissiveTexture = checker
        let fb = Self.render(m, threads: threads)
        // The plane fills the view; the top-left square of the checker is white.
        #expect(Self.mean(fb, x: 16, y: 16) > 0.95 && Self.mean(fb, x: 48, y: 48) > 0.95)
        #expect(Self.mean(fb, x: 48, y: 16) < 0.05 && Self.mean(fb, x: 16, y: 48) < 0.05)
        // Emission is the factor times the texture.
        let c = fb.color[fb.index(x: 16, y: 16)]
        #expect(abs(c.y - 0.5) < 0.01 && abs(c.z - 0.25) < 0.01)
    }

    @Test func anEmissionTextureOfAnotherSizeThanTheDiffuseOneStillShows() throws {
        // A small white diffuse texture sets the mip level; the 64 x 64 checker is read at
        // its own matching level.
        let white = try #require(
            Image(width: 2, height: 2, pixels: [UInt8](repeating: 255, count: 12)).map { Texture(image: $0) })
        let checker = try #require(TestScenes.checkerboard(size: 64, squares: 2))
        var m = TestScenes.matte(.zero, texture: white)
        m.emissive = .white
        m.emissiveTexture = checker
        let fb = Self.render(m)
        #expect(Self.mean(fb, x: 16, y: 16) > 0.95 && Self.mean(fb, x: 48, y: 16) < 0.05)
    }

    @Test func withoutTheTextureTheEmissionIsFlat() {
        var m = TestScenes.matte(.zero)
        m.emissive = Color(linear: Vec3(1, 0.5, 0.25))
        let fb = Self.render(m)
        #expect(Self.mean(fb, x: 16, y: 16) > 0.95 && Self.mean(fb, x: 48, y: 16) > 0.95)
    }
}
