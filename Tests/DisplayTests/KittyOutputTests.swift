import Display
import Raster
import Testing

@Suite struct KittyDecodeBack {
    func placement(_ c: Int = 40, _ r: Int = 12) -> GraphicsPlacement {
        GraphicsPlacement(columns: c, rows: r, cellSize: CellSize(width: 8, height: 16))
    }

    /// Frames decode (PNG, by libpng) to the framebuffer's pixels: exactly at tolerance 0,
    /// every channel within one level (and some one level off) at the default.
    @Test(arguments: [0, 1])
    func framesDecodeToTheFramebuffersPixelsWithinTheTolerance(tolerance: Int) throws {
        let out =
            tolerance == 0
            ? KittyOutput(placement: placement(), tolerance: 0) : KittyOutput(placement: placement())
        #expect(out.grid == PixelGrid(width: 320, height: 192, pixelAspect: 1))
        var decoder = KittyDecoder()
        var bytes: [UInt8] = []
        var expected: [UInt8] = []
        for seed in UInt32(1)...3 {
            let fb = TestFrames.globe(width: 320, height: 192, seed: seed)
            out.write(fb, into: &bytes)
            try decoder.feed(bytes)
            #expect(decoder.commands.last(where: { $0["a"] != "a" })?["f"] == "100")
            fb.writeSRGB8(into: &expected)
            let image = try #require(decoder.images[KittyOutput.imageID])
            #expect(image.width == 320 && image.height == 192 && image.pixels.count == expected.count)
            let worst = zip(image.pixels, expected).map { abs(Int($0) - Int($1)) }.max() ?? 99
            #expect(worst == tolerance, "largest channel difference \(worst)")
        }
        // One transmission and placement, then edits of the same image in place.
        let actions = decoder.commands.map { $0["a"] ?? "" }
        #expect(actions == ["T", "f", "a", "f", "a"])
        #expect(decoder.images.count == 1)
        let first = try #require(decoder.images[KittyOutput.imageID])
        #expect(first.columns == 40 && first.rows == 12)
        #expect(first.placedAt?.row == 0 && first.placedAt?.column == 0)
        #expect(decoder.commands.allSatisfy { $0["q"] == "2" })
    }

    @Test func chunksAreAtMost4096Base64Characters() {
        let out = KittyOutput(placement: placement(100, 30))
        var bytes: [UInt8] = []
        out.write(TestFrames.globe(width: 800, height: 480), into: &bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        let chunks = text.components(separatedBy: "\u{1B}_G").dropFirst()
        #expect(chunks.count > 2)
        for chunk in chunks {
            let payload = chunk.split(separator: ";", maxSplits: 1).last.map { $0.prefix { $0 != "\u{1B}" } } ?? ""
            #expect(payload.count <= KittyOutput.chunkSize)
        }
    }

    @Test func transparentFramesCarryCoverageAsAlpha() throws {
        let out = KittyOutput(placement: placement(), transparent: true)
        let fb = TestFrames.globe(width: 320, height: 192)
        var bytes: [UInt8] = []
        out.write(fb, into: &bytes)
        var decoder = KittyDecoder()
        try decoder.feed(bytes)
        let image = try #require(decoder.images[KittyOutput.imageID])
        #expect(image.bytesPerPixel == 4)
        for i in stride(from: 0, to: fb.width * fb.height, by: 97) {
            #expect(image.pixels[4 * i + 3] == fb.coverage[i])
        }
    }

    @Test func invalidatePlacesAgainAndRemovalDeletesTheImage() throws {
        let out = KittyOutput(placement: placement())
        var decoder = KittyDecoder()
        var bytes: [UInt8] = []
        let fb = TestFrames.levels(width: 320, height: 192)
        out.write(fb, into: &bytes)
        out.invalidate()
        out.write(fb, into: &bytes)
        try decoder.feed(bytes)
        #expect(decoder.commands.last?["a"] == "T")
        try decoder.feed(out.removal())
        #expect(decoder.images.isEmpty)
        #expect(decoder.commands.last?["d"] == "I")
    }

    @Test func insideTmuxEveryCommandIsWrappedForPassthrough() {
        var p = placement()
        p.tmux = TmuxInfo(clientTerm: "xterm-kitty", passthrough: true, paneTop: 2, paneLeft: 5)
        let out = KittyOutput(placement: p)
        var bytes: [UInt8] = []
        out.write(TestFrames.levels(width: 320, height: 192), into: &bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}Ptmux;\u{1B}\u{1B}7\u{1B}\u{1B}[3;6H\u{1B}\u{1B}_G"))
        #expect(text.hasSuffix("\u{1B}\u{1B}8\u{1B}\\"))
    }

    @Test func aSmallerScaleKeepsPixelsRound() {
        var p = placement(100, 30)
        p.scale = 0.5
        #expect(p.grid.width == 400 && p.grid.height == 240)
        #expect(abs(p.grid.pixelAspect - 1) < 1e-6)
        let tall = GraphicsPlacement(columns: 10, rows: 10, cellSize: CellSize(width: 9, height: 19), scale: 0.37)
        let g = tall.grid
        // The picture's pixels, stretched over the cells, are square within rounding.
        let shown = (Double(90) / Double(g.width)) / (Double(190) / Double(g.height))
        #expect(abs(Double(g.pixelAspect) - shown) < 1e-6)
    }
}
