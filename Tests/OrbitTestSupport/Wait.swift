import Foundation

/// Polling with a deadline: tests wait for a state, never for a fixed time. The deadline
/// only guards against hangs; it is not what a test measures, so it is generous (the
/// suite runs on busy two-core machines).
public enum Wait {
    /// Calls `probe` every `interval` seconds until it returns a value, or throws after
    /// `timeout` seconds naming what was awaited.
    public static func until<T>(
        _ what: String, timeout: Double = 30, interval: Double = 0.05,
        _ probe: () throws -> T?
    ) throws -> T {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let value = try probe() { return value }
            if Date() > deadline { throw HarnessError("timed out after \(Int(timeout)) s waiting for \(what)") }
            usleep(UInt32(interval * 1_000_000))
        }
    }

    /// Like `until`, for a condition.
    public static func until(
        _ what: String, timeout: Double = 30, interval: Double = 0.05,
        _ condition: () throws -> Bool
    ) throws {
        _ = try until(what, timeout: timeout, interval: interval) { try condition() ? true : nil }
    }
}
