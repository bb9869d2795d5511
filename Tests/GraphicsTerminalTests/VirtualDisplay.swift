import Foundation

/// A private X server (Xvfb) on a display number it picks itself (`-displayfd`), so runs of
/// different test suites never collide; stopped on `stop()` or when dropped.
final class VirtualDisplay {
    let number: Int
    private let server: Process

    /// Starts Xvfb with one `width` x `height` x 24 screen; throws when it does not come up
    /// within `timeout` seconds.
    init(width: Int = 1024, height: Int = 768, timeout: Double = 30) throws {
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        server.arguments = ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"]
        // Xvfb writes the display number it chose to this file once it is ready.
        let numberFile = NSTemporaryDirectory() + "orbit-pixels-xvfb-\(getpid())-\(UUID().uuidString.prefix(8))"
        FileManager.default.createFile(atPath: numberFile, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: numberFile) }
        server.standardOutput = FileHandle(forWritingAtPath: numberFile)
        server.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try server.run()
        self.server = server
        var text = ""
        let deadline = Date().addingTimeInterval(timeout)
        while !text.contains("\n") && Date() < deadline && server.isRunning {
            usleep(100_000)
            text = (try? String(contentsOfFile: numberFile, encoding: .utf8)) ?? ""
        }
        guard let n = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            server.terminate()
            throw GraphicsHarnessError("Xvfb did not report a display number (got '\(text)')")
        }
        number = n
    }

    /// `:N`, for DISPLAY.
    var name: String { ":\(number)" }

    func stop() {
        if server.isRunning {
            server.terminate()
            server.waitUntilExit()
        }
    }

    deinit { stop() }
}

/// A failure of the test harness itself (a tool missing, a window not appearing).
struct GraphicsHarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
