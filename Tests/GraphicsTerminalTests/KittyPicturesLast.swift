import Foundation
import OrbitTestSupport
import Testing

/// Kitty frames sent over the tty (PNG in base64, as over SSH or through tmux), three
/// hundred of them: the picture is still on kitty's screen after the last. (Editing one
/// image in place lost it after about a hundred frames in kitty 0.26.)
@Suite(.serialized) struct KittyPicturesLast {
    @Test func threeHundredFramesOverTheTtyLeaveThePictureOnScreen() throws {
        // orbit's own first three frames of the spinning Earth at 800x480, as the viewer
        // sends them where the terminal cannot read its files.
        let scratch = try Scratch("orbit-kitty-frames")
        let frames = scratch.file("frames")
        let render = try Spawn.run(
            [try OrbitBinary.check(), "render", "earth", "--format", "kitty", "--size", "100x30", "--frames", "3"],
            stdoutPath: frames, timeout: 300)
        #expect(render.status == 0, "\(render.stderr)")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: frames)))
        // Each frame starts at its cursor move before its first transmission (`a=T` or `a=f`).
        let starts = Self.frameStarts(bytes)
        try #require(starts.count == 3, "frames found: \(starts.count)")
        // The first frame, then the second and third in turn: 301 frames, each the one
        // after the other as the viewer would send them.
        var replay = [UInt8](bytes[starts[0]..<starts[1]])
        let pair = bytes[starts[1]...]
        for _ in 0..<150 { replay += pair }
        let replayPath = scratch.file("replay")
        try Data(replay).write(to: URL(fileURLWithPath: replayPath))

        let display = try VirtualDisplay()
        defer { display.stop() }
        let term = try TerminalWindow(.kitty, on: display, orbit: [], program: ["cat", replayPath])
        defer { term.close() }
        try Wait.until("the frames sent", timeout: 300, interval: 0.5) { !term.file("exit").isEmpty }
        let window = try term.size()
        let size = term.file("size").split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        try #require(size.count == 2, "stty size: \(term.file("size"))")
        let cell = (window.width / size[1], window.height / size[0])
        let origin = try term.origin()
        // Kitty decodes what it has read; the screen settles (two pictures alike).
        var last = try term.screenshot()
        _ = try Wait.until("kitty's screen settled", timeout: 120, interval: 1) { () -> Bool? in
            let shot = try term.screenshot()
            defer { last = shot }
            return shot.rgb == last.rgb ? true : nil
        }
        // The picture covers cells 100 x 30 from the top-left (the shell's last words are
        // on the first rows).
        let rows = 3..<28
        let detailed = last.detailedCells(origin: origin, cell: cell, columns: 0..<100, rows: rows)
        #expect(detailed > 100 * rows.count / 8, "cells with detail: \(detailed)")
    }

    /// Where each frame of `bytes` starts: the cursor move just before a transmission that
    /// follows the end of another command, or the start.
    static func frameStarts(_ bytes: [UInt8]) -> [Int] {
        let transmit = Array("\u{1B}_Ga=".utf8)
        var starts: [Int] = []
        var i = 0
        while i + transmit.count + 1 <= bytes.count {
            if bytes[i..<(i + transmit.count)].elementsEqual(transmit),
                bytes[i + transmit.count] == UInt8(ascii: "T") || bytes[i + transmit.count] == UInt8(ascii: "f")
            {
                // Back to the cursor move (ESC [ ... H) right before it, if any.
                var start = i
                if let move = bytes[max(0, i - 16)..<i].lastIndex(of: 0x1B), bytes[move + 1] == 0x5B,
                    bytes[i - 1] == UInt8(ascii: "H")
                {
                    start = move
                }
                starts.append(start)
            }
            i += 1
        }
        return starts
    }
}
