import OrbitTestSupport
import Testing

extension Reliability {
    /// The checks the fault tests rely on can fail: a program that leaves the terminal
    /// broken is caught.
    @Suite struct Harness {
        @Test("A program that leaves echo off, the alternate screen on and the cursor hidden is caught")
        func brokenTerminalIsDetected() throws {
            let pane = try ViewerPane(
                program: "(stty -echo -icanon; printf '\\033[?1049h\\033[?25l\\033[?1003h'; exit 3)")
            let after = try pane.afterExit()
            #expect(after.status == 3)
            #expect(after.sttyFlags.contains("-echo"))
            #expect(after.sttyFlags.contains("-icanon"))
            #expect(after.alternateScreen)
            #expect(!after.cursorVisible)
            #expect(after.mouseReporting)
            #expect(!after.isRestored)
        }

        @Test("A program that leaves the terminal alone passes the same check")
        func untouchedTerminalIsRestored() throws {
            let after = try ViewerPane(program: "true").afterExit()
            #expect(after.status == 0)
            #expect(after.isRestored, "\(after)")
        }
    }
}
