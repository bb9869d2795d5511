import Math3D
import SceneGraph
import Testing

@testable import Assets

/// 3MF as slicers and CAD programs write it: a zip package, objects, colours, build items.
@Suite struct ThreeMFReaderTests {
    /// A tetrahedron's four vertices and four triangles, with colours from a base material
    /// group (object default) and a colour group (one triangle).
    static let model = """
        <?xml version="1.0" encoding="UTF-8"?>
        <model unit="millimeter" xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02"
         xmlns:m="http://schemas.microsoft.com/3dmanufacturing/material/2015/02">
        <resources>
        <basematerials id="1"><base name="red" displaycolor="#FF0000"/><base name="blue" displaycolor="#0000FFFF"/>
        </basematerials>
        <m:colorgroup id="5"><m:color color="#00FF00"/></m:colorgroup>
        <object id="2" type="model" pid="1" pindex="0"><mesh>
        <vertices><vertex x="0" y="0" z="0"/><vertex x="1" y="0" z="0"/><vertex x="0" y="1" z="0"/>
        <vertex x="0" y="0" z="1"/></vertices>
        <triangles><triangle v1="0" v2="2" v3="1"/><triangle v1="0" v2="1" v3="3"/>
        <triangle v1="0" v2="3" v3="2" pid="1" p1="1"/><triangle v1="1" v2="2" v3="3" pid="5" p1="0"/></triangles>
        </mesh></object>
        <object id="3" type="model"><components><component objectid="2" transform="1 0 0 0 1 0 0 0 1 5 0 0"/>
        </components></object>
        </resources>
        <build><item objectid="2" transform="2 0 0 0 2 0 0 0 2 0 0 10"/><item objectid="3"/></build>
        </model>
        """

    static func meshes(_ node: Node) -> [(Mesh, Matrix4)] {
        var out: [(Mesh, Matrix4)] = []
        node.traverse { n, world in if let m = n.content?.mesh { out.append((m, world)) } }
        return out
    }

    @Test(arguments: [true, false])
    func objectsColoursAndBuildTransformsAreRead(deflate: Bool) throws {
        let node = try ModelLoader.load(data: ZipFixture.threeMF(Self.model, deflate: deflate), name: "t.3mf")
        let found = Self.meshes(node)
        #expect(found.count == 2)
        let mesh = try #require(found.first?.0)
        #expect(found[0].0.sharesStorage(with: found[1].0), "one object, one mesh")
        #expect(mesh.triangleCount == 4 && mesh.vertexCount == 12)
        let red = Vec3(1, 0, 0)
        #expect(Array(mesh.colors[0..<6]) == [red, red, red, red, red, red])
        #expect(Array(mesh.colors[6..<9]) == [Vec3(0, 0, 1), Vec3(0, 0, 1), Vec3(0, 0, 1)])
        #expect(Array(mesh.colors[9..<12]) == [Vec3(0, 1, 0), Vec3(0, 1, 0), Vec3(0, 1, 0)])
        // The first face (0 2 1) faces -z: flat normals.
        #expect(Array(mesh.normals[0..<3]) == [Vec3(0, 0, -1), Vec3(0, 0, -1), Vec3(0, 0, -1)])
        // Item 1: scaled by 2 and moved up 10; item 2 through its component: moved 5 along x.
        let corner = Vec3(1, 0, 0)
        #expect(found[0].1.transformPoint(corner) == Vec3(2, 0, 10))
        #expect(found[1].1.transformPoint(corner) == Vec3(6, 0, 0))
    }

    /// The 3MF file of Debian's assimp-testmodels (a box written by the 3MF consortium's
    /// library, deflated).
    @Test func assimpTestModelBoxLoads() throws {
        let bytes = try ModelLoaderTestFiles.bytes("/usr/share/assimp/models/3MF/box.3mf")
        let node = try ModelLoader.load(data: bytes, name: "box.3mf")
        #expect(node.triangleCount == 12)
    }

    @Test func hostilePackagesAreRefusedInOneLine() throws {
        let model = Array(Self.model.utf8)
        let cycle = Self.model.replacingOccurrences(
            of: "objectid=\"2\" transform=\"1", with: "objectid=\"3\" transform=\"1")
        let cases: [(String, [UInt8], String)] = [
            ("not a zip", Array("hello".utf8), "not a zip archive"),
            ("no model part", ZipFixture(entries: [.init(name: "a.txt", data: [1])]).bytes, "no model part"),
            (
                "bomb",
                ZipFixture(entries: [.init(name: "3D/3dmodel.model", data: model, declaredSize: 1 << 30)]).bytes,
                "larger than"
            ),
            (
                "inflates past",
                ZipFixture(entries: [
                    .init(
                        name: "3D/3dmodel.model", data: model, deflate: true,
                        declaredSize: 100)
                ]).bytes, "inflates past"
            ),
            ("truncated", Array(ZipFixture.threeMF(Self.model).dropLast(30)), "not a zip archive"),
            ("cycle", ZipFixture.threeMF(cycle), "nest more than"),
            (
                "bad index",
                ZipFixture.threeMF(Self.model.replacingOccurrences(of: "v3=\"3\" pid", with: "v3=\"9\" pid")),
                "not a vertex index"
            ),
            (
                "undefined object",
                ZipFixture.threeMF(
                    Self.model.replacingOccurrences(
                        of: "<item objectid=\"3\"/>",
                        with: "<item objectid=\"7\"/>")), "not defined"
            ),
            (
                "bad transform",
                ZipFixture.threeMF(Self.model.replacingOccurrences(of: "0 0 0 2 0 0 10", with: "0 0 x")),
                "not 12 numbers"
            ),
        ]
        for (what, bytes, expect) in cases {
            let error = #expect(throws: AssetError.self, "\(what)") { try ModelLoader.load(data: bytes, name: "h.3mf") }
            let text = error?.description ?? ""
            #expect(text.hasPrefix("h.3mf: "), "\(what): \(text)")
            #expect(text.contains(expect), "\(what): \(text)")
            #expect(!text.contains("\n"), "\(what)")
        }
    }
}
