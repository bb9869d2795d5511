// orbit-assimp: reads one model with assimp and writes its meshes to standard output in
// the `MeshWire` format. `orbit` runs it as a child process (`AssimpReader`), so a crash,
// a hang or runaway memory inside assimp ends this process, never the viewer.
//
// Usage: orbit-assimp EXTENSION < MODEL > MESHES
import Assets
import CAssimp
import Glibc
import Math3D

/// Address space and CPU time for one import: 3 GB and 30 s; no core file.
func limit() {
    var memory = rlimit(rlim_cur: 3 << 30, rlim_max: 3 << 30)
    setrlimit(Int32(RLIMIT_AS.rawValue), &memory)
    var cpu = rlimit(rlim_cur: 30, rlim_max: 31)
    setrlimit(Int32(RLIMIT_CPU.rawValue), &cpu)
    var core = rlimit(rlim_cur: 0, rlim_max: 0)
    setrlimit(Int32(RLIMIT_CORE.rawValue), &core)
}

func emit(_ bytes: [UInt8]) {
    var at = 0
    bytes.withUnsafeBytes { raw in
        while at < raw.count {
            let n = write(1, raw.baseAddress! + at, raw.count - at)
            if n <= 0 { return }
            at += n
        }
    }
}

func readInput(limit: Int) -> [UInt8]? {
    var data: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        if n < 0, errno == EINTR { continue }
        if n <= 0 { break }
        data += chunk[0..<n]
        if data.count > limit { return nil }
    }
    return data
}

func parts(_ scene: UnsafePointer<aiScene>) -> [MeshWire.Part] {
    var out: [MeshWire.Part] = []
    for m in 0..<scene.pointee.mNumMeshes {
        let mesh = orbit_assimp_mesh(scene, m).pointee
        let count = Int(mesh.mNumVertices)
        guard count > 0, let vertices = mesh.mVertices else { continue }
        var positions: [Float] = []
        positions.reserveCapacity(count * 3)
        var normals: [Float] = []
        for i in 0..<count { positions += [vertices[i].x, vertices[i].y, vertices[i].z] }
        if let n = mesh.mNormals { for i in 0..<count { normals += [n[i].x, n[i].y, n[i].z] } }
        var colors: [Float] = []
        if let c = orbit_assimp_colors(orbit_assimp_mesh(scene, m)) {
            for i in 0..<count { colors += [c[4 * i], c[4 * i + 1], c[4 * i + 2]] }
        }
        var indices: [UInt32] = []
        var kind: UInt32 = 0
        for f in 0..<Int(mesh.mNumFaces) {
            let face = mesh.mFaces[f]
            guard let ix = face.mIndices else { continue }
            switch face.mNumIndices {
            case 1:
                kind = 2
                indices += [ix[0], ix[0], ix[0]]
            case 2:
                kind = 1
                indices += [ix[0], ix[1], ix[1]]
            case 3: indices += [ix[0], ix[1], ix[2]]
            default: continue
            }
        }
        var rgb: [Float] = [0, 0, 0]
        let hasDiffuse = orbit_assimp_diffuse(scene, orbit_assimp_mesh(scene, m), &rgb) != 0
        let name = withUnsafeBytes(of: mesh.mName.data) { raw in
            String(decoding: raw.prefix(Int(mesh.mName.length)), as: UTF8.self)
        }
        out.append(
            MeshWire.Part(
                kind: kind, name: name, positions: positions, normals: normals, colors: colors, indices: indices,
                diffuse: hasDiffuse ? Vec3(rgb[0], rgb[1], rgb[2]) : nil))
    }
    return out
}

limit()
let hint = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : ""
guard let input = readInput(limit: AssetLimits.maxFileBytes) else {
    emit(MeshWire.encode(error: "file larger than the \(AssetLimits.maxFileBytes / 1_048_576) MB limit"))
    exit(1)
}
guard
    let scene = input.withUnsafeBytes({ raw in
        orbit_assimp_import(raw.baseAddress, UInt32(raw.count), hint)
    })
else {
    emit(MeshWire.encode(error: "assimp: " + String(cString: orbit_assimp_error())))
    exit(1)
}
emit(MeshWire.encode(parts(scene)))
orbit_assimp_release(scene)
exit(0)
