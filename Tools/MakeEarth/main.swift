import Assets
// make-earth: writes Resources/earth.obj and earth.mtl from the project's own sphere mesh.
// Usage: swift run make-earth [RESOURCES_FOLDER]   (default: ./Resources)
import Foundation
import SceneGraph

let folder = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "Resources"
// 64 x 32 segments: a smooth silhouette at 200x60 half-block cells, ~4,000 triangles.
let mesh = Mesh.sphere(radius: 1, longitudes: 64, latitudes: 32)
let material = Material(
    name: "earth", ambient: .white, diffuse: .white,
    specular: Color(linear: SIMD3(repeating: 0.12)), shininess: 24)
let obj = OBJWriter.write(mesh: mesh, materialName: "earth", mtlFile: "earth.mtl")
let mtl = OBJWriter.writeMTL(materials: [material], textureFiles: ["earth": "earth.jpg"])
do {
    try obj.write(toFile: folder + "/earth.obj", atomically: true, encoding: .utf8)
    try mtl.write(toFile: folder + "/earth.mtl", atomically: true, encoding: .utf8)
    print(
        "make-earth: wrote \(folder)/earth.obj (\(mesh.vertexCount) vertices, \(mesh.triangleCount) "
            + "triangles) and earth.mtl"
    )
} catch {
    FileHandle.standardError.write(Data("make-earth: \(error.localizedDescription)\n".utf8))
    exit(1)
}
