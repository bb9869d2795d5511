import Foundation
import OrbitTestSupport
import Testing

/// orbit running in a real terminal once it has reported its detection: the window, its
/// cell size in pixels, the screen size in cells, the top-left of the view area on the
/// screen and the area's size in pixels (the status line's row left out).
struct RunningOrbit {
    let term: TerminalWindow
    let cell: (Int, Int)
    let screen: (Int, Int)
    let origin: (x: Int, y: Int)
    let area: (width: Int, height: Int)

    /// Opens a `kind` terminal on `display` running `orbit arguments` (with `environment`
    /// added to orbit's), waits for orbit's detection line and expects orbit to drive the
    /// terminal with `output` (`kitty` or `sixel`). The caller closes `term`.
    static func start(
        _ kind: TerminalWindow.Kind, arguments: [String], environment: [String: String] = [:], output: String,
        on display: VirtualDisplay, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> RunningOrbit {
        let term = try TerminalWindow(kind, on: display, orbit: arguments, environment: environment)
        do {
            // Detection is reported at once (ORBIT_STATS, standard error not on screen).
            try Wait.until("orbit's detection line", timeout: 120, interval: 0.2) { term.stat("cell") != nil }
            #expect(term.stat("output") == output, "\(term.file("stats"))", sourceLocation: sourceLocation)
            let cell = try #require(pair(term.stat("cell")), sourceLocation: sourceLocation)
            let screen = try #require(pair(term.stat("screen")), sourceLocation: sourceLocation)
            let area = (width: screen.0 * cell.0, height: (screen.1 - 1) * cell.1)
            return RunningOrbit(term: term, cell: cell, screen: screen, origin: try term.origin(), area: area)
        } catch {
            term.close()
            throw error
        }
    }

    /// `orbit snapshot` of the still `scene` at this view area's size in cells and pixels.
    func snapshot(scene: [String] = ["earth"]) throws -> Screenshot {
        try OrbitSnapshot.earth(
            columns: screen.0, rows: screen.1 - 1, cell: cell, scratch: term.scratch, scene: scene)
    }

    /// Waits until the view area matches `snapshot` within a mean absolute channel
    /// difference below `maxError` (0...255); the error thrown names the last difference.
    func waitForPicture(_ what: String, _ snapshot: Screenshot, maxError: Double) throws {
        var last = Double.infinity
        do {
            try Wait.until(what, timeout: 120, interval: 0.5) {
                last = try term.screenshot().meanError(against: snapshot, x: origin.x, y: origin.y)
                return last < maxError
            }
        } catch {
            throw HarnessError("\(error); last mean colour error \(last)")
        }
    }

    /// Expects the lit picture in the view area of `shot` as wide as high (round in this
    /// font), `what` naming it in the failure.
    func expectRound(_ shot: Screenshot, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let box = try #require(
            shot.litBox(x: origin.x, y: origin.y, width: area.width, height: area.height),
            sourceLocation: sourceLocation)
        let (w, h) = (box.maxX - box.minX + 1, box.maxY - box.minY + 1)
        #expect(abs(Double(w) / Double(h) - 1) < 0.06, "\(what) \(w)x\(h) px", sourceLocation: sourceLocation)
    }

    /// `q`: expects orbit to exit 0 and, with `noStrayBytes`, no bytes to reach the shell.
    func quit(noStrayBytes: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try term.key("q")
        try Wait.until("orbit's exit", timeout: 60, interval: 0.2) { term.exitStatus != nil }
        #expect(term.exitStatus == 0, sourceLocation: sourceLocation)
        if noStrayBytes {
            #expect(
                term.strayBytes.isEmpty, "stray bytes after exit: \(term.strayBytes)", sourceLocation: sourceLocation)
        }
    }
}
