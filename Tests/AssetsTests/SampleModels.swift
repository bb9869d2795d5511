import Foundation
import Math3D
import SceneGraph

@testable import Assets

/// The sample models in Resources/models, made by the project's own code: the tests
/// compare the committed files with this output and re-record them with ORBIT_RECORD=1.
enum SampleModels {
    /// Resources/models, found from this file's path.
    static func folder(filePath: String = #filePath) -> String {
        URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Resources/models").path
    }

    /// A torus about the Y axis with texture coordinates.
    /// - Parameters:
    ///   - major: distance from the centre to the tube's centre.
    ///   - minor: the tube's radius.
    ///   - segments: steps around the Y axis.
    ///   - sides: steps around the tube.
    static func torus(major: Float = 0.7, minor: Float = 0.3, segments: Int = 24, sides: Int = 12) -> Mesh? {
        var positions: [Vec3] = []
        var normals: [Vec3] = []
        var uvs: [Vec2] = []
        var indices: [UInt32] = []
        for i in 0...segments {
            let u = Float(i) / Float(segments)
            let a = 2 * Float.pi * u
            for j in 0...sides {
                let v = Float(j) / Float(sides)
                let b = 2 * Float.pi * v
                let ring = Vec3(cos(a), 0, -sin(a))
                let n = ring * cos(b) + Vec3(0, sin(b), 0)
                positions.append(ring * major + n * minor)
                normals.append(n)
                uvs.append(Vec2(u, v))
            }
        }
        let row = UInt32(sides + 1)
        for i in 0..<UInt32(segments) {
            for j in 0..<UInt32(sides) {
                let a = i * row + j
                let b = (i + 1) * row + j
                indices += [a, b, a + 1, a + 1, b, b + 1]
            }
        }
        return try? Mesh(name: "torus", positions: positions, normals: normals, uvs: uvs, indices: indices)
    }

    /// An 8 x 8 checker of two colours, for the textured samples.
    static func checker(_ a: SIMD3<UInt8>, _ b: SIMD3<UInt8>) -> Image? {
        var pixels: [UInt8] = []
        for y in 0..<8 {
            for x in 0..<8 {
                let c = (x + y) % 2 == 0 ? a : b
                pixels += [c.x, c.y, c.z]
            }
        }
        return Image(width: 8, height: 8, pixels: pixels)
    }

    /// Every sample file: name and bytes.
    static func files() throws -> [(String, [UInt8])] {
        guard let torus = torus(), let orange = checker(SIMD3(240, 140, 40), SIMD3(60, 40, 30)),
            let blue = checker(SIMD3(60, 120, 230), SIMD3(230, 230, 240))
        else { return [] }
        let cubeMTL = """
            # Red unit cube, made by hand for Orbit (CC0).
            newmtl red
            Ka 0.2 0.02 0.02
            Kd 0.9 0.1 0.1
            Ks 0.5 0.5 0.5
            Ns 32
            d 1

            """
        let crateMaterial = Material(
            name: "crate", diffuse: .white, specular: Color(linear: Vec3(repeating: 0.1)), shininess: 16)
        let orangePNG = try ImageCodec.encodePNG(orange)
        let bluePNG = try ImageCodec.encodePNG(blue)

        let gltf = GLTFBuilder()
        let m = gltf.addMaterial(
            name: "blue checker", baseColor: [1, 1, 1, 1], png: bluePNG, inBuffer: false, roughness: 0.4)
        GLTFReading.twoNodeCube(gltf, material: m)

        let glb = GLTFBuilder()
        let gm = glb.addMaterial(name: "orange torus", baseColor: [1, 1, 1, 1], png: orangePNG, roughness: 0.3)
        glb.addNode(
            [
                "name": "torus", "mesh": glb.addMesh(torus, material: gm, interleaved: true),
                "rotation": [Float(0.5).squareRoot(), 0, 0, Float(0.5).squareRoot()],
            ], root: true)

        return [
            (
                "cube.obj",
                Array(
                    Fixture.cubeOBJ.replacingOccurrences(
                        of: "# unit cube", with: "# Red unit cube, made by hand for Orbit (CC0)."
                    ).utf8)
            ),
            ("cube.mtl", Array(cubeMTL.utf8)),
            (
                "crate.obj",
                Array(OBJWriter.write(mesh: Mesh.cube(size: 1), materialName: "crate", mtlFile: "crate.mtl").utf8)
            ),
            (
                "crate.mtl",
                Array(OBJWriter.writeMTL(materials: [crateMaterial], textureFiles: ["crate": "crate.png"]).utf8)
            ),
            ("crate.png", orangePNG),
            ("torus.stl", STLFixture.binary(torus, header: "Orbit sample torus (CC0), binary STL")),
            ("towers.dae", Array(ColladaFixture.cube(layout: .twoNodes).utf8)),
            ("boxes.gltf", gltf.json(buffer: .dataURI)),
            ("torus.glb", glb.glb()),
        ]
    }
}
