import Foundation
import Math3D
import SceneGraph
import Testing

@testable import Raster

@Suite struct TextureSamplingAndMipmaps {
    @Test func theFastFloorMatchesFloorBelowTwoToThe22() {
        var values: [Float] = [
            0, -0, 0.5, -0.5, 1, -1, 1.5, -1.5, 2.5, -2.5, 0.999_999_94, -0.999_999_94,
            4_194_303.5, -4_194_303.5, 1e-30, -1e-30, 123.456, -123.456,
        ]
        for k in 0..<5000 { values.append(Float(k) * 0.173 - 431.7) }
        for x in values {
            let (f, i) = Texture.floorParts(x)
            #expect(f == x.rounded(.down) && Float(i) == f, "x = \(x)")
        }
    }

    @Test func hugeAndNonFiniteCoordinatesAreSafe() throws {
        let tex = try #require(TestScenes.checkerboard(size: 8, squares: 2))
        tex.texels.withUnsafeBufferPointer { texels in
            for (u, v) in [(Float.nan, 0.5), (0.5, Float.infinity), (1e30, -1e30), (-Float.infinity, .nan)]
                as [(Float, Float)]
            {
                let c = Texture.sampleBilinear(texels.baseAddress!, width: 8, height: 8, u: u, v: v)
                #expect(c.x.isFinite && c.y.isFinite && c.z.isFinite)
            }
        }
    }

    @Test func mipLevelsHalveEachSideAndAverageInLinearLight() throws {
        let tex = try #require(TestScenes.checkerboard(size: 16, squares: 16))  // one-texel checker
        let chain = MipChain(tex, frame: 0)
        #expect(chain.sizes.map { [$0.x, $0.y] } == [[16, 16], [8, 8], [4, 4], [2, 2], [1, 1]])
        // Level 0 is the image's own bytes; every 2x2 block holds two black and two white
        // texels: linear grey 0.5 from level 1 on.
        #expect(chain.base == tex.image.pixels)
        for level in chain.mips {
            #expect(level.allSatisfy { abs($0 - 0.5) < 1e-6 })
        }
        let wide = Texture(image: try #require(Image(width: 5, height: 2, pixels: [UInt8](repeating: 255, count: 30))))
        #expect(MipChain(wide, frame: 0).sizes.map { [$0.x, $0.y] } == [[5, 2], [2, 1], [1, 1]])
    }

    @Test func aMinifiedFineCheckerboardAveragesToGreyInsteadOfAliasing() throws {
        // 256 x 256 one-texel checker on a plane a few dozen pixels wide.
        let tex = try #require(TestScenes.checkerboard(size: 256, squares: 256))
        let plane = Node(mesh: .plane(size: 1), material: TestScenes.matte(.one, texture: tex))
        let (fb, _) = TestScenes.render(TestScenes.scene([plane]), width: 48, height: 48)
        var n = 0
        for i in fb.color.indices where fb.coverage[i] != 0 {
            #expect(abs(fb.color[i].x - 0.5) < 0.02)
            n += 1
        }
        #expect(n > 200)
    }

    @Test func withoutMipmappingAMinifiedCheckerboardSamplesSingleTexels() throws {
        let tex = try #require(TestScenes.checkerboard(size: 256, squares: 256))
        let plane = Node(mesh: .plane(size: 1), material: TestScenes.matte(.one, texture: tex))
        var fb = Framebuffer(width: 48, height: 48)
        Rasterizer(mipmapping: false).render(TestScenes.scene([plane]), into: &fb, pixelAspect: 1)
        // Each pixel lands somewhere between texel centres: its colour is a blend of at most
        // a 2x2 block, far from the 0.5 average for most pixels (it aliases).
        var far = 0
        var n = 0
        for i in fb.color.indices where fb.coverage[i] != 0 {
            n += 1
            if abs(fb.color[i].x - 0.5) > 0.1 { far += 1 }
        }
        #expect(n > 200 && far > n / 4)
    }

    @Test func aMagnifiedTextureIsSampledAtFullResolution() throws {
        // 4 x 4 checker filling most of the view: pixels near square centres are pure.
        let tex = try #require(TestScenes.checkerboard(size: 4, squares: 4))
        let plane = Node(mesh: .plane(size: 2), material: TestScenes.matte(.one, texture: tex))
        let (fb, _) = TestScenes.render(TestScenes.scene([plane]), width: 64, height: 64)
        // The plane spans about 51 pixels from x = y = 6; square (0, 0) is white, (1, 0) black.
        #expect(fb.color[fb.index(x: 12, y: 12)].x > 0.95)
        #expect(fb.color[fb.index(x: 25, y: 12)].x < 0.05)
    }

    @Test func mipChainsAreKeptWhileUsedAndDroppedAfter() throws {
        let a = try #require(TestScenes.checkerboard(size: 64, squares: 8))
        let b = try #require(TestScenes.checkerboard(size: 32, squares: 2))
        func scene(_ t: Texture) -> Scene {
            TestScenes.scene([Node(mesh: .sphere(), material: TestScenes.matte(.one, texture: t))])
        }
        let rasterizer = Rasterizer()
        var fb = Framebuffer(width: 40, height: 30)
        rasterizer.render(scene(a), into: &fb, pixelAspect: 1)
        let first = fb.color
        rasterizer.render(scene(a), into: &fb, pixelAspect: 1)
        #expect(rasterizer.mipChains.count == 1)
        rasterizer.render(scene(b), into: &fb, pixelAspect: 1)
        #expect(rasterizer.mipChains.count == 1, "the chain of a texture no longer drawn is dropped")
        #expect(rasterizer.mipChains[b] != nil)
        rasterizer.render(scene(a), into: &fb, pixelAspect: 1)
        #expect(fb.color == first)
    }
}

@Suite struct TextureMemory {
    @Test func aChainCostsItsImageBytesPlusAThirdInFloats() throws {
        // 3 bytes per texel for level 0 (the image itself, not copied) + 12 x 1/3 for the rest.
        let tex = try #require(TestScenes.checkerboard(size: 256, squares: 8))
        let chain = MipChain(tex, frame: 0)
        let texels = 256 * 256
        let bytes = chain.base.count + chain.mips.reduce(0) { $0 + $1.count * MemoryLayout<Float>.size }
        #expect(chain.base.count == 3 * texels)
        #expect(Double(bytes) / Double(texels) < 7.01)
        // Level 0 shares the image's storage: no copy is made.
        let same = chain.base.withUnsafeBufferPointer { a in
            tex.image.pixels.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress }
        }
        #expect(same)
    }
}
