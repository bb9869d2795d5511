import Foundation

/// The temporary files a terminal reads pixels from (kitty's `t=t`), all in one private
/// folder: made with `mkdtemp` (mode 0700) under `$TMPDIR`, each file created with
/// `O_CREAT | O_EXCL | O_NOFOLLOW` under a random name, so no planted file or symlink is
/// ever written through. The terminal deletes a file once it has read it; one that does
/// not gets its files deleted here: at most `maximumFiles` are kept (the oldest goes
/// first), and the folder and everything in it are removed when the process exits
/// (`atexit`, which every exit of `orbit` passes through, SIGTERM and SIGHUP included).
///
/// Every path contains `tty-graphics-protocol`, the mark kitty needs before it deletes a file.
public enum GraphicsTemporaryFiles {
    /// Most files kept at once; writing one more deletes the oldest (a frame the terminal
    /// has not read by then never will be). Default 4.
    public static let maximumFiles = 4

    private static let lock = NSLock()
    nonisolated(unsafe) private static var folder: String?
    nonisolated(unsafe) private static var files: [String] = []
    nonisolated(unsafe) private static var cleanupRegistered = false

    /// The private folder, made on first use; nil when it cannot be made.
    public static var folderPath: String? {
        lock.lock()
        defer { lock.unlock() }
        return makeFolder()
    }

    /// Writes `bytes` to a new file in the private folder; its path, or nil when it
    /// cannot be written (nothing is left behind then).
    public static func write(_ bytes: [UInt8], suffix: String = ".rgb") -> String? {
        lock.lock()
        defer { lock.unlock() }
        guard let dir = makeFolder() else { return nil }
        let path = dir + "/frame-" + randomName() + suffix
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return nil }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes {
                Foundation.write(fd, $0.baseAddress.map { $0 + offset }, bytes.count - offset)
            }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                close(fd)
                unlink(path)
                return nil
            }
            offset += n
        }
        close(fd)
        files.append(path)
        while files.count > maximumFiles { unlink(files.removeFirst()) }
        return path
    }

    /// The files written and not yet deleted (here or by the terminal).
    public static var livePaths: [String] {
        lock.lock()
        defer { lock.unlock() }
        return files.filter { access($0, F_OK) == 0 }
    }

    /// Deletes every file and the folder (safe to call more than once; the next write
    /// makes a new folder).
    public static func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        for f in files { unlink(f) }
        files = []
        if let dir = folder {
            // Nothing but our files can be in the private folder.
            if let names = try? FileManager.default.contentsOfDirectory(atPath: dir) {
                for n in names { unlink(dir + "/" + n) }
            }
            rmdir(dir)
        }
        folder = nil
    }

    private static func makeFolder() -> String? {
        if let folder { return folder }
        var base = NSTemporaryDirectory()
        while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
        var template = Array((base + "/orbit-tty-graphics-protocol-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { name -> Bool in
            guard let base = name.baseAddress else { return false }
            return mkdtemp(base) != nil
        }
        guard made else { return nil }
        let path = String(cString: template)
        folder = path
        if !cleanupRegistered {
            cleanupRegistered = true
            atexit { GraphicsTemporaryFiles.removeAll() }
        }
        return path
    }

    private static func randomName() -> String {
        var g = SystemRandomNumberGenerator()
        return String(g.next(), radix: 16) + String(g.next(), radix: 16)
    }
}
