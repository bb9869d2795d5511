import Display
import Raster
import Testing

/// Reads iTerm2 inline images (`ESC ] 1337 ; File=ARGS : BASE64 BEL` or `ESC \`) out of a
/// byte stream, with the cursor position each was drawn at.
struct ITermImage {
    var arguments: [String: String]
    var file: [UInt8]
    /// 0-based row and column of the last cursor move before the image.
    var at: (row: Int, column: Int)?

    static func parse(_ bytes: [UInt8]) throws -> [ITermImage] {
        let text = String(decoding: bytes, as: UTF8.self)
        var images: [ITermImage] = []
        var rest = Substring(text)
        while let start = rest.range(of: "\u{1B}]1337;File=") {
            let before = rest[..<start.lowerBound]
            let body = rest[start.upperBound...]
            let colon = try #require(body.firstIndex(of: ":"), "no ':' after the arguments")
            var arguments: [String: String] = [:]
            for pair in body[..<colon].split(separator: ";") {
                let kv = pair.split(separator: "=", maxSplits: 1)
                arguments[String(kv[0])] = kv.count > 1 ? String(kv[1]) : ""
            }
            let payloadStart = body.index(after: colon)
            let end = try #require(
                body[payloadStart...].firstIndex { $0 == "\u{07}" || $0 == "\u{1B}" }, "unterminated OSC")
            let file = try #require(KittyDecoder.base64(Array(body[payloadStart..<end].utf8)), "bad base64")
            var at: (Int, Int)?
            if let move = before.range(of: "\u{1B}[", options: .backwards) {
                let params = before[move.upperBound...].prefix { $0 != "H" }.split(separator: ";")
                // `ESC [ ROW H` (column 1) or `ESC [ ROW ; COLUMN H`.
                let numbers = params.compactMap { Int($0) }
                if numbers.count == params.count, let r = numbers.first {
                    at = (r - 1, (numbers.dropFirst().first ?? 1) - 1)
                }
            }
            images.append(ITermImage(arguments: arguments, file: file, at: at))
            rest = body[end...]
        }
        return images
    }
}

@Suite struct ITermDecodeBack {
    func placement(_ c: Int = 40, _ r: Int = 12, scale: Double = 1) -> GraphicsPlacement {
        GraphicsPlacement(columns: c, rows: r, cellSize: CellSize(width: 8, height: 16), scale: scale)
    }

    /// Each frame is one inline PNG over the whole area, cells as the unit, aspect not kept,
    /// the cursor saved and restored around it; the PNG decodes (libpng) to the
    /// framebuffer's pixels: exactly at tolerance 0, within one level at the default.
    @Test(arguments: [0, 1])
    func framesDecodeToTheFramebuffersPixels(tolerance: Int) throws {
        let out =
            tolerance == 0 ? ITermOutput(placement: placement(), tolerance: 0) : ITermOutput(placement: placement())
        #expect(out.grid == PixelGrid(width: 320, height: 192, pixelAspect: 1))
        var bytes: [UInt8] = []
        var expected: [UInt8] = []
        for seed in UInt32(1)...3 {
            let fb = TestFrames.globe(width: 320, height: 192, seed: seed)
            out.write(fb, into: &bytes)
            #expect(bytes.starts(with: Array("\u{1B}7\u{1B}[1H\u{1B}]1337;File=".utf8)))
            #expect(bytes.suffix(3) == [0x07, 0x1B, 0x38])  // BEL, then ESC 8 restores the cursor
            let images = try ITermImage.parse(bytes)
            #expect(images.count == 1)
            let image = try #require(images.first)
            #expect(image.arguments["inline"] == "1")
            #expect(image.arguments["size"] == "\(image.file.count)")
            #expect(image.arguments["width"] == "40" && image.arguments["height"] == "12")
            #expect(image.arguments["preserveAspectRatio"] == "0")
            #expect(image.at?.row == 0 && image.at?.column == 0)
            let png = try #require(KittyDecoder.png(image.file), "libpng rejected the frame")
            fb.writeSRGB8(into: &expected)
            #expect(png.width == 320 && png.height == 192 && png.bytesPerPixel == 3)
            let worst = zip(png.pixels, expected).map { abs(Int($0) - Int($1)) }.max() ?? 99
            #expect(worst == tolerance, "largest channel difference \(worst)")
            #expect(out.lastRawBytes == 320 * 192 * 3 && out.lastCompressedBytes == image.file.count)
        }
    }

    /// A frame rendered at half size is still stretched over the whole area.
    @Test func smallerFramesStillCoverTheArea() throws {
        let out = ITermOutput(placement: placement(40, 12, scale: 0.5))
        #expect(out.grid.width == 160 && out.grid.height == 96)
        var bytes: [UInt8] = []
        out.write(TestFrames.globe(width: 160, height: 96), into: &bytes)
        let image = try #require(try ITermImage.parse(bytes).first)
        #expect(image.arguments["width"] == "40" && image.arguments["height"] == "12")
        let png = try #require(KittyDecoder.png(image.file))
        #expect(png.width == 160 && png.height == 96)
    }

    @Test func transparentFramesCarryCoverageAsAlphaOverBlankedCells() throws {
        let out = ITermOutput(placement: placement(), transparent: true, tolerance: 0)
        let fb = TestFrames.globe(width: 320, height: 192)
        var bytes: [UInt8] = []
        out.write(fb, into: &bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}[1H\u{1B}[40X\u{1B}[2H\u{1B}[40X"))
        let image = try #require(try ITermImage.parse(bytes).first)
        let png = try #require(KittyDecoder.png(image.file))
        #expect(png.bytesPerPixel == 4)
        for i in stride(from: 0, to: fb.coverage.count, by: 97) {
            #expect((png.pixels[4 * i + 3] == 0) == (fb.coverage[i] == 0))
        }
    }

    /// Inside tmux the whole sequence goes through passthrough (each ESC doubled), drawn at
    /// the pane's offset on the outer screen.
    @Test func insideTmuxTheImagePassesThroughAtThePanesOffset() throws {
        var p = placement()
        p.tmux = TmuxInfo(clientTerm: "xterm-256color", passthrough: true, paneTop: 3, paneLeft: 5)
        let out = ITermOutput(placement: p)
        var bytes: [UInt8] = []
        out.write(TestFrames.globe(width: 320, height: 192), into: &bytes)
        #expect(bytes.starts(with: Array("\u{1B}Ptmux;".utf8)) && bytes.suffix(2) == [0x1B, 0x5C])
        var inner: [UInt8] = []
        var i = 7
        while i < bytes.count - 2 {
            inner.append(bytes[i])
            i += bytes[i] == 0x1B ? 2 : 1
        }
        #expect(inner.starts(with: Array("\u{1B}7\u{1B}[4;6H".utf8)))
        let image = try #require(try ITermImage.parse(inner).first)
        #expect(KittyDecoder.png(image.file)?.width == 320)
        #expect(out.removal().isEmpty)
    }

    @Test func benchFiguresCountTheCompression() {
        let out = ITermOutput(placement: placement())
        var bytes: [UInt8] = []
        out.write(TestFrames.globe(width: 320, height: 192), into: &bytes)
        let figures: any CompressedFrameOutput = out
        #expect(figures.compressNanoseconds > 0 && figures.lastRawBytes == 320 * 192 * 3)
        #expect(out.mode == .pixels(.iterm) && out.mode.label == "iterm")
        #expect(out.mode.ditherIgnored(transparent: false) == "iTerm2 images (every colour is sent)")
    }
}
