import TerminalText

/// A file that could not be read, with the file's name and a one-line reason.
///
/// `description` reads `models/model.obj: line 12: face index 9 out of range (8 vertices)`:
/// the file's path as the user gave it (or, for a file a model refers to, as the model
/// names it), the line when the format has lines, the problem.
public struct AssetError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file's path as given, as shown in messages (control characters made spaces).
    public let file: String
    /// The 1-based line of a text file where the problem was found, if known.
    public let line: Int?
    /// What is wrong, one line, without the file name.
    public let message: String

    /// An error about `file`, named as given.
    /// - Parameters:
    ///   - file: the file's name or path, as the user or the referring file wrote it.
    ///   - line: the 1-based line, for text formats. Default none.
    ///   - message: the problem, one line.
    public init(file: String, line: Int? = nil, _ message: String) {
        self.file = file.isEmpty ? "(unnamed)" : AssetError.oneLine(file)
        self.line = line
        self.message = AssetError.oneLine(message)
    }

    /// `file: line N: message`, or `file: message` without a line.
    public var description: String {
        if let line { return "\(file): line \(line): \(message)" }
        return "\(file): \(message)"
    }

    /// This error reported from inside `file` (at `line`, under `prefix`): the inner file
    /// name is kept only when it differs from `file`, so messages name each file once.
    func within(file: String, line: Int? = nil, _ prefix: String? = nil) -> AssetError {
        let inner =
            self.file == AssetError(file: file, "").file
            ? (self.line.map { "line \($0): " } ?? "") + message : description
        return AssetError(file: file, line: line, prefix.map { "\($0): \(inner)" } ?? inner)
    }

    /// The last path component of `path` (the whole string when it has none).
    static func displayName(_ path: String) -> String {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        if let slash = trimmed.lastIndex(of: "/") { return String(trimmed[trimmed.index(after: slash)...]) }
        return trimmed.isEmpty ? "(unnamed)" : trimmed
    }

    /// `text` on one line and safe for a terminal: control characters (C0, DEL, C1) are
    /// written as `\u{XX}` and it is cut at 200 characters (`TerminalText.line`).
    static func oneLine(_ text: String) -> String { TerminalText.line(text) }
}
