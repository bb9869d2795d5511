import Assets
import Foundation

/// Checks an output path (`-o FILE`) before any work is done, so the message names the
/// whole path and the real problem instead of a Foundation error code.
enum OutputFile {
    /// Throws when `path` cannot be written: it names a folder, its folder does not exist
    /// or is not a folder, or the folder is not writable.
    static func check(_ path: String, example: String) throws(CLIError) {
        if let problem = problem(path, example: example) { throw CLIError("\(path): \(problem)") }
    }

    /// The name that means standard output (`-o -`): the bytes are written there instead
    /// of to a file.
    static let standardOutput = "-"

    /// What stands in the way of writing `path`, or nil when nothing does.
    static func problem(_ path: String, example: String) -> String? {
        if path == standardOutput { return nil }
        if path.isEmpty { return "empty file name; give one such as '\(example)'" }
        let files = FileManager.default
        var isFolder: ObjCBool = false
        if path.hasSuffix("/") || (files.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue) {
            return "is a folder; give a file name such as '\(PathName.joined(path, example))'"
        }
        // Only a regular file is replaced (by a rename): never a device, FIFO or link.
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            return "is \(kind(info.st_mode & S_IFMT)); -o replaces only regular files"
        }
        let dir = folder(of: path)
        var folderInfo = stat()
        if stat(dir, &folderInfo) != 0 {
            return errno == ENOENT
                ? "the folder '\(dir)' does not exist" : "the folder '\(dir)' cannot be reached (\(describe(errno)))"
        }
        if folderInfo.st_mode & S_IFMT != S_IFDIR { return "'\(dir)' is not a folder" }
        if access(dir, W_OK) != 0 { return "the folder '\(dir)' is not writable (\(describe(errno)))" }
        return nil
    }

    /// The folder `path` is in (`.` for a bare name).
    static func folder(of path: String) -> String {
        PathName.folder(of: path)
    }

    /// What a file of type `kind` (`st_mode & S_IFMT`) is, for the refusal.
    static func kind(_ kind: mode_t) -> String {
        switch kind {
        case S_IFLNK: return "a symbolic link"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }

    /// Writes `bytes` to `path` (standard output for `-`) through a temporary file in the same folder that is renamed
    /// over it once complete and flushed (`AtomicFile`), so `path` is either untouched or
    /// whole. A failure names the path and the system's reason, such as
    /// `orbit.png: cannot write the file (No space left on device)`.
    static func write(_ bytes: [UInt8], to path: String, example: String) throws(CLIError) {
        try check(path, example: example)
        if path == standardOutput {
            guard StandardOutput.write(bytes) else {
                throw CLIError("standard output: cannot write (\(describe(StandardOutput.failure)))", status: 141)
            }
            return
        }
        do {
            try AtomicFile.write(bytes, to: path)
        } catch {
            throw CLIError("\(path): cannot write the file (\(error))")
        }
    }

    /// The system's words for `code`, such as `No space left on device`.
    static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }
}
