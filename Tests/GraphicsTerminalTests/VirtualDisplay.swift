import Foundation
import OrbitTestSupport

/// A private X server (Xvfb) on a display number it picks itself (`-displayfd`), so
/// concurrent runs never collide. Nothing here blocks: the number is read from a file the
/// server writes once it accepts clients, polled with a deadline.
final class VirtualDisplay {
    let number: Int
    private let server: Detached
    private let scratch: Scratch

    /// Starts Xvfb with one `width` x `height` x 24 screen; throws when it does not report
    /// its display within `timeout` seconds (it is then stopped).
    init(width: Int = 1024, height: Int = 768, timeout: Double = 60) throws {
        let scratch = try Scratch("orbit-pixels-xvfb")
        let server = try Detached(
            ["Xvfb", "-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset"],
            what: "Xvfb", stdout: scratch.file("display"), stderr: scratch.file("log"))
        self.scratch = scratch
        self.server = server
        do {
            number = try Wait.until("Xvfb to report its display", timeout: timeout, interval: 0.1) {
                let text = scratch.read("display")
                guard text.hasSuffix("\n") else {
                    if !server.isRunning {
                        throw HarnessError("Xvfb ended at start: \(scratch.read("log").suffix(300))")
                    }
                    return nil
                }
                return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
            }
        } catch {
            server.stop()
            throw error
        }
    }

    /// `:N`, for DISPLAY.
    var name: String { ":\(number)" }

    /// The environment of a program on this display.
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = name
        env.merge(extra) { _, new in new }
        return env
    }

    /// Runs a tool (xdotool, import, convert) on this display with a hang guard; returns
    /// its standard output, throws when it fails.
    @discardableResult
    func tool(_ argv: [String], timeout: Double = 60) throws -> String {
        let result = try Spawn.run(argv, environment: environment(), timeout: timeout)
        guard result.status == 0 else {
            throw HarnessError("\(argv.joined(separator: " ")) exited \(result.status): \(result.stderr.suffix(200))")
        }
        return result.stdout
    }

    func stop() { server.stop() }

    deinit { stop() }
}
