import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file written beside its destination and renamed over it once whole, so the
/// destination is either untouched or complete: never a truncated file after a full disk,
/// a failed write or an error half way. Every writer of output files uses it (`-o`,
/// screenshots, `--record`).
///
///     let file = try AtomicFile(path: "frame.png")
///     guard file.write(bytes) else { ... }
///     try file.commit()
///
/// A file that is never committed is removed when it is abandoned or released.
public final class AtomicFile {
    /// Why a file could not be written: the system's error number and words.
    public struct Failure: Error, CustomStringConvertible {
        /// The `errno` of the call that failed (ENOSPC, EACCES, ...).
        public let code: Int32
        /// The system's words for `code`, such as `No space left on device`.
        public var description: String { String(cString: strerror(code)) }
    }

    /// The destination.
    public let path: String
    /// The temporary file beside `path` (`.orbit-XXXXXX`) that `commit` renames over it;
    /// a program given this path may write the file in its place.
    public let temporary: String
    /// Where `TemporaryFileSweep` keeps `temporary` for a signal's handler.
    private var sweepSlot = -1
    private var fd: Int32
    /// The first write failure (kept until `commit`, which then throws it); nil while every
    /// write succeeded.
    public private(set) var failure: Failure?

    /// Opens a temporary file (`.orbit-XXXXXX`) in `path`'s folder.
    /// - Throws: `Failure` when the folder does not take a new file.
    public init(path: String) throws(Failure) {
        self.path = path
        var template = Array(PathName.joined(PathName.folder(of: path), ".orbit-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { name -> Int32 in
            guard let base = name.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard fd >= 0 else { throw Failure(code: errno) }
        self.fd = fd
        temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        sweepSlot = TemporaryFileSweep.track(temporary)
    }

    deinit { abandon() }

    /// Appends `bytes`; false (and `failure` set) once any write has failed.
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        guard failure == nil, fd >= 0 else { return false }
        let code = Descriptor.writeAll(bytes, to: fd)
        if code != 0 { failure = Failure(code: code) }
        return code == 0
    }

    /// Gives the file its mode (a replaced file keeps its own, a new one gets 0666 less the
    /// umask), flushes it and renames it over `path`.
    /// - Throws: the first failure of any write, the flush or the rename; the temporary
    ///   file is then removed and `path` left as it was.
    public func commit() throws(Failure) {
        guard fd >= 0 else { throw failure ?? Failure(code: EBADF) }
        var code = failure?.code ?? 0
        var old = stat()
        let mask = umask(0)
        umask(mask)
        let mode = stat(path, &old) == 0 ? old.st_mode & 0o7777 : 0o666 & ~mask
        if code == 0, fchmod(fd, mode) != 0 { code = errno }
        // Space that a file system only claims when it flushes shows up here.
        if code == 0, fsync(fd) != 0 { code = errno }
        if close(fd) != 0, code == 0 { code = errno }
        fd = -1
        if code == 0, rename(temporary, path) != 0 { code = errno }
        TemporaryFileSweep.forget(sweepSlot)
        sweepSlot = -1
        if code != 0 {
            unlink(temporary)
            failure = Failure(code: code)
            throw Failure(code: code)
        }
    }

    /// Closes and removes the temporary file; `path` is left as it was.
    public func abandon() {
        guard fd >= 0 else { return }
        close(fd)
        fd = -1
        unlink(temporary)
        TemporaryFileSweep.forget(sweepSlot)
        sweepSlot = -1
    }

    /// Writes `bytes` to `path` in one go: open, write, commit.
    public static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        let file = try AtomicFile(path: path)
        file.write(bytes)
        try file.commit()
    }
}
