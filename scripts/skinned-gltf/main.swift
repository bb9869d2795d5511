// Writes the skinned benchmark model (two joints, animations `bend` and `sway`):
//   swiftc -O -o /tmp/skinned-gltf Tests/OrbitTestSupport/SkinnedGLTF.swift scripts/skinned-gltf/main.swift
//   /tmp/skinned-gltf RINGS SEGMENTS OUT.gltf     (2 x RINGS x SEGMENTS triangles)
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 4, let rings = Int(arguments[1]), let segments = Int(arguments[2]), rings > 0,
    segments > 2
else {
    FileHandle.standardError.write(Data("usage: skinned-gltf RINGS SEGMENTS OUT.gltf\n".utf8))
    exit(2)
}
do {
    try SkinnedGLTF.write(to: arguments[3], rings: rings, segments: segments)
} catch {
    FileHandle.standardError.write(Data("skinned-gltf: \(arguments[3]): \(error)\n".utf8))
    exit(1)
}
