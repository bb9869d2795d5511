import Display
import Foundation
import OrbitTestSupport
import Testing

/// Headless kitty frames use the fixed image ids, so `orbit render --format kitty` gives
/// the same bytes on every run; the viewer takes ids of its own process.
@Suite struct KittyRenderRepeats {
    @Test func headlessKittyBytesRepeatFromRunToRun() throws {
        let scratch = try Scratch("orbit-kitty-repeat")
        var outputs: [Data] = []
        for run in 0..<2 {
            let path = scratch.file("frames\(run)")
            let result = try Spawn.run(
                [try OrbitBinary.check(), "render", "earth", "--format", "kitty", "--size", "40x12", "--frames", "2"],
                stdoutPath: path)
            #expect(result.status == 0, "\(result.stderr)")
            outputs.append(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        #expect(!outputs[0].isEmpty && outputs[0] == outputs[1])
        let text = String(decoding: outputs[0], as: UTF8.self)
        #expect(text.contains("i=\(KittyOutput.imageID),") && text.contains("i=\(KittyOutput.imageID + 1),"))
        #expect(KittyOutput.processImageID != KittyOutput.imageID)
    }
}
