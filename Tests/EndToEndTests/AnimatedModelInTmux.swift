import Foundation
import OrbitTestSupport
import Testing

/// A model with animations in the live viewer: it plays from the start with no key
/// pressed, `p` stops it, `n` and `>` switch and speed it, and `--animation` / `--time`
/// choose where it starts.
@Suite(.serialized) struct AnimatedModelInTmux {
    /// A skinned cylinder with the animations `bend` and `sway`, in `scratch`.
    static func model(in scratch: Scratch) throws -> String {
        let path = scratch.file("cylinder.gltf")
        try SkinnedGLTF.write(to: path, rings: 16, segments: 24)
        return path
    }

    @Test func theModelMovesWithNoKeyAndPStopsIt() throws {
        let scratch = try Scratch("orbit-animated")
        let tmux = try ViewerInTmux.start(arguments: "'\(try Self.model(in: scratch))'")
        try tmux.waitForLines("the animation in the HUD", timeout: 30, Tmux.contains("bend "))
        let before = try ViewerInTmux.coloredPicture(tmux)
        try ViewerInTmux.waitForChange(tmux, from: before, "the cylinder to bend with no key pressed")
        try tmux.send("p")
        try tmux.waitForLines("the animation paused", timeout: 30, Tmux.contains("s paused"))
        let a = ViewerInTmux.picture(try tmux.lines(escapes: true))
        Thread.sleep(forTimeInterval: 0.6)
        let b = ViewerInTmux.picture(try tmux.lines(escapes: true))
        #expect(a == b, "the picture changed while the animation was paused")
        try tmux.send("n")
        try tmux.waitForLines("the next animation", timeout: 30, Tmux.contains("sway 0.0s paused"))
        try tmux.send("p")
        try tmux.send(">")
        try tmux.waitForLines("double speed", timeout: 30, Tmux.contains(" x2"))
        try ViewerInTmux.quit(tmux, timeout: 30)
        withExtendedLifetime(scratch) {}
    }

    @Test func animationAndTimeChooseWhereThePlayingStarts() throws {
        let scratch = try Scratch("orbit-animated")
        let tmux = try ViewerInTmux.start(arguments: "'\(try Self.model(in: scratch))' --animation 1 --time 2.5")
        // The first status line already shows `sway` (4 s long) at 2.5 s or a little later.
        let hud = try #require(ViewerInTmux.hud(try tmux.lines()))
        let words = hud.split(separator: " ")
        let at = try #require(words.firstIndex(of: "sway"), "\(hud)")
        let seconds = try #require(Double(words[at + 1].dropLast()), "\(hud)")
        #expect(seconds >= 2.5 && seconds < 4, "\(hud)")
        try ViewerInTmux.quit(tmux, timeout: 30)
        withExtendedLifetime(scratch) {}
    }
}
