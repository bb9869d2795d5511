import Testing

@testable import OrbitCLI

/// Options that would change nothing in a picture are refused there (docs/CLI.md): the
/// packing's hidden spheres and radius in render and snapshot, `--dither` where no palette
/// is dithered by it.
@Suite struct PictureOptions {
    static func refusal(_ arguments: [String]) -> String? {
        do {
            _ = try ArgumentParser.parse(arguments)
            return nil
        } catch { return (error as? CLIError)?.message ?? "\(error)" }
    }

    @Test(arguments: ["render", "snapshot"])
    func hiddenSpheresAndTheRadiusDoNotApplyToPictures(command: String) {
        for option in [["--all"], ["--edge"], ["--radius", "2"]] {
            let message = Self.refusal([command, "apollonian", "--level", "3"] + option)
            #expect(message?.hasPrefix("option '\(option[0])' does not apply to '\(command)'") == true, "\(option)")
        }
        #expect(Self.refusal(["bench", "apollonian", "--level", "3", "--all"]) == nil)
        #expect(Self.refusal(["apollonian", "--level", "3", "--edge"]) == nil)
        #expect(Self.refusal(["apollonian", "export", "--radius", "2"]) == nil)
    }

    @Test func ditherIsRefusedWhereItChangesNothing() {
        let refused: [[String]] = [
            ["--format", "sixel"], ["--format", "kitty"], ["--glyphs", "blocks"],
            ["--glyphs", "quadrants", "--colors", "truecolor"], ["--glyphs", "braille", "--colors", "none"],
        ]
        for extra in refused {
            let message = Self.refusal(["render", "earth", "--dither"] + extra)
            #expect(message?.hasPrefix("option '--dither' does not apply to '") == true, "\(extra): \(message ?? "")")
        }
        let accepted: [[String]] = [
            ["--glyphs", "quadrants", "--colors", "16"], ["--glyphs", "ascii", "--colors", "none"], [],
        ]
        for extra in accepted { #expect(Self.refusal(["render", "earth", "--dither"] + extra) == nil, "\(extra)") }
        // The viewer's keys reach the sets where it shows.
        #expect(Self.refusal(["earth", "--dither", "--glyphs", "blocks"]) == nil)
    }

    @Test func turnsAndFpsAskForAPictureRecording() {
        for option in [["--turns", "2"], ["--fps", "12"]] {
            for record in [[], ["--record", "/tmp/orbit-never-written.cast"]] {
                let message = Self.refusal(["render", "earth"] + option + record)
                #expect(message?.hasPrefix("option '\(option[0])' does not apply to 'render' without") == true)
            }
            #expect(Self.refusal(["render", "earth", "--record", "/tmp/orbit-never-written.gif"] + option) == nil)
        }
        // The viewer's --fps is its frame cap.
        #expect(Self.refusal(["earth", "--fps", "12"]) == nil)
    }
}
