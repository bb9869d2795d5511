import Assets
import Foundation
import SceneGraph

/// The `s` key: the current frame's pixels as a PNG in the current folder, named by the
/// time (`orbit-20261203-091500.png`, with `-2`, `-3` ... when the name is taken).
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
        return "saved \(URL(fileURLWithPath: path).standardizedFileURL.path)"
    }

    /// The first free `orbit-YYYYMMDD-HHMMSS[-N].png` in `folder` (local time).
    static func freeName(in folder: String, at date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let stem = "orbit-" + formatter.string(from: date)
        var name = stem + ".png"
        var n = 2
        while FileManager.default.fileExists(atPath: PathName.joined(folder, name)) {
            name = "\(stem)-\(n).png"
            n += 1
        }
        return PathName.joined(folder, name)
    }
}
