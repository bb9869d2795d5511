import Assets
import Foundation
import SceneGraph

/// The `s` key: the current frame's pixels as a PNG in the current folder, named by the
/// time (`orbit-20261203-091500.png`, with `-2`, `-3` ... when the name is taken). Names
/// and paths are made by plain string work and `localtime_r`, not `DateFormatter` or
/// `URL`: those go through CoreFoundation's string bridging, which is not safe while other
/// threads draw.
enum Screenshot {
    /// Writes `image` into `folder`; returns the HUD note: `saved PATH` (the file's full
    /// path, so it can be found from any folder), or why it failed.
    static func save(
        _ image: Image?, in folder: String = FileManager.default.currentDirectoryPath,
        at date: Date = Date()
    ) -> String {
        guard let image else { return "screenshot: no frame yet" }
        let path = freeName(in: folder, at: date)
        do {
            try ImageCodec.writePNG(image, to: path)
        } catch {
            return "screenshot failed: \(error.description)"
        }
        return "saved \(absolute(path))"
    }

    /// The first free `orbit-YYYYMMDD-HHMMSS[-N].png` in `folder` (local time).
    static func freeName(in folder: String, at date: Date) -> String {
        let stem = "orbit-" + stamp(date)
        var name = stem + ".png"
        var n = 2
        while FileManager.default.fileExists(atPath: PathName.joined(folder, name)) {
            name = "\(stem)-\(n).png"
            n += 1
        }
        return PathName.joined(folder, name)
    }

    /// `date` in local time as `YYYYMMDD-HHMMSS`.
    static func stamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var t = tm()
        localtime_r(&seconds, &t)
        let two = { (v: Int32) in v < 10 ? "0\(v)" : "\(v)" }
        return "\(t.tm_year + 1900)" + two(t.tm_mon + 1) + two(t.tm_mday) + "-" + two(t.tm_hour) + two(t.tm_min)
            + two(t.tm_sec)
    }

    /// `path` from the root, without `.` and `..` components or doubled slashes (a
    /// relative path is taken from the current folder).
    static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : PathName.joined(FileManager.default.currentDirectoryPath, path)
        var parts: [Substring] = []
        for part in full.split(separator: "/") where part != "." {
            if part == ".." {
                _ = parts.popLast()
            } else {
                parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}
