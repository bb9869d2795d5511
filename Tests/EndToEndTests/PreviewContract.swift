import Foundation
import OrbitTestSupport
import Testing

/// `orbit preview FILE`: what a file manager's preview pane gets (docs/PREVIEW.md):
/// exactly the pane's size, plain SGR colour text, errors in the pane, a PNG on request,
/// and a bounded time.
@Suite struct PreviewContract {
    static let torus = OrbitBinary.packageRoot.appendingPathComponent("Resources/models/torus.glb").path

    /// Runs `orbit preview ARGS` with exactly `environment` (plus PATH).
    static func preview(_ args: [String], environment: [String: String] = [:]) throws -> RunResult {
        let binary = try OrbitBinary.check()
        var env = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        env.merge(environment) { $1 }
        return try Spawn.run([binary, "preview"] + args, environment: env, timeout: 60)
    }

    /// `line` without its SGR sequences.
    static func visible(_ line: String) -> String {
        line.replacing(/\u{1B}\[[0-9;]*m/, with: "")
    }

    /// The escape sequences in `text` other than SGR colours (`ESC [ ... m`).
    static func otherEscapes(_ text: String) -> [String] {
        text.matches(of: /\u{1B}(\[[0-9;?]*[^0-9;?m]|[^\[])/).map { String($0.output.0) }
    }

    /// The distinct RGB colours set by SGR in `text`.
    static func rgbColours(_ text: String) -> Set<String> {
        Set(text.matches(of: /[34]8;2;(\d+;\d+;\d+)/).map { String($0.output.1) })
    }

    /// The lines of `text` (each ends in a newline).
    static func lines(_ text: String) -> [String] {
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    @Test(arguments: [
        ["w": "40", "h": "12"],
        ["FZF_PREVIEW_COLUMNS": "40", "FZF_PREVIEW_LINES": "12", "COLUMNS": "100", "LINES": "50"],
        ["COLUMNS": "40", "LINES": "12"],
    ])
    func previewFillsThePaneItsSizeVariablesName(environment: [String: String]) throws {
        let run = try Self.preview([Self.torus], environment: environment.merging(["TERM": "xterm-256color"]) { $1 })
        #expect(run.status == 0, "\(run.stderr)")
        let lines = Self.lines(run.stdout)
        #expect(lines.count == 12)
        for line in lines { #expect(Self.visible(line).count == 40) }
        #expect(Self.otherEscapes(run.stdout).isEmpty, "only SGR colours: \(Self.otherEscapes(run.stdout).prefix(3))")
        #expect(Self.rgbColours(run.stdout).count > 20, "truecolor by default, and the torus's shades")
    }

    /// yazi's piper runs `sh -c RUN` with the file as `$1` and the pane's size in `$w` and
    /// `$h`, and shows at most `h` lines of its output.
    @Test func yazisPiperContractIsMet() throws {
        let binary = try OrbitBinary.check()
        let run = try Spawn.run(
            ["/bin/sh", "-c", "'\(binary)' preview \"$1\"", "sh", Self.torus],
            environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "w": "52", "h": "17"], timeout: 60)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = Self.lines(run.stdout)
        #expect(lines.count == 17)
        #expect(lines.allSatisfy { Self.visible($0).count == 52 })
        #expect(Self.rgbColours(run.stdout).count > 20)
        #expect(run.stderr.isEmpty)
    }

    @Test func sizeOptionWinsOverTheEnvironment() throws {
        let run = try Self.preview([Self.torus, "--size", "30x7"], environment: ["w": "40", "h": "12"])
        let lines = Self.lines(run.stdout)
        #expect(lines.count == 7)
        #expect(lines.allSatisfy { Self.visible($0).count == 30 })
    }

    @Test func noColorGivesPlainTextAndLinuxConsoleSixteenColours() throws {
        let plain = try Self.preview([Self.torus, "--size", "30x8"], environment: ["NO_COLOR": "1"])
        #expect(!plain.stdout.contains("\u{1B}"))
        #expect(plain.stdout.contains("▀") || plain.stdout.contains("▄"))
        let console = try Self.preview([Self.torus, "--size", "30x8"], environment: ["TERM": "linux"])
        #expect(!console.stdout.isEmpty && Self.rgbColours(console.stdout).isEmpty)
        #expect(!console.stdout.contains("38;5;"))
    }

    @Test func anErrorIsOneMessageInsideThePane() throws {
        let run = try Self.preview(["/no/such/model.obj"], environment: ["w": "24", "h": "5"])
        #expect(run.status == 1)
        let lines = Self.lines(run.stdout)
        #expect(lines.count == 5)
        #expect(lines.allSatisfy { $0.count <= 24 })
        #expect(lines.filter { !$0.isEmpty }.joined(separator: " ") == "orbit: /no/such/model.obj: no such file")
    }

    @Test func pixelRouteWritesAPNGOfTheGivenSize() throws {
        let scratch = try Scratch("orbit-preview")
        let png = scratch.file("torus.png")
        let run = try Self.preview([Self.torus, "-o", png, "--size", "200x120px"])
        #expect(run.status == 0, "\(run.stderr)")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: png)))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let be = { (i: Int) in bytes[i...i + 3].reduce(0) { $0 << 8 | Int($1) } }
        #expect(be(16) == 200 && be(20) == 120)
    }

    @Test func pixelSizesAreRefusedWithoutAPicture() throws {
        let run = try Self.preview([Self.torus, "--size", "200x120px"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--size WxHpx (pixels) applies only to 'preview -o FILE.png'"))
    }

    @Test func sphereRecordsPreviewAsAPacking() throws {
        let binary = try OrbitBinary.check()
        let scratch = try Scratch("orbit-preview")
        let json = scratch.file("packing.json")
        let export = try Spawn.run([binary, "apollonian", "export", "--level", "3", "-o", json])
        #expect(export.status == 0, "\(export.stderr)")
        let run = try Self.preview([json, "--size", "40x16"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.lines(run.stdout).count == 16)
        #expect(Self.rgbColours(run.stdout).count > 20)
    }

    @Test func aModelPastTheBudgetIsDrawnAsItsBoxWithANote() throws {
        let started = Date()
        let run = try Self.preview(["sphere:300000", "--budget", "0.05", "--size", "60x14"])
        #expect(Date().timeIntervalSince(started) < 30, "bounded")
        let lines = Self.lines(run.stdout)
        #expect(lines.count == 14)
        // Drawn as a box once loaded (the usual end), or a note if even loading outlasts the budget.
        let note = try #require(lines.last)
        let boxed = note.hasPrefix("sphere:300000: 299") && note.hasSuffix("triangles; bounding box shown")
        #expect(boxed || lines.joined().contains("still loading after 0.55 s"), "\(lines)")
        #expect(lines.allSatisfy { Self.visible($0).count <= 60 })
    }
}
