import Foundation
import SceneGraph

/// Reads the formats Orbit has no reader of its own for through assimp, in a child
/// process (`orbit-assimp`, installed beside `orbit`): the file's bytes go to its standard
/// input, its meshes come back on standard output (`MeshWire`). The child runs under
/// memory and CPU limits it sets itself, and the parent under a wall-clock deadline and a
/// byte limit, so a crash, a hang or runaway memory in assimp is a one-line error here.
enum AssimpReader {
    /// Longest an import may take, in seconds: 30.
    static let timeout: Double = 30
    /// Most bytes read back from the child: 768 MB (10 M vertices with normals and
    /// colours, 10 M triangles).
    static let maxOutputBytes = 768 << 20

    /// The child executable: `ORBIT_ASSIMP` when set, else `orbit-assimp` beside the
    /// running executable.
    static var helperPath: String {
        if let path = ProcessInfo.processInfo.environment["ORBIT_ASSIMP"], !path.isEmpty { return path }
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return exe.deletingLastPathComponent().appendingPathComponent("orbit-assimp").path
    }

    /// Reads `bytes` (a file named `name`, of extension `ext`) through the child.
    static func read(
        _ bytes: [UInt8], name: String, ext: String, helper: String = helperPath, timeout: Double = timeout
    ) throws(AssetError) -> Node {
        let result = try ChildProcess.run(
            helper, arguments: [ext], input: bytes, timeout: timeout, maxOutput: maxOutputBytes, name: name)
        switch result.status {
        case .exited(0):
            return try MeshWire.decode(result.output, name: name)
        case .exited(let code):
            if result.output.starts(with: MeshWire.errorMagic) { return try MeshWire.decode(result.output, name: name) }
            throw AssetError(file: name, "the assimp reader failed (exit status \(code))")
        case .signalled(let signal):
            throw AssetError(file: name, "the assimp reader crashed (signal \(signal)); the file is not read")
        case .timedOut:
            throw AssetError(file: name, "the assimp reader took more than \(Int(timeout)) s; the file is not read")
        case .tooMuchOutput:
            throw AssetError(file: name, "the assimp reader sent more than \(maxOutputBytes >> 20) MB")
        }
    }
}
