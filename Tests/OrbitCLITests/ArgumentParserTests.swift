import Cells
import Display
import Testing

@testable import OrbitCLI

@Suite struct ArgumentParsing {
    @Test func noArgumentsOpensTheEarthInTheViewer() throws {
        let (command, options) = try ArgumentParser.parse([])
        #expect(command == .view)
        #expect(options.scene == "earth")
        #expect(options.fps == 30 && options.hud)
    }

    @Test func renderTakesASceneAndOptionsInAnyOrder() throws {
        let (command, o) = try ArgumentParser.parse([
            "render", "--size", "200x60", "apollonian", "--glyphs=ascii", "--colors", "none", "--frames", "3",
        ])
        #expect(command == .render)
        #expect(o.scene == "apollonian")
        #expect(o.columns == 200 && o.rows == 60)
        #expect(o.glyphs == .ascii && o.colors == .fixed(ColorDepth.none) && o.frames == 3)
    }

    @Test func apollonianWithoutSubcommandIsTheViewerScene() throws {
        let (command, o) = try ArgumentParser.parse(["apollonian", "--level", "5"])
        #expect(command == .view)
        #expect(o.scene == "apollonian" && o.level == 5)
    }

    @Test func exportDefaultsAndFlags() throws {
        let (command, o) = try ArgumentParser.parse([
            "apollonian", "export", "--edge", "--decimals", "6", "-o", "out.json",
        ])
        #expect(command == .apollonianExport)
        #expect(o.edgeOnly == true && o.decimals == 6 && o.outputFile == "out.json")
    }

    @Test func helpAndVersionWinAnywhere() throws {
        #expect(try ArgumentParser.parse(["--help"]).0 == .help(nil))
        #expect(try ArgumentParser.parse(["render", "--help"]).0 == .help(.render))
        #expect(try ArgumentParser.parse(["bench", "earth", "-h"]).0 == .help(.bench))
        #expect(try ArgumentParser.parse(["--version"]).0 == .version)
    }

    @Test func dashMeansStandardInput() throws {
        #expect(try ArgumentParser.parse(["render", "-"]).1.scene == "-")
    }

    @Test(arguments: [
        (["render", "--size", "80"], "--size wants COLSxROWS"),
        (["--size", "80x24"], "does not apply to 'orbit'"),
        (["render", "--size", "0x10"], "--size wants COLSxROWS"),
        (["render", "--glyphs", "emoji"], "--glyphs wants one of"),
        (["--colors", "9"], "--colors wants one of auto"),
        (["render", "--frames", "-1"], "--frames wants a whole number"),
        (["--zoom", "nan"], "--zoom wants a number"),
        (["apollonian", "export", "--timeout", "0x10"], "--timeout wants a number"),
        (["--zoom", "0x1p1"], "--zoom wants a number"),
        (["--fps"], "option '--fps' needs a value"),
        (["--bogus"], "unknown option '--bogus'"),
        (["snapshot", "--fps", "10"], "does not apply to 'snapshot'"),
        (["a.obj", "b.obj"], "more than one scene"),
        (["apollonian", "stats", "earth"], "takes no scene"),
        // Issue 14, point 7: the mistakes a newcomer makes name the real problem.
        (["--colours", "16"], "unknown option '--colours'; did you mean '--colors'?"),
        (["render", "--frame", "3"], "unknown option '--frame'; did you mean '--frames'?"),
        (["render", "--gesture", "tap@0"], "did you mean '--gestures'?"),
        (
            ["apollonian", "stat"],
            "unknown command 'apollonian stat': 'apollonian' takes export, stats, or viewer "
                + "options; did you mean 'apollonian stats'?"
        ),
        (["apollonian", "exprot"], "did you mean 'apollonian export'?"),
    ])
    func badArgumentsGiveAUsageErrorNamingTheArgument(args: [String], expected: String) {
        do {
            _ = try ArgumentParser.parse(args)
            Issue.record("expected an error for \(args)")
        } catch {
            #expect(error.status == 2)
            #expect(error.description.contains(expected), "\(error.description)")
            #expect(!error.description.contains("\n"))
        }
    }
}
