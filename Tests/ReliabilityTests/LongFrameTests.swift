import Foundation
import OrbitTestSupport
import Testing

extension Reliability {
    /// A frame far longer than the wait allowed: `q` and SIGTERM end the viewer inside it
    /// (`FrameInterrupt`, `Rasterizer.shouldCancel`), with the terminal restored.
    @Suite struct LongFrames {
        /// 40,000 squares stacked along the view axis, each in both windings (160,000
        /// triangles, below the size that gets a simplified copy for motion): every triangle
        /// facing the camera covers the middle of the picture, so a frame costs the number
        /// of triangles times the pixels. At 200x60 cells in braille (400x240 pixels) its
        /// first frame takes 13 s of CPU on the 2-core test machine (`orbit render --glyphs
        /// braille --frames 1`; the library is optimized in debug builds too), far longer
        /// than a key or a signal takes to arrive.
        static func stack(in scratch: Scratch) throws -> String {
            let squares = 40_000
            var text = ""
            text.reserveCapacity(squares * 160)
            for i in 0..<squares {
                let z = String(format: "%.6f", -1 + 2 * Double(i) / Double(squares))
                text += "v -1 -1 \(z)\nv 1 -1 \(z)\nv 1 1 \(z)\nv -1 1 \(z)\n"
            }
            for i in 0..<squares {
                let a = 4 * i + 1
                text += "f \(a) \(a + 1) \(a + 2)\nf \(a) \(a + 2) \(a + 3)\n"
                text += "f \(a + 2) \(a + 1) \(a)\nf \(a + 3) \(a + 2) \(a)\n"
            }
            return try scratch.write("stack.obj", text)
        }

        /// Starts the viewer on the stack in braille in a 200x60 pane with `ORBIT_STATS` (its figures
        /// to `stats.txt`) and waits until it has taken the terminal: its first frame is
        /// then being drawn (the loop draws before it reads any input).
        static func start(_ scratch: Scratch) throws -> ViewerPane {
            let model = try stack(in: scratch)
            let pane = try ViewerPane(
                [model, "--glyphs", "braille"], columns: 200, rows: 60, prefix: "ORBIT_STATS=1",
                redirect: "2> \(ViewerPane.quote(scratch.file("stats.txt")))")
            try Wait.until("the viewer to take the terminal", timeout: 180) {
                try pane.tmux.display("#{alternate_on}") == "1"
            }
            return pane
        }

        /// The viewer's figures show that no frame was drawn and the first was abandoned.
        static func expectFirstFrameAbandoned(_ scratch: Scratch) {
            let stats = scratch.read("stats.txt")
            #expect(stats.contains(" frames 0 ") && stats.contains(" full_repaints 0 "), "\(stats)")
            #expect(stats.contains(" frames_abandoned 1 "), "\(stats)")
        }

        @Test("q ends the viewer inside a long frame")
        func qEndsALongFrame() throws {
            let scratch = try Scratch("orbit-long-frame")
            let pane = try Self.start(scratch)
            try pane.tmux.send("q")
            // Before, q was read once the frame was done.
            let after = try pane.afterExit(timeout: 20)
            #expect(after.status == 0)
            #expect(after.isRestored, "\(after)")
            #expect(!after.showsCrash, "\(after.screen)")
            Self.expectFirstFrameAbandoned(scratch)
        }

        @Test(
            "SIGTERM, SIGHUP and SIGINT end the viewer inside a long frame",
            arguments: [(SIGTERM, Int32(128 + SIGTERM)), (SIGHUP, Int32(128 + SIGHUP)), (SIGINT, Int32(0))])
        func signalEndsALongFrame(signal: Int32, expectedStatus: Int32) throws {
            let scratch = try Scratch("orbit-long-frame")
            let pane = try Self.start(scratch)
            #expect(kill(try pane.orbitPID(), signal) == 0)
            let after = try pane.afterExit(timeout: 20)
            #expect(after.status == expectedStatus, "signal \(signal)")
            #expect(after.isRestored, "\(after)")
            #expect(!after.showsCrash, "\(after.screen)")
            Self.expectFirstFrameAbandoned(scratch)
        }
    }
}
