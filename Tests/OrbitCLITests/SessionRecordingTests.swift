import CGif
import Cells
import Foundation
import OrbitTestSupport
import Testing
import Viewer

/// The viewer's `--record FILE.gif|.apng|.mp4|.webm`: the session as the terminal showed it,
/// the bytes followed by a screen of cells drawn with the built-in font.
@Suite struct SessionRecording {
    typealias T = TurntableRecording

    @Test func theScreenFollowsMovesColoursAndErasing() {
        var screen = CellScreen(columns: 10, rows: 3)
        screen.apply(Array("\u{1B}[2J\u{1B}[1;1Habc\u{1B}[2;4H\u{1B}[38;5;196mX\u{1B}[0m\r\nnext".utf8))
        #expect(screen.grid.text(row: 0) == "abc       ")
        #expect(screen.grid[3, 1] == Cell(glyph: "X", fg: .indexed(196)))
        #expect(screen.grid.text(row: 2) == "next      ")
        // A kitty image is skipped; erasing to the end of a line clears it.
        screen.apply(Array("\u{1B}_Ga=T;AAAA\u{1B}\\\u{1B}[1;2H\u{1B}[K".utf8))
        #expect(screen.grid.text(row: 0) == "a         ")
        // An image sent in parts over two frames: its second part is not text.
        screen.apply(Array("\u{1B}_Gm=1;AAAA".utf8))
        screen.apply(Array("BBBB\u{1B}\\\u{1B}[3;1Hok".utf8))
        #expect(screen.grid.text(row: 2) == "okxt      ")
        #expect(!screen.grid.text(row: 0).contains("B"))
    }

    @Test func boxLinesAreDrawnAsLines() throws {
        var grid = CellGrid(columns: 1, rows: 1)
        grid[0, 0] = Cell(glyph: "─")
        let pixels = try #require(grid.rendered()?.pixels)
        // The middle row is inked across; the top row is not.
        #expect((0..<8).allSatisfy { pixels[(8 * 8 + $0) * 3] > 128 })
        #expect((0..<8).allSatisfy { pixels[$0 * 3] == 0 })
    }

    @Test func framesAreTheScreenAtTheirTimesInTheFont() throws {
        let scratch = try Scratch("orbit-session-gif")
        let path = scratch.file("session.gif")
        let recorder = try PictureRecorder(path: path, format: .gif, columns: 4, rows: 2)
        recorder.output(Array("\u{1B}[2J\u{1B}[1;1HHi".utf8), at: 0)
        recorder.output(Array("\u{1B}[2;1H\u{1B}[42m  ".utf8), at: 0.5)
        recorder.close()
        #expect(recorder.failureMessage == nil)
        let (frames, delays, width) = try T.gifFrames(path)
        #expect(width == 32)
        #expect(frames.count == 2)
        #expect(delays == [50, 3], "frame 0 until 0.5 s, the last for one frame at 30 fps")
        // "H" inks the first cell in light grey; the second row turns green in frame 2.
        let lit = (0..<16).contains { y in (0..<8).contains { x in frames[0][(y * 32 + x) * 3] > 128 } }
        #expect(lit)
        let green = (16 * 32 + 1) * 3
        #expect(frames[0][green + 1] == 0 && frames[1][green + 1] > 100)
    }

    @Test func theViewerRecordsWhatTheTerminalShowed() throws {
        let scratch = try Scratch("orbit-session-tmux")
        let path = scratch.file("viewer.gif")
        let tmux = try Tmux.shell(columns: 80, rows: 24)
        try tmux.type("'\(try OrbitBinary.check())' earth --colors 256 --record '\(path)'; echo \"exit=$?\"")
        try tmux.waitForLines("the status line", timeout: 30) { $0.contains { $0.contains("h: help") } }
        try tmux.send("h")
        try tmux.waitForLines("the help", timeout: 30) { $0.contains { $0.contains("orbit keys") } }
        try tmux.send("q")
        try tmux.waitForLines("the exit", timeout: 30) { $0.contains { $0.contains("exit=0") } }
        let (frames, _, width) = try T.gifFrames(path)
        #expect(width == 80 * 8)
        #expect(frames.count >= 2)
        let last = try #require(frames.last)
        // The status line (row 24) has text in the font; the Earth was in colour above it
        // (the help box covers it at the end).
        let statusRow = (23 * 16..<24 * 16).contains { y in (0..<200).contains { x in last[(y * 640 + x) * 3] > 128 } }
        #expect(statusRow)
        let first = try #require(frames.first)
        let blue = stride(from: 0, to: first.count, by: 3).contains { Int(first[$0 + 2]) > Int(first[$0]) + 60 }
        #expect(blue)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == ["viewer.gif"])
    }
}
