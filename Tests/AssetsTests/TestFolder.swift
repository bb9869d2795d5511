import Foundation
import Math3D
import SceneGraph

@testable import Assets

/// A temporary folder for files a test writes; removed when the value is released.
final class TestFolder {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "orbit-assets-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes text to `name` (sub-folders are created) and returns the full path.
    @discardableResult
    func write(_ name: String, _ text: String) -> String { write(name, Array(text.utf8)) }

    /// Writes bytes to `name` (sub-folders are created) and returns the full path.
    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) -> String {
        let full = path + "/" + name
        let dir = (full as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: full, contents: Data(bytes))
        return full
    }
}
