import Assets
import Foundation

/// Writes an asciinema v2 recording (`.cast`): a JSON header line with the width, height
/// and start time, then one `[seconds, "o", "bytes"]` line per frame written to the
/// terminal (and `[seconds, "r", "COLSxROWS"]` on a resize). `asciinema play FILE.cast`
/// plays it; asciinema.org takes it as is. The recording is written beside `path` and
/// renamed over it on `close` (`AtomicFile`): a recording that could not be written whole
/// leaves no partial file and an existing file at `path` untouched.
public final class CastRecorder {
    /// Why a recording could not be started or written.
    public struct WriteError: Error, CustomStringConvertible {
        /// One line naming the file and the problem.
        public let description: String
    }

    private let file: AtomicFile
    private let path: String
    /// Frames (output events) recorded so far.
    public private(set) var events = 0
    /// False once a write failed; later events are dropped.
    public var isHealthy: Bool { file.failure == nil }
    /// Why the first failed write (or the flush on `close`) failed, in the system's words
    /// (`No space left on device`); nil while every write succeeded.
    public var failure: String? { file.failure?.description }
    /// One line naming the file and why the recording could not be written, once a
    /// write failed.
    public var failureMessage: String? { failure.map { "\(path): the recording could not be written (\($0))" } }

    /// Starts a recording that replaces `path` on `close`, and writes the header.
    /// - Parameters:
    ///   - columns, rows: the terminal size the frames are drawn for.
    ///   - timestamp: the recording's start, Unix seconds. Default now.
    ///   - title: shown by players. Default none.
    public init(
        path: String, columns: Int, rows: Int, timestamp: Int = Int(Date().timeIntervalSince1970),
        title: String? = nil
    ) throws(WriteError) {
        do {
            file = try AtomicFile(path: path)
        } catch {
            throw WriteError(description: "\(path): cannot create the recording (\(error))")
        }
        self.path = path
        var header =
            "{\"version\": 2, \"width\": \(max(1, columns)), \"height\": \(max(1, rows)), \"timestamp\": \(timestamp)"
        header += ", \"env\": {\"TERM\": \"xterm-256color\"}"
        if let title { header += ", \"title\": " + Self.quoted(Array(title.utf8)) }
        try write(header + "}\n")
    }

    /// Records output `bytes` written `seconds` after the start (empty output is skipped).
    public func output(_ bytes: [UInt8], at seconds: Double) {
        guard !bytes.isEmpty else { return }
        events += 1
        try? write("[" + Self.time(seconds) + ", \"o\", " + Self.quoted(bytes) + "]\n")
    }

    /// Records a change of terminal size.
    public func resize(columns: Int, rows: Int, at seconds: Double) {
        try? write("[" + Self.time(seconds) + ", \"r\", \"\(columns)x\(rows)\"]\n")
    }

    /// Flushes the recording and puts it at `path`; after a failed write (or a failed
    /// flush) nothing is put there and `failureMessage` says why.
    public func close() {
        // `commit` removes the file after a failed write, and does nothing more once closed.
        try? file.commit()
    }

    private func write(_ line: String) throws(WriteError) {
        guard isHealthy, !file.write(Array(line.utf8)), let message = failureMessage else { return }
        throw WriteError(description: message)
    }

    /// Seconds with microseconds, never negative: `1.033333`.
    static func time(_ seconds: Double) -> String {
        String(format: "%.6f", seconds.isFinite ? max(0, seconds) : 0)
    }

    /// `bytes` as a JSON string: UTF-8 text with quotes, backslashes and control characters
    /// escaped (invalid UTF-8 becomes U+FFFD).
    static func quoted(_ bytes: [UInt8]) -> String {
        var out = "\""
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
