import Foundation
import OrbitTestSupport
import Testing

/// `orbit apollonian stats --dimension P` on a terminal: a progress line, and Ctrl-C
/// stops the walk with one clean line and exit status 130.
@Suite(.serialized) struct StatsInTmux {
    @Test func ctrlCStopsALongWalkWithOneLineAndStatus130() throws {
        let binary = try OrbitBinary.check()
        let tmux = try Tmux.shell(columns: 120, rows: 30)
        // P = 14: billions of spheres, minutes of work, so only Ctrl-C ends it.
        try tmux.type("'\(binary)' apollonian stats --dimension 14; echo \"exit=$?\"")
        // The progress line shows that the walk (and its Ctrl-C handler) runs.
        try tmux.waitForLines("the progress line", timeout: 60) { screen in
            screen.contains { $0.contains("counting: ") && $0.contains("Ctrl-C stops") }
                && !screen.contains { $0.hasPrefix("exit=") }
        }
        try tmux.send("C-c")
        let screen = try tmux.waitForLines("exit status 130", timeout: 60, Tmux.line(startingWith: "exit=130"))
        // One clean line: the message alone (the progress line was cleared), then the exit.
        let at = try #require(screen.firstIndex { $0.hasPrefix("exit=130") })
        #expect(
            at > 0 && screen[at - 1].trimmingCharacters(in: .whitespaces) == "orbit: apollonian stats: interrupted",
            "\(screen.joined(separator: "\n"))")
        // No counts were printed for a walk that did not finish.
        #expect(!screen.contains { $0.hasPrefix("radius >= ") || $0.hasPrefix("dimension ") })
        #expect(!screen.contains { $0.contains("Fatal") || $0.contains("Backtrace") })
    }
}
