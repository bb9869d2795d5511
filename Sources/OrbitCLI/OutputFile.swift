import Foundation

/// Checks an output path (`-o FILE`) before any work is done, so the message names the
/// whole path and the real problem instead of a Foundation error code.
enum OutputFile {
    /// Throws when `path` cannot be written: it names a folder, its folder does not exist
    /// or is not a folder, or the folder is not writable.
    static func check(_ path: String, example: String) throws(CLIError) {
        if let problem = problem(path, example: example) { throw CLIError("\(path): \(problem)") }
    }

    /// What stands in the way of writing `path`, or nil when nothing does.
    static func problem(_ path: String, example: String) -> String? {
        if path.isEmpty { return "empty file name; give one such as '\(example)'" }
        let files = FileManager.default
        var isFolder: ObjCBool = false
        if path.hasSuffix("/") || (files.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue) {
            return "is a folder; give a file name such as '\((path as NSString).appendingPathComponent(example))'"
        }
        // Only a regular file is replaced (by a rename): never a device, FIFO or link.
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            return "is \(kind(info.st_mode & S_IFMT)); -o replaces only regular files"
        }
        let folder = (path as NSString).deletingLastPathComponent
        let dir = folder.isEmpty ? "." : folder
        if !files.fileExists(atPath: dir, isDirectory: &isFolder) { return "the folder '\(dir)' does not exist" }
        if !isFolder.boolValue { return "'\(dir)' is not a folder" }
        if !files.isWritableFile(atPath: dir) { return "the folder '\(dir)' is not writable" }
        return nil
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

    /// Writes `bytes` to `path` (a temporary file renamed over it: never a truncated
    /// file); a failure names the path and the reason in words.
    static func write(_ bytes: [UInt8], to path: String, example: String) throws(CLIError) {
        try check(path, example: example)
        do { try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
            throw CLIError("\(path): cannot write the file (\(reason(error)))")
        }
    }

    /// A POSIX reason such as `No space left on device` for a Foundation write error.
    static func reason(_ error: any Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return ns.domain == NSPOSIXErrorDomain ? String(cString: strerror(Int32(ns.code))) : "write failed"
    }
}
