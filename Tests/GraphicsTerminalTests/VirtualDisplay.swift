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
        let pipe = Pipe()
        server.standardOutput = pipe
        server.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try server.run()
        self.server = server
        var text = ""
        let deadline = Date().addingTimeInterval(timeout)
        let handle = pipe.fileHandleForReading
        while !text.contains("\n") && Date() < deadline {
            let data = handle.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
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
