import Display
import Foundation
import Raster
import Testing

@Suite struct SixelDecodeBack {
    func decode(_ out: SixelOutput, _ fb: Framebuffer) throws -> SixelDecoder {
        var bytes: [UInt8] = []
        out.write(fb, into: &bytes)
        var d = SixelDecoder()
        try d.decode(bytes)
        return d
    }

    func srgb(_ fb: Framebuffer, _ i: Int) -> SIMD3<Int> {
        var rgb: [UInt8] = []
        fb.writeSRGB8(into: &rgb)
        return SIMD3(Int(rgb[3 * i]), Int(rgb[3 * i + 1]), Int(rgb[3 * i + 2]))
    }

    @Test func theGlobeDecodesWithinThePaletteErrorAndStaysBlue() throws {
        let place = GraphicsPlacement(columns: 40, rows: 12, cellSize: CellSize(width: 8, height: 16))
        let out = SixelOutput(placement: place, registers: 256)
        let fb = TestFrames.globe(width: out.grid.width, height: out.grid.height)
        let d = try decode(out, fb)
        #expect(d.width == 320 && d.height == 192)
        #expect(d.origin?.row == 0 && d.origin?.column == 0)
        #expect(d.palette.count <= 256 && d.registersUsed.count <= 256)
        var rgb: [UInt8] = []
        fb.writeSRGB8(into: &rgb)
        var error = 0
        var ocean = 0
        var blue = 0
        for i in 0..<(fb.width * fb.height) {
            let p = try #require(d.pixels[i])
            // Palette in percent: back to 0...255.
            let got = p &* 255 / 100
            let want = SIMD3(Int(rgb[3 * i]), Int(rgb[3 * i + 1]), Int(rgb[3 * i + 2]))
            let diff = got &- want
            error += abs(diff.x) + abs(diff.y) + abs(diff.z)
            if fb.coverage[i] != 0 && want.z > want.x + 4 && want.z > want.y + 4 {
                ocean += 1
                if got.z > got.x && got.z > got.y { blue += 1 }
            }
        }
        let mean = Double(error) / Double(3 * fb.width * fb.height)
        #expect(mean < 3, "mean channel error \(mean)")
        #expect(ocean > 1000 && Double(blue) / Double(ocean) > 0.98)
    }

    @Test func neverMoreRegistersThanTheTerminalHas() throws {
        let place = GraphicsPlacement(columns: 40, rows: 12, cellSize: CellSize(width: 8, height: 16))
        let out = SixelOutput(placement: place, registers: 16)
        let d = try decode(out, TestFrames.globe(width: out.grid.width, height: out.grid.height))
        #expect(d.palette.count <= 16)
        #expect(d.registersUsed.allSatisfy { $0 < 16 })
    }

    @Test func framesUseTheDefaultPaletteSizeAndFewerColoursTakeFewerBytes() throws {
        let place = GraphicsPlacement(columns: 40, rows: 12, cellSize: CellSize(width: 8, height: 16))
        let fb = TestFrames.globe(width: 320, height: 192)
        var sizes: [Int] = []
        for colors in [256, SixelOutput.defaultColors, 16] {
            let out = SixelOutput(placement: place, registers: 256, colors: colors)
            var bytes: [UInt8] = []
            out.write(fb, into: &bytes)
            var d = SixelDecoder()
            try d.decode(bytes)
            #expect(d.palette.count <= colors && d.registersUsed.allSatisfy { $0 < colors })
            sizes.append(bytes.count)
        }
        #expect(sizes[0] > sizes[1] && sizes[1] > sizes[2], "\(sizes)")
        #expect(SixelOutput(placement: place).colors == SixelOutput.defaultColors)
    }

    @Test func laterColoursPaintOverTheCommonestAndEveryPixelComesBackExactly() throws {
        // One band: colour 2 everywhere but for dots of 0 and 1; colour 3 absent.
        let (w, h) = (50, 6)
        var indices = [UInt8](repeating: 2, count: w * h)
        for i in stride(from: 3, to: w * h, by: 7) { indices[i] = UInt8(i % 2) }
        let palette: [SIMD3<UInt8>] = [SIMD3(255, 0, 0), SIMD3(0, 255, 0), SIMD3(0, 0, 255), SIMD3(9, 9, 9)]
        var encoder = SixelEncoder()
        var bytes: [UInt8] = []
        encoder.encode(indices: indices, width: w, height: h, palette: palette, into: &bytes)
        var d = SixelDecoder()
        try d.decode(bytes)
        for i in 0..<(w * h) {
            let want = (SIMD3<Int>(truncatingIfNeeded: palette[Int(indices[i])]) &* 100 &+ 127) / 255
            #expect(d.pixels[i] == want, "pixel \(i)")
        }
        // The commonest colour goes first, as one run over the whole band.
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("#2!50~$"), "\(text)")
        #expect(d.registersUsed == [0, 1, 2])
    }

    @Test func kMeansRoundsBringThePaletteCloserToThePixels() {
        // A lit sphere whose hue turns across it: colours spread over a curved surface of
        // the cube, where the median cut's boxes fit badly.
        var rgb: [UInt8] = []
        for y in 0..<160 {
            for x in 0..<240 {
                let (u, v) = (Double(x) / 240, Double(y) / 160)
                let light = 0.3 + 0.7 * (1 - (u - 0.5) * (u - 0.5) - (v - 0.5) * (v - 0.5))
                let hue = 6.28 * (u + v) / 2
                for phase in [0.0, 2.1, 4.2] {
                    let channel: Double = 0.5 + 0.5 * Foundation.sin(hue + phase)
                    rgb.append(UInt8(255 * channel * light))
                }
            }
        }
        func error(_ refinements: Int) -> Int {
            var cut = MedianCut()
            cut.refinements = refinements
            cut.build(rgb: rgb, registers: 32)
            var total = 0
            for i in 0..<(rgb.count / 3) {
                let c = cut.colors[Int(cut.lookup[MedianCut.key(rgb[3 * i], rgb[3 * i + 1], rgb[3 * i + 2])])]
                total +=
                    abs(Int(c.x) - Int(rgb[3 * i])) + abs(Int(c.y) - Int(rgb[3 * i + 1]))
                    + abs(Int(c.z) - Int(rgb[3 * i + 2]))
            }
            return total
        }
        let plain = error(0)
        let refined = error(3)
        #expect(refined < plain * 97 / 100, "refined \(refined), median cut alone \(plain)")
    }

    @Test func flatLevelColoursComeBackExactlyWithinPercentRounding() throws {
        let place = GraphicsPlacement(columns: 30, rows: 10, cellSize: CellSize(width: 8, height: 16))
        let out = SixelOutput(placement: place)
        let fb = TestFrames.levels(width: out.grid.width, height: out.grid.height)
        let d = try decode(out, fb)
        for i in stride(from: 0, to: fb.width * fb.height, by: 13) {
            let got = try #require(d.pixels[i]) &* 255 / 100
            let want = srgb(fb, i)
            #expect(abs(got.x - want.x) <= 3 && abs(got.y - want.y) <= 3 && abs(got.z - want.z) <= 3)
        }
    }

    @Test func theImageFitsItsRowsInWholeBandsAndScalesUp() throws {
        var place = GraphicsPlacement(columns: 20, rows: 5, cellSize: CellSize(width: 9, height: 19))
        place.scale = 0.5
        let out = SixelOutput(placement: place)
        #expect(out.screenHeight == 90 && out.screenWidth == 180)
        #expect(out.grid.width == 90 && out.grid.height == 45)
        let fb = TestFrames.levels(width: out.grid.width, height: out.grid.height)
        let d = try decode(out, fb)
        #expect(d.width == 180 && d.height == 90)
        // Each rendered pixel covers 2x2 screen pixels.
        #expect(d.pixels[0] == d.pixels[1] && d.pixels[0] == d.pixels[180] && d.pixels[0] == d.pixels[181])
    }

    @Test func transparentFramesLeaveUncoveredPixelsUndrawn() throws {
        let place = GraphicsPlacement(columns: 40, rows: 12, cellSize: CellSize(width: 8, height: 16))
        let out = SixelOutput(placement: place, transparent: true)
        let fb = TestFrames.globe(width: out.grid.width, height: out.grid.height)
        let d = try decode(out, fb)
        #expect(d.pixels[0] == nil)
        let centre = (fb.height / 2) * fb.width + fb.width / 2
        #expect(d.pixels[centre] != nil)
    }
}
