import Foundation
import OrbitTestSupport
import Testing

extension Reliability {
    /// A level download in the viewer stops when Esc cancels it, not when the server or
    /// the timeout gives up.
    @Suite struct ServiceCancel {
        @Test("Esc during a level download closes the connection to a server that never finishes")
        func escapeStopsTheTransfer() throws {
            let service = try TricklingService()
            defer { service.stop() }
            let pane = try ViewerPane(
                ["apollonian", "--url", service.base, "--level", "1", "--timeout", "3600"],
                columns: 100, rows: 30)
            try pane.waitUntilDrawing(timeout: 120)
            try pane.tmux.send("5", literal: true)
            try Wait.until("the level 5 download under way", timeout: 60) { service.counts.trickling == 1 }
            try pane.tmux.send("Escape")
            try Wait.until("the download abandoned after Esc", timeout: 60) { service.counts.abandoned == 1 }
            #expect(service.counts.trickling == 0)
            try pane.tmux.waitFor("cancelled", timeout: 30)
            try pane.tmux.send("q")
            let after = try pane.afterExit(timeout: 60)
            #expect(after.status == 0)
            #expect(after.isRestored, "\(after)")
        }
    }
}
