import Foundation
import OrbitTestSupport
import Testing

/// `--dither` is never silently ignored by the headless commands (the built binary, with
/// the locale and terminal set): where `auto` glyphs or colours resolve to a set that
/// cannot dither, standard error says so in one line and the output is as without it;
/// where it dithers, nothing is said; where the image is pixels, it is refused.
@Suite struct DitherWarningTests {
    /// A UTF-8 locale and a truecolor terminal: `auto` means half blocks at truecolor.
    static let truecolorUTF8 = ["LANG": "C.UTF-8", "COLORTERM": "truecolor", "TERM": "xterm-256color"]

    /// `orbit ARGUMENTS` in `environment`, standard input and output redirected.
    static func run(_ arguments: [String], _ environment: [String: String] = truecolorUTF8) throws -> RunResult {
        try Spawn.run([try OrbitBinary.check()] + arguments, environment: environment)
    }

    static let note = "orbit: warning: --dither has no effect with "

    @Test func autoGlyphsAndColoursThatCannotDitherAreNamed() throws {
        // render: standard output is a file, so auto colours are none; half blocks by the locale.
        let plain = try Self.run(["render", "earth", "--size", "30x10"])
        let render = try Self.run(["render", "earth", "--size", "30x10", "--dither"])
        #expect(render.status == 0)
        #expect(render.stdout == plain.stdout)
        #expect(render.stderr.hasPrefix(Self.note + "half blocks"), "\(render.stderr)")
        #expect(render.stderr.split(separator: "\n").count == 1, "\(render.stderr)")
        // Quadrants with auto colours: none off a terminal.
        let quadrants = try Self.run(["render", "earth", "--size", "30x10", "--glyphs", "quadrants", "--dither"])
        #expect(quadrants.stderr.hasPrefix(Self.note + "no colours"), "\(quadrants.stderr)")
        // preview: truecolor from COLORTERM, half blocks by the locale; the pane is unchanged.
        let pane = try Self.run(["preview", "earth", "--size", "30x10", "--glyphs", "sextants"])
        let dithered = try Self.run(["preview", "earth", "--size", "30x10", "--glyphs", "sextants", "--dither"])
        #expect(dithered.status == 0)
        #expect(dithered.stdout == pane.stdout)
        #expect(dithered.stderr.hasPrefix(Self.note + "truecolor colours"), "\(dithered.stderr)")
        // snapshot --cells and bench: half blocks at truecolor.
        let scratch = try Scratch("orbit-dither")
        let snapshot = try Self.run(["snapshot", "earth", "--cells", "--dither", "-o", scratch.file("a.png")])
        #expect(snapshot.status == 0)
        #expect(snapshot.stderr.hasPrefix(Self.note + "half blocks"), "\(snapshot.stderr)")
        let bench = try Self.run(["bench", "earth", "--frames", "2", "--size", "20x6", "--dither"])
        #expect(bench.status == 0)
        #expect(bench.stderr.hasPrefix(Self.note + "half blocks"), "\(bench.stderr)")
    }

    @Test func whereItDithersNothingIsSaid() throws {
        let cases: [[String]] = [
            ["render", "earth", "--size", "30x10", "--glyphs", "quadrants", "--colors", "256"],
            ["render", "earth", "--size", "30x10", "--glyphs", "ascii"],
            ["preview", "earth", "--size", "30x10", "--colors", "16", "--glyphs", "sextants"],
        ]
        for arguments in cases {
            let plain = try Self.run(arguments)
            let dithered = try Self.run(arguments + ["--dither"])
            #expect(dithered.status == 0)
            #expect(dithered.stderr.isEmpty, "\(arguments): \(dithered.stderr)")
            #expect(dithered.stdout != plain.stdout, "\(arguments): --dither changed nothing")
        }
        // The ASCII locale's default set (the ramp) dithers too.
        let ascii = ["LANG": "C", "TERM": "xterm"]
        let r = try Self.run(["render", "earth", "--size", "30x10", "--dither"], ascii)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
    }

    @Test func picturesOfPixelsRefuseIt() throws {
        let scratch = try Scratch("orbit-dither")
        let refused: [([String], String)] = [
            (["snapshot", "earth", "-o", scratch.file("a.png")], "'snapshot' without '--cells'"),
            (["preview", "earth", "-o", scratch.file("b.png")], "'preview -o FILE.png'"),
            (["render", "earth", "--record", scratch.file("c.gif")], "'render --record FILE.gif'"),
            (["render", "earth", "--glyphs", "braille", "--colors", "256"], "'--glyphs braille --colors 256'"),
        ]
        for (arguments, what) in refused {
            let r = try Self.run(arguments + ["--dither"])
            #expect(r.status == 2, "\(arguments)")
            #expect(r.stderr.hasPrefix("orbit: option '--dither' does not apply to \(what)"), "\(r.stderr)")
        }
        // Braille's partly covered cells over the terminal's background do dither.
        let transparent = try Self.run(
            ["render", "earth", "--glyphs", "braille", "--colors", "256", "--transparent", "--dither"])
        #expect(transparent.status == 0 && transparent.stderr.isEmpty, "\(transparent.stderr)")
    }
}
