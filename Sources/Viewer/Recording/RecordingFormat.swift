/// The files `--record FILE` writes, one row each: the format is picked from the file's
/// extension (case-insensitive), and an extension without a row is refused.
public enum RecordingFormat: String, CaseIterable, Sendable {
    /// An asciinema v2 recording of the terminal bytes (`CastRecorder`).
    case cast
    /// An animated GIF through giflib: a palette of 256 colours per frame, looping forever.
    case gif
    /// An animated PNG: every frame exact, looping forever.
    case apng
    /// H.264 video through `ffmpeg`.
    case mp4
    /// VP9 video through `ffmpeg`.
    case webm

    /// The extensions that pick the format, without the dot, the first one preferred.
    public var extensions: [String] {
        switch self {
        case .cast: ["cast"]
        case .gif: ["gif"]
        case .apng: ["apng"]
        case .mp4: ["mp4"]
        case .webm: ["webm"]
        }
    }

    /// What the file holds, for `--help` and docs/CLI.md.
    public var summary: String {
        switch self {
        case .cast: "asciinema v2, the terminal's bytes"
        case .gif: "animated GIF, loops forever"
        case .apng: "animated PNG, exact colours, loops forever"
        case .mp4: "H.264 video (needs ffmpeg)"
        case .webm: "VP9 video (needs ffmpeg)"
        }
    }

    /// The program that encodes it and the Debian package that has it, or nil when orbit
    /// writes it itself.
    public var program: (name: String, package: String)? {
        switch self {
        case .cast, .gif, .apng: nil
        case .mp4, .webm: ("ffmpeg", "ffmpeg")
        }
    }

    /// True for the formats of pictures (frames of pixels); false for `.cast` (text).
    public var isPicture: Bool { self != .cast }

    /// A writer of `width` x `height` frames at `fps` frames per second to `path`, or nil
    /// for `.cast` (written by `CastRecorder`).
    public func writer(path: String, width: Int, height: Int, fps: Int) throws(RecordingError) -> (any MovieWriter)? {
        switch self {
        case .cast: nil
        case .gif: try GIFWriter(path: path, width: width, height: height, fps: fps)
        case .apng: try APNGWriter(path: path, width: width, height: height, fps: fps)
        case .mp4, .webm: try VideoWriter(path: path, format: self, width: width, height: height, fps: fps)
        }
    }

    /// Every extension `--record` writes, e.g. `.cast, .gif, .apng, .mp4, .webm`.
    public static var extensionList: String {
        allCases.flatMap(\.extensions).map { "." + $0 }.joined(separator: ", ")
    }

    /// The format of `path` by its extension, or nil when no row writes it.
    public static func of(_ path: String) -> RecordingFormat? {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let ext = name[name.index(after: dot)...].lowercased()
        return allCases.first { $0.extensions.contains(ext) }
    }
}

/// Why a recording could not be written: one line naming the file.
public struct RecordingError: Error, CustomStringConvertible {
    /// The line, e.g. `turn.gif: cannot write the file (No space left on device)`.
    public let description: String

    public init(_ description: String) { self.description = description }
}
