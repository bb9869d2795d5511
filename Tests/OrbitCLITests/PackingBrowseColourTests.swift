import Apollonian
import Cells
import Display
import Math3D
import Testing

@testable import OrbitCLI

/// Browsing colours by generation counted from the largest spheres in view, so a deep
/// zoom shows the original palette's colours as the whole packing does at zoom 1, not
/// the white of every level past 10.
@Suite struct PackingBrowseColourTests {
    /// Share of the frame's covered pixels in each colour family of the original palette:
    /// `grey` (white and the greys: nearly equal channels) or a hue (`r`, `y`, `g`, `c`,
    /// `b`, `m`: the channels above half the brightest one); and the covered share.
    static func families(_ arguments: [String]) throws -> (shares: [String: Double], covered: Double) {
        let (options, loaded) = try PackingBrowseTests.load(["apollonian", "--size", "80x24"] + arguments)
        let pixels = PackingBrowseTests.rendered(loaded, options, glyphs: .blocks, colors: .truecolor)
            .framebuffer.color
        var counts: [String: Int] = [:]
        var covered = 0
        for p in pixels {
            let high = max(p.x, p.y, p.z)
            let low = min(p.x, p.y, p.z)
            guard high > 0.01 else { continue }
            covered += 1
            let family: String
            if high - low < 0.3 * high {
                family = "grey"
            } else {
                let on = (p.x > high / 2 ? 4 : 0) + (p.y > high / 2 ? 2 : 0) + (p.z > high / 2 ? 1 : 0)
                family = ["grey", "b", "g", "c", "r", "m", "y", "grey"][on]
            }
            counts[family, default: 0] += 1
        }
        let n = Double(max(covered, 1))
        return (counts.mapValues { Double($0) / n }, Double(covered) / Double(max(pixels.count, 1)))
    }

    // Views where spheres of many sizes fill the frame (the zooms where, before the
    // fly-through, one sphere in front of the point filled it: PackingBrowseFlyThroughTests).
    @Test(arguments: [
        ["--zoom", "1e3"], ["--zoom", "4e5"], ["--zoom", "3e6"], ["--zoom", "1e9"], ["--zoom", "1e15"],
        // A thousandth from the point where two seed spheres touch: a thousand generations deep.
        ["--zoom", "3e6", "--center", "0,0,0.318837245195782"],
    ])
    func aDeepZoomShowsThePalettesColoursNotWhite(_ arguments: [String]) throws {
        let deep = try Self.families(arguments)
        let whole = try Self.families(["--zoom", "1"])
        #expect(deep.covered > 0.5, "\(deep)")
        // Several hues, each on a good part of the frame, as at zoom 1.
        let hues = deep.shares.filter { $0.key != "grey" && $0.value > 0.03 }
        let wholeHues = whole.shares.filter { $0.key != "grey" && $0.value > 0.03 }
        #expect(hues.count >= 4, "\(deep.shares) (zoom 1: \(whole.shares))")
        #expect(hues.count >= wholeHues.count - 1, "\(deep.shares) (zoom 1: \(whole.shares))")
        // Not mostly white and grey.
        #expect((deep.shares["grey"] ?? 0) < 0.5, "\(deep.shares)")
    }

    @Test func theDeepestZoomStillShowsSeveralHues() throws {
        let deep = try Self.families(["--zoom", "1e30"])
        #expect(deep.covered > 0.5, "\(deep)")
        let hues = deep.shares.filter { $0.key != "grey" && $0.value > 0.03 }
        #expect(hues.count >= 4, "\(deep.shares)")
        #expect((deep.shares["grey"] ?? 0) < 0.5, "\(deep.shares)")
    }

    @Test func theLegendSaysWhichGenerationTheColoursCountFrom() throws {
        let (_, loaded) = try PackingBrowseTests.load(["apollonian", "--zoom", "1e6", "--size", "80x24"])
        let head = try #require(loaded.legend.first)
        #expect(head.hasPrefix("colour: generation from L "), "\(loaded.legend)")
        // The first line after the head joins every level up to that one, in white.
        let base = try #require(Int(head.dropFirst("colour: generation from L ".count).prefix { $0.isNumber }))
        #expect(base > 10)
        #expect(loaded.legend[1].hasPrefix("L 1-\(base) ") && loaded.legend[1].contains("FFFFFF"), "\(loaded.legend)")
        #expect(loaded.legend.contains { $0.hasPrefix("L \(base + 1) ") && $0.contains("FF0000") }, "\(loaded.legend)")
        // At zoom 1 the levels are the original's.
        let (_, whole) = try PackingBrowseTests.load(["apollonian", "--zoom", "1", "--size", "80x24"])
        #expect(whole.legend.first == "colour: generation (L = generation + 1)")
        #expect(whole.legend.contains { $0.hasPrefix("L 2 ") && $0.contains("FF0000") }, "\(whole.legend)")
    }

    @Test func browsingColoursByClanToo() throws {
        let (_, loaded) = try PackingBrowseTests.load(
            ["apollonian", "--zoom", "30", "--color-by", "clan", "--size", "80x24"])
        let entries = loaded.legend.dropFirst()
        #expect(loaded.legend.first == "colour: clan (subtree of the service's tree)")
        #expect(!entries.isEmpty && entries.allSatisfy { $0.hasPrefix("clan ") }, "\(loaded.legend)")
    }
}
