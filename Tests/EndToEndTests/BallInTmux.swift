import Foundation
import OrbitTestSupport
import Testing

/// `orbit ball` driven through tmux with the arrow keys: the status line names the tilt and
/// its gravity, and the ball (the red cells) moves to the side the device is tilted to.
@Suite(.serialized) struct BallInTmux {
    static let columns = 100, rows = 30

    /// The centre of the red cells (the ball) in a capture with escapes, as fractions of
    /// the width and of the picture's height; nil when there are none.
    static func ball(_ screen: [String]) -> (x: Double, y: Double)? {
        var sx = 0.0
        var sy = 0.0
        var n = 0
        for (row, line) in screen.enumerated() where !ViewerInTmux.isHUD(line) {
            var column = 0
            var red = false
            var chars = line.unicodeScalars.makeIterator()
            while let c = chars.next() {
                if c == "\u{1B}" {
                    // ESC [ params m: the foreground is red for 31 and 91.
                    var params = ""
                    while let p = chars.next(), p != "m" { if p != "[" { params.unicodeScalars.append(p) } }
                    let codes = params.split(separator: ";")
                    if codes.isEmpty || codes.contains("0") || codes.contains("39") { red = false }
                    if let fg = codes.last(where: {
                        (30...37).contains(Int($0) ?? 0) || (90...97).contains(Int($0) ?? 0)
                    }) {
                        red = fg == "31" || fg == "91"
                    }
                    continue
                }
                if red && c != " " {
                    sx += Double(column)
                    sy += Double(row)
                    n += 1
                }
                column += 1
            }
        }
        guard n > 0 else { return nil }
        return (sx / Double(n) / Double(columns), sy / Double(n) / Double(rows - 1))
    }

    /// Starts `orbit COMMAND --glyphs ascii --colors 16` in a fresh tmux.
    static func start(_ command: String) throws -> Tmux {
        let binary = try OrbitBinary.check()
        let tmux = try Tmux.shell(columns: columns, rows: rows)
        try tmux.type("'\(binary)' \(command) --glyphs ascii --colors 16; echo \"exit=$?\"")
        return tmux
    }

    /// Waits until the ball's centre passes `test`.
    static func waitForBall(_ tmux: Tmux, _ what: String, _ test: @escaping ((x: Double, y: Double)) -> Bool) throws {
        try tmux.waitForLines(what, timeout: 30, escapes: true) { screen in ball(screen).map(test) ?? false }
    }

    @Test func arrowKeysTiltTheBallAndSpaceLevelsIt() throws {
        let tmux = try Self.start("ball")
        let first = try tmux.waitForLines("the ball in the middle", timeout: 30, escapes: true) { screen in
            screen.contains(where: ViewerInTmux.isHUD) && Self.ball(screen) != nil
        }
        let start = try #require(Self.ball(first))
        #expect(abs(start.x - 0.5) < 0.05 && abs(start.y - 0.5) < 0.08, "the ball starts in the middle: \(start)")

        try tmux.send("Left", "Left", "Left")
        try tmux.waitForLines(
            "the tilt in the status line", timeout: 30, Tmux.contains("tilt left -> gravity (-1.2, 0.0)"))
        try Self.waitForBall(tmux, "the ball at the left") { $0.x < 0.2 && abs($0.y - start.y) < 0.08 }

        try tmux.send("Space")
        try tmux.waitForLines("the level device", timeout: 30, Tmux.contains("level -> gravity (0.0, 0.0)"))
        try tmux.send("Up", "Up", "Up", "Up", "Up")
        try tmux.waitForLines("the tilt up", timeout: 30, Tmux.contains("tilt up -> gravity (0.0, -2.0)"))
        try Self.waitForBall(tmux, "the ball at the top") { $0.y < 0.25 }
        try ViewerInTmux.quit(tmux, timeout: 30)
    }

    @Test func theDemoToursTheBall() throws {
        let tmux = try Self.start("demo ball")
        try tmux.waitForLines("the first caption", timeout: 30, Tmux.contains("tilt left: gravity pulls the ball left"))
        try tmux.waitForLines("the first tilt", timeout: 30, Tmux.contains("tilt left -> gravity (-0.4, 0.0)"))
        try Self.waitForBall(tmux, "the ball going left") { $0.x < 0.3 }
        try ViewerInTmux.quit(tmux, timeout: 30)
    }
}
