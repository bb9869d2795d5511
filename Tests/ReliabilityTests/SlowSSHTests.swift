import Foundation
import OrbitTestSupport
import Testing

extension Reliability.SlowLink {
    /// The link rate of the slow SSH test, bytes per second: under half of what the
    /// spinning Earth in truecolor at 30 fps and 80x24 sends (about 8 KB a frame).
    static let sshRate = 100_000

    @Test("Over a slow SSH link (100 KB/s) a key acts after a bounded backlog and q returns to the shell")
    func slowSSHLinkKeepsKeysPrompt() throws {
        if let reason = SSHServer.unavailableReason { try Test.cancel("SSH test skipped: \(reason)") }
        let orbit = try OrbitBinary.check()
        let server = try SSHServer()
        let relay = try ByteRelay(forwardingTo: server.port, serverRate: Self.sshRate)
        defer { relay.stop() }
        let tmux = try Tmux(command: server.clientCommand(port: relay.port, compression: false))
        try tmux.type("export LANG=C.UTF-8; echo ready-$((6*7))")
        try tmux.waitFor("ready-42", timeout: 60)
        try tmux.type("clear; \(ViewerPane.quote(orbit)) --colors truecolor --glyphs blocks; echo viewer-exit-$?")
        try tmux.waitFor(ViewerPane.hudMark, timeout: 60)
        // Let the link fill: three seconds' worth of bytes through the relay.
        let filled = relay.toClient.load(ordering: .sequentiallyConsistent) + 3 * Self.sshRate
        try Wait.until("the slow link to carry 3 s of bytes", timeout: 60) {
            relay.toClient.load(ordering: .sequentiallyConsistent) >= filled
        }
        let before = relay.toClient.load(ordering: .sequentiallyConsistent)
        let sentAt = Date()
        try tmux.send("Right")
        try tmux.waitFor("swipe right", timeout: 120)
        let backlog = relay.toClient.load(ordering: .sequentiallyConsistent) - before
        let delay = Date().timeIntervalSince(sentAt)
        try tmux.send("q")
        try tmux.waitFor("viewer-exit-0", timeout: 120)
        print(
            "slow-ssh: relay \(Self.sshRate / 1000) KB/s, bytes between key and its effect \(backlog)"
                + " (\(String(format: "%.2f", delay)) s)")
        // Over SSH the viewer cannot see the backlog (sshd drains the pty at once and the
        // bytes wait in the SSH channel window), so each frame ends with a status query
        // `ESC[5n` and at most two frames wait for the terminal's `ESC[0n` answer
        // (FrameAcknowledger). Before that fix: about 300 KB / 3 s here, growing with the
        // time the link had been full; after it: about 35 KB / 0.4 s.
        #expect(backlog <= 64 * 1024, "backlog \(backlog) bytes")
    }
}
