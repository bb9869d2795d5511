import Foundation

/// A private temporary folder (mode 700), removed when the value is released.
public final class Scratch {
    public let url: URL
    public var path: String { url.path }

    /// Creates `TMPDIR/PREFIX-PID-RANDOM`.
    public init(_ prefix: String) throws {
        let base = URL(fileURLWithPath: NSTemporaryDirectory())
        url = base.appendingPathComponent("\(prefix)-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(
            at: url, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
    }

    /// The path of `name` inside the folder.
    public func file(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `text` to `name` with `mode` permissions; returns the path.
    @discardableResult
    public func write(_ name: String, _ text: String, mode: Int = 0o600) throws -> String {
        let p = file(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: p))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: p)
        return p
    }

    /// The contents of `name`, or "" when it does not exist yet.
    public func read(_ name: String) -> String {
        (try? String(contentsOfFile: file(name), encoding: .utf8)) ?? ""
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
