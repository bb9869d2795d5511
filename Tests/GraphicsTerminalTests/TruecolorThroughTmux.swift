import Foundation
import OrbitTestSupport
import Testing

/// Stock tmux in a real xterm and a real kitty, under Xvfb: tmux says 16 or 256 colours
/// (`TERM=screen`, no `COLORTERM`) and does not answer the colour query, but it passes RGB
/// colours on: to xterm for the RGB it found among xterm's features, to kitty for the `Tc`
/// of kitty's terminfo. orbit asks tmux (`TmuxInfo`) and draws in truecolor, and the screen
/// shows colours that none of the 256 palette entries has.
@Suite(.serialized) struct TruecolorThroughTmux {
    /// xterm's 256 colours: the 16 system colours, the 6x6x6 cube and the 24 greys.
    static let palette: Set<SIMD3<Int>> = {
        var set: Set<SIMD3<Int>> = [
            SIMD3(0, 0, 0), SIMD3(205, 0, 0), SIMD3(0, 205, 0), SIMD3(205, 205, 0), SIMD3(0, 0, 238),
            SIMD3(205, 0, 205), SIMD3(0, 205, 205), SIMD3(229, 229, 229), SIMD3(127, 127, 127), SIMD3(255, 0, 0),
            SIMD3(0, 255, 0), SIMD3(255, 255, 0), SIMD3(92, 92, 255), SIMD3(255, 0, 255), SIMD3(0, 255, 255),
            SIMD3(255, 255, 255),
        ]
        let levels = [0, 95, 135, 175, 215, 255]
        for r in levels { for g in levels { for b in levels { set.insert(SIMD3(r, g, b)) } } }
        for i in 0..<24 { set.insert(SIMD3(repeating: 8 + 10 * i)) }
        return set
    }()

    @Test(arguments: [TerminalWindow.Kind.xterm, .kitty])
    func stockTmuxShowsTheEarthInTruecolor(_ kind: TerminalWindow.Kind) throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let term = try TerminalWindow(
            kind, on: display, orbit: ["earth", "--spin", "0", "--format", "cells"], inTmux: true)
        defer { term.close() }
        try Wait.until("orbit's detection line", timeout: 120, interval: 0.2) { term.stat("colors") != nil }
        let stats = term.file("stats")
        #expect(term.stat("colors") == "truecolor", "\(kind): \(stats)")
        #expect(stats.contains("(probe tmux client"), "\(stats)")
        // The picture reaches the screen in colours outside the palette (tmux would map
        // every RGB colour to a palette entry for an outer terminal without RGB). Only the
        // view area: the status lines' antialiased text has colours of its own.
        let cell = try #require(pair(term.stat("cell")), "\(stats)")
        let screen = try #require(pair(term.stat("screen")), "\(stats)")
        let origin = try term.origin()
        let area = (width: screen.0 * cell.0, height: (screen.1 - 1) * cell.1)
        var outside = 0
        do {
            try Wait.until("the Earth in colours outside the 256", timeout: 120, interval: 0.5) {
                let shot = try term.screenshot()
                var seen: Set<SIMD3<Int>> = []
                for y in stride(from: origin.y, to: min(origin.y + area.height, shot.height), by: 2) {
                    for x in stride(from: origin.x, to: min(origin.x + area.width, shot.width), by: 2) {
                        let p = shot.pixel(x, y)
                        if !Self.palette.contains(p) { seen.insert(p) }
                    }
                }
                outside = seen.count
                return outside > 200
            }
        } catch {
            Issue.record("\(kind): \(error); colours outside the palette: \(outside)")
        }
    }
}
