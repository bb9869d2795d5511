import Assets
import Foundation
import SceneGraph
import Testing

@testable import OrbitCLI

/// `orbit preview`'s time budget: a scene with more triangles than the budget allows is
/// drawn as its bounding box, with a note on the pane's last line.
@Suite struct PreviewBudgetTests {
    static func config(_ scene: String, budget: Double, size: (Int, Int)) -> PreviewConfig {
        var o = Options()
        o.scene = scene
        o.previewBudget = budget
        o.columns = size.0
        o.rows = size.1
        o.sizeGiven = true
        o.colors = .fixed(.truecolor)
        return o.previewConfig(environment: [:])
    }

    @Test func tooManyTrianglesForTheBudgetDrawTheBoundingBoxWithANote() throws {
        let c = Self.config("sphere:300000", budget: 0.05, size: (60, 14))
        let output = try PreviewCommand.draw(c, started: DispatchTime.now().uptimeNanoseconds)
        guard case .text(let text) = output else {
            Issue.record("not text")
            return
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 14)
        #expect(lines.last == "sphere:300000: 299208 triangles; bounding box shown")
        #expect(text.contains("48;2;"), "the box is drawn")
    }

    @Test func aModelWithinTheBudgetIsDrawnWithoutANote() throws {
        let c = Self.config("sphere:2000", budget: 1, size: (40, 12))
        let output = try PreviewCommand.draw(c, started: DispatchTime.now().uptimeNanoseconds)
        guard case .text(let text) = output else {
            Issue.record("not text")
            return
        }
        #expect(!text.contains("bounding box"))
        #expect(text.split(separator: "\n").count == 12)
    }

    @Test func theBoxHasTheModelsBounds() throws {
        let loaded = try SceneCatalog.testSphere("sphere:2000")
        let box = try #require(PreviewBox.scene(for: loaded.scene))
        let a = try #require(ModelLoader.bounds(of: loaded.scene.root))
        let b = try #require(ModelLoader.bounds(of: box.root))
        #expect(abs(a.min.x - b.min.x) < 1e-4 && abs(a.max.y - b.max.y) < 1e-4 && abs(a.max.z - b.max.z) < 1e-4)
    }

    @Test func paneSizeComesFromYaziThenFzfThenTheShell() {
        #expect(PreviewSize.fromEnvironment(["w": "30", "h": "9", "COLUMNS": "80", "LINES": "24"])! == (30, 9))
        #expect(PreviewSize.fromEnvironment(["FZF_PREVIEW_COLUMNS": "31", "FZF_PREVIEW_LINES": "8"])! == (31, 8))
        #expect(PreviewSize.fromEnvironment(["w": "x", "h": "9", "COLUMNS": "80", "LINES": "24"])! == (80, 24))
        #expect(PreviewSize.fromEnvironment([:]) == nil)
    }

    @Test func previewColoursAreTruecolorUnlessTheEnvironmentSaysLess() {
        #expect(PreviewCommand.depth(.auto, [:]) == .truecolor)
        #expect(PreviewCommand.depth(.auto, ["TERM": "xterm-256color"]) == .truecolor)
        #expect(PreviewCommand.depth(.auto, ["NO_COLOR": "1", "COLORTERM": "truecolor"]) == .none)
        #expect(PreviewCommand.depth(.auto, ["TERM": "linux"]) == .ansi16)
        #expect(PreviewCommand.depth(.auto, ["TERM": "dumb"]) == .none)
        #expect(PreviewCommand.depth(.fixed(.ansi256), [:]) == .ansi256)
    }

    @Test func aNarrowPaneZoomsOutSoTheModelStaysWhole() {
        let tall = Self.config("earth", budget: 1, size: (20, 30))
        #expect(abs(tall.zoom - 20 * 0.5 / 30) < 1e-9)
        let wide = Self.config("earth", budget: 1, size: (80, 24))
        #expect(wide.zoom == 1)
        #expect(wide.yaw == PreviewCommand.yaw && wide.pitch == PreviewCommand.pitch)
    }
}
