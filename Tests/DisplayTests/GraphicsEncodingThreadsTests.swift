import Display
import Foundation
import Raster
import Testing

/// The graphics encoders on several threads send the same picture as on one.
@Suite struct GraphicsEncodingThreads {
    @Test func sixelFramesOnSeveralThreadsAreTheSameBytesAsOnOne() throws {
        // 400x240: enough bands for several strips; transparent too (undrawn pixels).
        let place = GraphicsPlacement(columns: 50, rows: 15, cellSize: CellSize(width: 8, height: 16))
        for transparent in [false, true] {
            let fb = TestFrames.globe(width: 400, height: 240)
            var outputs: [[UInt8]] = []
            for threads in [1, 2, 3] {
                let out = SixelOutput(placement: place, transparent: transparent)
                out.threads = threads
                #expect(out.threads == threads)
                var bytes: [UInt8] = []
                out.write(fb, into: &bytes)
                outputs.append(bytes)
            }
            #expect(outputs[1] == outputs[0] && outputs[2] == outputs[0])
            var d = SixelDecoder()
            try d.decode(outputs[1])
            #expect(d.width == 400 && d.height == 240)
            #expect(d.pixels.allSatisfy { $0 != nil } != transparent)
        }
    }

    /// The sixel palette's histogram is counted in strips of 65,536 pixels or more: on a
    /// frame of 640x480 (three strips on three threads) the palette and every key's entry
    /// are those of one strip, frame after frame (the strips' histograms are emptied).
    @Test func thePaletteFromAHistogramInStripsIsTheOneFromOneStrip() {
        var one = MedianCut()
        var strips = MedianCut()
        strips.threads = 3
        for seed: UInt32 in [1, 2, 3] {
            var rgb: [UInt8] = []
            TestFrames.globe(width: 640, height: 480, seed: seed).writeSRGB8(into: &rgb)
            one.build(rgb: rgb, registers: 96)
            strips.build(rgb: rgb, registers: 96)
            #expect(one.colors.count == 96)
            #expect(strips.colors == one.colors && strips.lookup == one.lookup, "frame \(seed)")
        }
    }

    @Test func pngFramesCompressedInPiecesDecodeToTheSamePictureAndHardlyGrow() throws {
        var pixels: [UInt8] = []
        TestFrames.globe(width: 400, height: 240).writeSRGB8(into: &pixels)
        var files: [[UInt8]] = []
        var shown: [[UInt8]] = []
        for threads in [1, 2, 5] {
            var encoder = PNGEncoder(tolerance: 1)
            encoder.threads = threads
            var p = pixels
            var png: [UInt8] = []
            #expect(encoder.encode(&p, width: 400, height: 240, alpha: false, into: &png))
            // libpng checks the stream's Adler-32 and every chunk's CRC.
            let decoded = try #require(KittyDecoder.png(png))
            #expect(decoded.pixels == p)
            files.append(png)
            shown.append(p)
        }
        // Every channel within the tolerance on any number of threads, within 1 % of the bytes.
        for p in shown { #expect(zip(p, pixels).allSatisfy { abs(Int($0) - Int($1)) <= 1 }) }
        for (i, f) in files.enumerated().dropFirst() {
            #expect(f.count < files[0].count * 101 / 100, "\(i): \(f.count) against \(files[0].count)")
        }
    }
}
