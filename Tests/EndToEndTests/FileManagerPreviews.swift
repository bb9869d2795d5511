import Foundation
import OrbitTestSupport
import Testing

/// The set-ups of docs/PREVIEW.md in the real file managers (Debian's lf, fzf, ranger and nnn) in
/// tmux, on a folder of models: the preview pane shows the model in colour, within the pane.
@Suite(.serialized) struct FileManagerPreviews {
    /// A folder holding the torus as its first file and a cube after it.
    static func models() throws -> Scratch {
        let scratch = try Scratch("orbit-models")
        let root = OrbitBinary.packageRoot.appendingPathComponent("Resources/models")
        for (from, to) in [("torus.glb", "a-torus.glb"), ("cube.obj", "b-cube.obj"), ("cube.mtl", "cube.mtl")] {
            try FileManager.default.copyItem(
                at: root.appendingPathComponent(from), to: scratch.url.appendingPathComponent(to))
        }
        return scratch
    }

    /// The distinct colours (SGR foreground and background codes) on `lines` right of
    /// column `from` (in characters after the escapes are removed).
    static func colours(_ lines: [String], from column: Int) -> Set<String> {
        var found: Set<String> = []
        for line in lines {
            var visible = 0
            var rest = Substring(line)
            while !rest.isEmpty {
                if let m = rest.prefixMatch(of: /\u{1B}\[([0-9;]*)m/) {
                    if visible >= column {
                        let codes = m.output.1
                        for c in codes.matches(of: /[34]8;(2;\d+;\d+;\d+|5;\d+)/) { found.insert(String(c.output.0)) }
                    }
                    rest = rest[m.range.upperBound...]
                } else {
                    visible += 1
                    rest = rest.dropFirst()
                }
            }
        }
        return found
    }

    /// A tool's path, or an error saying how to install it.
    static func tool(_ name: String) throws -> String {
        let p = "/usr/bin/\(name)"
        guard FileManager.default.isExecutableFile(atPath: p) else {
            throw HarnessError("\(name) is not installed; `make test-deps` installs it (apt-get install \(name))")
        }
        return p
    }

    /// An executable script in `scratch`.
    static func script(_ scratch: Scratch, _ name: String, _ body: String) throws -> String {
        try scratch.write(name, "#!/bin/sh\n" + body + "\n", mode: 0o700)
    }

    @Test func lfShowsTheModelInItsPreviewPane() throws {
        let lf = try Self.tool("lf")
        let binary = try OrbitBinary.check()
        let models = try Self.models()
        let config = try Scratch("orbit-lf")
        let previewer = try Self.script(config, "preview", "exec '\(binary)' preview \"$1\" --size \"$2x$3\"")
        let rc = try config.write("lfrc", "set previewer '\(previewer)'\n")
        // `-single`: no `lf -server` daemon left running after the test.
        let tmux = try Tmux(
            columns: 100, rows: 24,
            command: "env -i PATH=/usr/bin:/bin HOME='\(config.path)' TERM=screen-256color LANG=C.UTF-8 "
                + "'\(lf)' -single -config '\(rc)' '\(models.path)'")
        let screen = try tmux.waitForLines("the torus in lf's preview", timeout: 30, escapes: true) {
            Self.colours($0, from: 50).count > 20
        }
        #expect(screen.count == 24)
        #expect(screen.first.map { $0.contains("orbit-models") } == true, "lf's header stays")
        let plain = try tmux.lines()
        #expect(plain.contains { $0.contains("a-torus.glb") })
        try tmux.send("q")
    }

    @Test func fzfShowsTheModelInItsPreviewWindow() throws {
        let fzf = try Self.tool("fzf")
        let binary = try OrbitBinary.check()
        let models = try Self.models()
        let tmux = try Tmux(
            columns: 100, rows: 24,
            command: "cd '\(models.path)' && ls | env -i PATH=/usr/bin:/bin TERM=screen-256color LANG=C.UTF-8 "
                + "'\(fzf)' --preview \"'\(binary)' preview {}\" --preview-window right:50%")
        let screen = try tmux.waitForLines("the torus in fzf's preview", timeout: 30, escapes: true) {
            Self.colours($0, from: 50).count > 20
        }
        #expect(screen.count == 24)
        #expect(try tmux.lines().contains { $0.contains("a-torus.glb") })
        try tmux.send("Escape")
    }

    @Test func rangerShowsTheModelInItsPreviewColumn() throws {
        let ranger = try Self.tool("ranger")
        let binary = try OrbitBinary.check()
        let models = try Self.models()
        let config = try Scratch("orbit-ranger")
        let scope = try Self.script(config, "scope.sh", "exec '\(binary)' preview \"$1\" --size \"$2x$3\" --colors 256")
        // ranger turns previews off when run as root; --cmd turns them back on after that.
        let tmux = try Tmux(
            columns: 100, rows: 24,
            command: "env -i PATH=/usr/bin:/bin HOME='\(config.path)' TERM=xterm-256color LANG=C.UTF-8 "
                + "'\(ranger)' --confdir='\(config.path)' --cmd='set preview_files true' "
                + "--cmd='set use_preview_script true' --cmd='set preview_script \(scope)' '\(models.path)'")
        let screen = try tmux.waitForLines("the torus in ranger's preview", timeout: 30, escapes: true) {
            Self.colours($0, from: 50).count > 10
        }
        #expect(screen.count == 24)
        #expect(try tmux.lines().contains { $0.contains("a-torus.glb") })
        try tmux.send("q")
    }

    @Test func nnnsFIFOPaneShowsTheModelUnderTheCursor() throws {
        let nnn = try Self.tool("nnn")
        let binary = try OrbitBinary.check()
        let models = try Self.models()
        let config = try Scratch("orbit-nnn")
        let fifo = config.file("nnn.fifo")
        let pane = OrbitBinary.packageRoot.appendingPathComponent("Examples/preview/nnn-preview-pane").path
        let env = "env -i PATH=/usr/bin:/bin HOME='\(config.path)' TERM=xterm-256color LANG=C.UTF-8 NNN_FIFO='\(fifo)'"
        let tmux = try Tmux(columns: 100, rows: 24, command: "\(env) '\(nnn)' '\(models.path)'")
        try Wait.until("nnn's FIFO", timeout: 30) { FileManager.default.fileExists(atPath: fifo) }
        try tmux.run(["split-window", "-h", "-l", "50%", "-t", "0.0", "\(env) ORBIT='\(binary)' sh '\(pane)'"])
        let previewLines = { () throws -> [String] in
            try tmux.run(["capture-pane", "-p", "-e", "-t", "0.1"]).components(separatedBy: "\n")
        }
        // nnn names the file under its cursor when the cursor moves: down to the cube, back up.
        try tmux.run(["send-keys", "-t", "0.0", "j"])
        try Wait.until("the cube in the nnn pane", timeout: 60, interval: 0.2) {
            Self.colours(try previewLines(), from: 0).count >= 2
        }
        try tmux.run(["send-keys", "-t", "0.0", "k"])
        try Wait.until("the torus in the nnn pane", timeout: 60, interval: 0.2) {
            Self.colours(try previewLines(), from: 0).count > 10
        }
        #expect(try previewLines().count <= 25, "the pane's rows")
        try tmux.run(["send-keys", "-t", "0.0", "q"])
    }
}
