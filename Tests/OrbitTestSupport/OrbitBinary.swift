import Foundation

/// Where the `orbit` executable under test lives: `ORBIT_BIN` when set (the Makefile's
/// `make test` sets it), else `.build/debug/orbit` of this package.
public enum OrbitBinary {
    /// The package root, two folders above this file's folder.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Absolute path of the binary (it may not exist; `check()` says so).
    public static var path: String {
        if let p = ProcessInfo.processInfo.environment["ORBIT_BIN"], !p.isEmpty { return p }
        return packageRoot.appendingPathComponent(".build/debug/orbit").path
    }

    /// The path, or an error telling how to build it.
    public static func check() throws -> String {
        let p = path
        guard FileManager.default.isExecutableFile(atPath: p) else {
            throw HarnessError("orbit binary not found at \(p): run 'swift build --product orbit' or set ORBIT_BIN")
        }
        return p
    }
}
