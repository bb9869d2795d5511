import Foundation
import Math3D
import SceneGraph
import Testing

@testable import Assets

/// PLY as scanners and Meshlab write it: three encodings, colours, faces or points.
@Suite struct PLYReaderTests {
    static func mesh(_ bytes: [UInt8], name: String = "model.ply") throws -> Mesh {
        let node = try ModelLoader.load(data: bytes, name: name)
        var meshes: [Mesh] = []
        node.traverse { n, _ in if let m = n.content?.mesh { meshes.append(m) } }
        #expect(meshes.count == 1)
        return try #require(meshes.first)
    }

    @Test(arguments: PLYFixture.Encoding.allCases)
    func everyEncodingReadsTheColouredQuadAsTwoTriangles(_ encoding: PLYFixture.Encoding) throws {
        let mesh = try Self.mesh(PLYFixture.square.bytes(encoding))
        #expect(mesh.positions == [Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(1, 1, 0), Vec3(0, 1, 0)])
        #expect(mesh.indices == [0, 1, 2, 0, 2, 3])
        #expect(mesh.groups.map(\.kind) == [.triangles])
        #expect(mesh.colors == [Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, 1), Vec3(1, 1, 1)])
        // Faces wound counter-clockwise seen from +z: smooth normals point at +z.
        #expect(mesh.normals.allSatisfy { abs($0.z - 1) < 1e-5 })
    }

    @Test func sRGBColoursBecomeLinearLight() throws {
        var f = PLYFixture.square
        f.colors[0] = (128, 128, 128)
        let mesh = try Self.mesh(f.bytes(.ascii))
        #expect(abs(mesh.colors[0].x - SRGB.toLinear[128]) < 1e-6)
        #expect(abs(mesh.colors[0].x - 0.2158605) < 1e-4)
    }

    @Test(arguments: PLYFixture.Encoding.allCases)
    func aFileWithoutFacesIsAPointCloud(_ encoding: PLYFixture.Encoding) throws {
        let cloud = PLYFixture(positions: [(0, 0, 0), (1, 2, 3), (-1, 5, 2)])
        let mesh = try Self.mesh(cloud.bytes(encoding))
        #expect(mesh.vertexCount == 3)
        #expect(mesh.indices == [0, 0, 0, 1, 1, 1, 2, 2, 2])
        #expect(mesh.groups.map(\.kind) == [.points])
    }

    @Test func floatColoursAndCRLFHeadersAreRead() throws {
        let text =
            "ply\r\nformat ascii 1.0\r\nelement vertex 3\r\nproperty double x\r\nproperty double y\r\n"
            + "property double z\r\nproperty float red\r\nproperty float green\r\nproperty float blue\r\n"
            + "element face 1\r\nproperty list uint8 uint32 vertex_index\r\nend_header\r\n"
            + "0 0 0 1 0 0\r\n1 0 0 1 0 0\r\n0 1 0 1 0 0\r\n3 0 1 2\r\n"
        let mesh = try Self.mesh(Array(text.utf8))
        #expect(mesh.triangleCount == 1)
        #expect(mesh.colors == [Vec3(1, 0, 0), Vec3(1, 0, 0), Vec3(1, 0, 0)])
    }

    /// The PLY files of Debian's assimp-testmodels: cubes (ASCII, binary, with UVs and
    /// float colours), a point cloud, a Blender 2.47 export; a truncated scan and a file
    /// whose records lack a declared list are refused.
    @Test func assimpTestModelsLoad() throws {
        let folder = "/usr/share/assimp/models/PLY/"
        let expected: [(String, Int, Mesh.Group.Kind)] = [
            ("cube.ply", 12, .triangles), ("cube_binary.ply", 12, .triangles), ("cube_uv.ply", 12, .triangles),
            ("float-color.ply", 1, .triangles), ("points.ply", 4, .points), ("Wuson.ply", 0, .triangles),

        ]
        for (file, triangles, kind) in expected {
            let mesh = try Self.mesh(try ModelLoaderTestFiles.bytes(folder + file), name: file)
            if triangles > 0 { #expect(mesh.triangleCount == triangles, "\(file)") }
            #expect(mesh.groups.first?.kind == kind, "\(file)")
        }
        // Refused: a scan whose binary records stop 69 bytes short of the 70,051 its header
        // declares; a file declaring a list in each vertex record that its records lack.
        let refused = [
            ("pond.0.ply", "element 'vertex' declares 70051 records, more than the 2171512 bytes after the header"),
            ("issue623.ply", "vertex_indices list of 7.941797 entries"),
        ]
        for (file, message) in refused {
            let error = #expect(throws: AssetError.self) {
                try ModelLoader.load(data: try ModelLoaderTestFiles.bytes(folder + file), name: file)
            }
            #expect(error?.description.hasPrefix("\(file): \(message)") == true, "\(String(describing: error))")
        }
    }

    @Test func hostileFilesAreRefusedInOneLine() throws {
        let square = PLYFixture.square.bytes(.littleEndian)
        let headerEnd = square.count - (4 * 15) - 1 - 16 - 13
        let ascii = PLYFixture.square.bytes(.ascii)
        var badIndex = PLYFixture.square
        badIndex.faces = [[0, 1, 2, 9]]
        var negative = PLYFixture.square
        negative.faces = [[0, 1, -2]]
        let cases: [(String, [UInt8], String)] = [
            ("binary index out of range", badIndex.bytes(.bigEndian), "face vertex index 9 out of range"),
            ("negative binary index", negative.bytes(.littleEndian), "face vertex index -2 out of range"),
            ("truncated", Array(square.dropLast(3)), "truncated"),
            ("header only", Array(square.prefix(headerEnd)), "can hold"),
            ("not ply", Array("plyx\nformat ascii 1.0\nend_header\n".utf8), "not a PLY file"),
            ("no end", Array("ply\nformat ascii 1.0\n".utf8), "end_header"),
            (
                "bad type", Array("ply\nformat ascii 1.0\nelement vertex 1\nproperty float128 x\nend_header\n".utf8),
                "property needs"
            ),
            (
                "huge count",
                Array(
                    "ply\nformat binary_little_endian 1.0\nelement vertex 4000000000\nproperty float x\nend_header\n"
                        .utf8),
                "can hold"
            ),
            (
                "index out of range",
                Array(
                    String(decoding: ascii, as: UTF8.self).replacingOccurrences(
                        of: "4 0 1 2 3", with: "4 0 1 2 9"
                    ).utf8), "out of range"
            ),
            (
                "not a number",
                Array(
                    String(decoding: ascii, as: UTF8.self).replacingOccurrences(
                        of: "4 0 1 2 3", with: "4 0 1 2 x"
                    ).utf8), "not a finite number"
            ),
            (
                "no xyz", Array("ply\nformat ascii 1.0\nelement vertex 1\nproperty float x\nend_header\n1\n".utf8),
                "no x, y and z"
            ),
            (
                "no vertices", Array("ply\nformat ascii 1.0\nelement vertex 0\nproperty float x\nend_header\n".utf8),
                "no x"
            ),
        ]
        for (what, bytes, expect) in cases {
            let error = #expect(throws: AssetError.self, "\(what)") { try ModelLoader.load(data: bytes, name: "h.ply") }
            let text = error?.description ?? ""
            #expect(text.hasPrefix("h.ply: "), "\(what): \(text)")
            #expect(text.contains(expect), "\(what): \(text)")
            #expect(!text.contains("\n"), "\(what)")
        }
    }
}

/// Reads a test file from a Debian package.
enum ModelLoaderTestFiles {
    static func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }
}
