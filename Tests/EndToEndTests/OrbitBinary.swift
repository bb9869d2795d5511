import Foundation

/// The `orbit` executable under test: `ORBIT_BIN`, else `.build/debug/orbit` of this
/// package (found from this file's path).
enum OrbitBinary {
    static func path(file: String = #filePath) throws -> String {
        if let env = ProcessInfo.processInfo.environment["ORBIT_BIN"], !env.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: env) else {
                throw TmuxSession.Failure(description: "ORBIT_BIN=\(env) is not an executable file")
            }
            return env
        }
        let package = URL(fileURLWithPath: file).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let candidate = package.appendingPathComponent(".build/debug/orbit").path
        guard FileManager.default.isExecutableFile(atPath: candidate) else {
            throw TmuxSession.Failure(description: "no orbit binary at \(candidate); run `swift build` or set ORBIT_BIN")
        }
        return candidate
    }
}
