import Assets
import Foundation
import TerminalText

#if canImport(Glibc)
    import Glibc
#endif

/// Frames as a video through `ffmpeg` (found on `PATH`): raw RGB frames go down a pipe to
/// it at a constant `fps` (a frame shown for n frame times is sent n times), and it writes
/// the temporary file beside `path` that `finish` renames over it. MP4 is H.264, WebM is
/// VP9, both 4:2:0 with an odd width or height padded by one black pixel.
public final class VideoWriter: MovieWriter {
    public let width: Int
    public let height: Int
    /// Frames per second of the video.
    public let fps: Int
    private let path: String
    private var file: AtomicFile?
    private var pid: pid_t = 0
    private var input: Int32 = -1
    private var errors: Int32 = -1
    private var pending: (rgb: [UInt8], frame: Int)?

    /// Starts `ffmpeg` writing `format` (`.mp4` or `.webm`) of `width` x `height` pixels at
    /// `fps` frames per second; throws naming the package when `ffmpeg` is not installed.
    public init(path: String, format: RecordingFormat, width: Int, height: Int, fps: Int) throws(RecordingError) {
        self.path = path
        self.width = width
        self.height = height
        self.fps = fps
        guard width > 0, height > 0, width <= 16384, height <= 16384, fps > 0 else {
            throw RecordingError("\(path): cannot record \(width)x\(height) pixels at \(fps) fps as video")
        }
        guard let program = Self.find("ffmpeg") else {
            throw RecordingError(
                "\(path): writing .\(format.rawValue) needs ffmpeg, which is not installed "
                    + "(Debian package ffmpeg: apt-get install ffmpeg)")
        }
        let file: AtomicFile
        do { file = try AtomicFile(path: path) } catch {
            throw RecordingError("\(path): cannot create the recording (\(error))")
        }
        self.file = file
        let codec: [String] =
            format == .webm
            ? [
                "-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "0", "-crf", "32", "-f",
                "webm",
            ]
            : ["-c:v", "libx264", "-preset", "veryfast", "-crf", "20", "-movflags", "+faststart", "-f", "mp4"]
        let arguments =
            [
                program, "-hide_banner", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "rgb24",
                "-s", "\(width)x\(height)", "-r", "\(fps)", "-i", "pipe:0",
                "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-pix_fmt", "yuv420p",
            ] + codec + ["-y", file.temporary]
        guard let stdinPipe = ExternalCommand.makePipe(nonBlocking: false),
            let stderrPipe = ExternalCommand.makePipe(nonBlocking: true)
        else {
            abandon()
            throw RecordingError("\(path): cannot start ffmpeg (no pipe)")
        }
        signal(SIGPIPE, SIG_IGN)  // an ffmpeg that stops gives a write error, not death
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdinPipe.read, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, stderrPipe.write, 2)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        let spawned = posix_spawn(&pid, program, &actions, nil, &argv, environ)
        close(stdinPipe.read)
        close(stderrPipe.write)
        input = stdinPipe.write
        errors = stderrPipe.read
        guard spawned == 0 else {
            pid = 0
            abandon()
            throw RecordingError("\(path): cannot start ffmpeg (\(String(cString: strerror(spawned))))")
        }
    }

    deinit { abandon() }

    public func add(_ rgb: [UInt8], frame: Int) throws(RecordingError) {
        try checkFrame(rgb, for: path)
        if let p = pending {
            guard frame > p.frame else { return }
            for _ in 0..<(frame - p.frame) { try send(p.rgb) }
        }
        pending = (rgb, frame)
    }

    public func finish() throws(RecordingError) {
        if let p = pending { try send(p.rgb) }
        pending = nil
        guard let file, pid > 0 else { throw RecordingError("\(path): the recording was stopped") }
        close(input)
        input = -1
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        pid = 0
        let exited = status & 0x7F == 0 && (status >> 8) & 0xFF == 0
        guard exited else {
            let reason = readErrors()
            abandon()
            throw RecordingError("\(path): ffmpeg failed (\(reason))")
        }
        self.file = nil
        closeErrors()
        do { try file.commit() } catch { throw RecordingError("\(path): cannot write the file (\(error))") }
    }

    public func abandon() {
        if input >= 0 { close(input) }
        input = -1
        if pid > 0 {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            pid = 0
        }
        closeErrors()
        file?.abandon()
        file = nil
    }

    private func send(_ rgb: [UInt8]) throws(RecordingError) {
        guard input >= 0 else { throw RecordingError("\(path): the recording was stopped") }
        let code = Descriptor.writeAll(rgb, to: input)
        if code != 0 {
            close(input)
            input = -1
            var status: Int32 = 0
            while pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            pid = 0
            let reason = readErrors()
            abandon()
            throw RecordingError("\(path): ffmpeg stopped (\(reason))")
        }
    }

    /// The first line ffmpeg wrote on its standard error, or a note that it wrote none.
    private func readErrors() -> String {
        guard errors >= 0 else { return "no message" }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { read(errors, $0.baseAddress, $0.count) }
        closeErrors()
        guard n > 0 else { return "no message" }
        let text = String(decoding: buffer[0..<n], as: UTF8.self)
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? "no message"
        return TerminalText.line(line)
    }

    private func closeErrors() {
        if errors >= 0 { close(errors) }
        errors = -1
    }

    /// The path of `name` in a folder of `PATH` where it is executable, or nil.
    static func find(_ name: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for folder in folders where !folder.isEmpty {
            let candidate = "\(folder)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
