import Foundation
import OrbitTestSupport
import Testing

/// orbit's iTerm2 inline images (`--format iterm`) in a real Konsole under Xvfb,
/// photographed: the still Earth where and as the snapshot of the same frame shows it,
/// the status line under it, and `q` leaving no stray bytes.
extension GraphicsInRealTerminals {
    @Test func konsoleShowsTheEarthAsITermImages() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let k = try RunningOrbit.start(
            .konsole, arguments: Self.arguments + ["--format", "iterm"], output: "iterm", on: display)
        defer { k.term.close() }
        let snapshot = try k.snapshot()
        // The terminal is the window's lower part, under Konsole's tool bar.
        let window = try k.term.size()
        let top = k.origin.y + window.height - k.screen.1 * k.cell.1
        let width = k.screen.0 * k.cell.0
        guard let wanted = snapshot.litBox(x: 0, y: 0, width: snapshot.width, height: snapshot.height) else {
            Issue.record("the snapshot shows nothing")
            return
        }
        // Found by the globe's box, then compared pixel for pixel.
        var difference = Double.infinity
        var at = (x: 0, y: 0)
        var found: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        do {
            try Wait.until("the Earth as an inline image", timeout: 120, interval: 0.5) {
                let shot = try k.term.screenshot()
                // Inside the window's frame (a grey line down its left edge).
                let inside = (x: k.origin.x + 8, width: width - 16)
                guard let box = shot.litBox(x: inside.x, y: top, width: inside.width, height: k.area.height) else {
                    return false
                }
                found = box
                at = (box.minX - wanted.minX, box.minY - wanted.minY)
                guard at.x >= 0, at.y >= 0 else { return false }
                difference = shot.meanError(against: snapshot, x: at.x, y: at.y)
                return difference < 4
            }
        } catch {
            let globe = found.map { "\($0)" } ?? "-"
            let message =
                "\(error); last mean colour error \(difference), globe \(globe) (snapshot \(wanted)), "
                + "window \(window) at \(k.origin), top \(top)"
            Issue.record("\(message)")
            return
        }
        #expect(abs(at.y - top) <= 2 && at.x >= k.origin.x && at.x - k.origin.x <= 8, "image at \(at), top \(top)")
        let shot = try k.term.screenshot()
        // The status line: a bright bar on the last row, under the picture.
        let hud = (y: top + (k.screen.1 - 1) * k.cell.1, width: (k.screen.0 - 1) * k.cell.0)
        let bright = shot.litPixels(x: at.x, y: hud.y, width: hud.width, height: k.cell.1, threshold: 300)
        #expect(Double(bright) > 0.45 * Double(hud.width * k.cell.1), "status line background \(bright)")
        try k.quit()
    }
}
