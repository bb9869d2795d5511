import Assets
import Foundation
import TerminalText

/// Unbuffered writes to standard output and error with one `write(2)` per call, so that a
/// closed pipe (`orbit render | head`) is noticed at once instead of killing the process.
enum StandardOutput {
    /// Set once a write to standard output failed (reader gone, disk full).
    nonisolated(unsafe) static var broken = false
    /// The errno of that failure: EPIPE when the reader went away.
    nonisolated(unsafe) static var failure: Int32 = 0

    /// Writes `bytes` to standard output; returns false (and sets `broken`) when the
    /// reader has gone away.
    @discardableResult
    static func write(_ bytes: [UInt8]) -> Bool {
        if broken { return false }
        let problem = Descriptor.writeAll(bytes, to: 1)
        if problem != 0 {
            broken = true
            failure = problem
            return false
        }
        return true
    }

    /// Writes `text` to standard output.
    @discardableResult
    static func write(_ text: String) -> Bool { write(Array(text.utf8)) }

    /// Writes one line to standard error, its control characters made visible
    /// (`TerminalText`): file names, URLs and arguments quoted in it cannot reach the
    /// terminal as escape sequences or break the line.
    static func error(_ line: String) {
        let bytes = Array((TerminalText.visible(line) + "\n").utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    }
}
