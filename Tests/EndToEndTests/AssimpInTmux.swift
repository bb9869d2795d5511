import Foundation
import OrbitTestSupport
import Testing

/// Formats read through the `orbit-assimp` child process, in the live viewer: a model
/// opens; a reader that crashes is one line and leaves the shell usable.
@Suite(.serialized) struct AssimpInTmux {
    typealias V = ViewerInTmux

    @Test func anFBXModelOpensInTheViewer() throws {
        let tmux = try V.start(arguments: "/usr/share/assimp/models/FBX/spider.fbx")
        let screen = try tmux.waitForLines("the model's name in the HUD", timeout: 30, Tmux.contains("spider.fbx"))
        #expect(V.hud(screen)?.contains("1,368 tris") == true, "\(V.hud(screen) ?? "")")
        try V.quit(tmux, timeout: 30)
    }

    /// A hang is cut at the reader's 30 s deadline the same way (`AssimpReaderTests` checks
    /// it with a short deadline).
    @Test func aCrashingReaderIsOneLineAndTheShellStaysUsable() throws {
        let folder = NSTemporaryDirectory() + "orbit-assimp-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = folder + "/crash"
        try "#!/bin/sh\ncat > /dev/null\nkill -SEGV $$\n".write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        let binary = try OrbitBinary.check()
        let tmux = try Tmux.shell(columns: 120, rows: 40)
        try tmux.type(
            "ORBIT_ASSIMP='\(script)' '\(binary)' /usr/share/assimp/models/FBX/box.fbx; echo \"exit=$?\"")
        let screen = try tmux.waitForLines("exit status 1", timeout: 60, Tmux.line(startingWith: "exit=1"))
        let error = screen.filter { $0.hasPrefix("orbit: ") }
        #expect(error.count == 1 && error[0].contains("box.fbx: the assimp reader crashed (signal 11)"), "\(screen)")
        try V.expectUsableShell(tmux)
    }
}
