import Foundation
import OrbitTestSupport
import Testing

/// `q` typed while a slow scene is made, before the viewer's terminal opens, quits at once
/// (it used to wait, unread, in the terminal's line buffer until the scene was done).
@Suite struct QuitWhileLoading {
    /// 300,000 sphere records: a load of several seconds.
    static func records(in scratch: Scratch) throws -> String {
        var g = SystemRandomNumberGenerator()
        var text = "["
        text.reserveCapacity(300_000 * 50)
        for i in 0..<300_000 {
            let x = Double(g.next() % 10_000) / 10_000 - 0.5
            let y = Double(g.next() % 10_000) / 10_000 - 0.5
            let z = Double(g.next() % 10_000) / 10_000 - 0.5
            text += (i == 0 ? "" : ",") + "{\"X\":\(x),\"Y\":\(y),\"Z\":\(z),\"R\":0.3,\"L\":1}"
        }
        return try scratch.write("many.json", text + "]")
    }

    @Test func qQuitsBeforeTheTerminalOpens() throws {
        let scratch = try Scratch("orbit-loading")
        let file = try Self.records(in: scratch)
        let binary = try OrbitBinary.check()
        let tmux = try Tmux.shell(columns: 80, rows: 24)
        try tmux.type("'\(binary)' '\(file)'; echo \"exit=$?\"")
        Thread.sleep(forTimeInterval: 1)
        try tmux.send("q")
        var sawViewer = false
        _ = try tmux.waitForScreen("the viewer to quit", timeout: 60) { screen in
            if screen.contains("h: help") { sawViewer = true }
            return screen.contains("exit=0")
        }
        #expect(!sawViewer, "the viewer opened before q was acted on")
        // Echo was back on: what is typed now shows in the shell.
        try tmux.type("echo typed-after")
        _ = try tmux.waitFor("typed-after\n")
    }
}
