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
            #expect(decoder.commands.last(where: { $0["a"] == "T" })?["f"] == "100")
            fb.writeSRGB8(into: &expected)
            // The frame's image is the only one left: the one before it was deleted.
            let image = try #require(decoder.onlyImage)
            #expect(decoder.images[out.id] != nil)
            #expect(image.width == 320 && image.height == 192 && image.pixels.count == expected.count)
            let worst = zip(image.pixels, expected).map { abs(Int($0) - Int($1)) }.max() ?? 99
            #expect(worst == tolerance, "largest channel difference \(worst)")
        }
        // Each frame transmitted and placed under the other id, then the one before deleted.
        let actions = decoder.commands.map { ($0["a"] ?? "") + ($0["i"] ?? "") }
        let (a, b) = (String(KittyOutput.imageID), String(KittyOutput.imageID + 1))
        #expect(actions == ["T" + a, "d" + b, "T" + b, "d" + a, "T" + a, "d" + b])
        #expect(decoder.images.count == 1)
        let last = try #require(decoder.images[KittyOutput.imageID])
        #expect(last.columns == 40 && last.rows == 12)
        #expect(last.placedAt?.row == 0 && last.placedAt?.column == 0)
        #expect(decoder.commands.allSatisfy { $0["q"] == "2" })
        #expect(decoder.commands.filter { $0["a"] == "d" }.allSatisfy { $0["d"] == "I" })
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
        let image = try #require(decoder.onlyImage)
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
        #expect(decoder.commands.last(where: { $0["a"] != "d" })?["a"] == "T")
        #expect(decoder.onlyImage != nil)
        try decoder.feed(out.removal())
        #expect(decoder.images.isEmpty)
        // Both ids deleted, data freed.
        let deletes = decoder.commands.suffix(2)
        #expect(deletes.allSatisfy { $0["a"] == "d" && $0["d"] == "I" })
        #expect(Set(deletes.compactMap { $0["i"] }) == [String(KittyOutput.imageID), String(KittyOutput.imageID + 1)])
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
