import Foundation
import OrbitTestSupport
import Testing

extension Reliability.SSHEndToEnd {
    @Test("When the SSH connection drops, the remote viewer gets SIGHUP and exits")
    func droppedConnectionEndsRemoteViewer() throws {
        if let reason = SSHServer.unavailableReason { try Test.cancel("SSH test skipped: \(reason)") }
        let orbit = try OrbitBinary.check()
        let server = try SSHServer()
        let relay = try ByteRelay(forwardingTo: server.port)
        defer { relay.stop() }
        let scratch = try Scratch("orbit-ssh-drop")
        let tmux = try Tmux(command: server.clientCommand(port: relay.port, compression: false))
        try tmux.type("export LANG=C.UTF-8; echo ready-$((6*7))")
        try tmux.waitFor("ready-42", timeout: 60)
        // The remote shell records orbit's pid, then becomes orbit.
        let pidFile = scratch.file("orbit.pid")
        try tmux.type("sh -c 'echo $$ > \(pidFile); exec \(orbit)'")
        try tmux.waitFor(ViewerPane.hudMark, timeout: 60)
        let remote = try Wait.until("orbit's pid") {
            pid_t(scratch.read("orbit.pid").trimmingCharacters(in: .whitespacesAndNewlines))
        }
        #expect(kill(remote, 0) == 0)
        // Drop the connection from the client side, as a closed laptop lid would.
        let client = try tmux.process(named: "ssh")
        #expect(kill(client, SIGKILL) == 0)
        try Wait.until("the remote orbit to exit after the connection dropped", timeout: 30) {
            kill(remote, 0) != 0 || Self.isZombie(remote)
        }
    }

    /// True when `pid` has exited but is not yet reaped.
    static func isZombie(_ pid: pid_t) -> Bool {
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        guard let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }
}
