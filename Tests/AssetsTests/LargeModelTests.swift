import Foundation
import SceneGraph
import Testing

@testable import Assets

/// Larger inputs: the readers keep every triangle, and the time taken is printed (not
/// asserted) so `swift test -c release --filter AssetsTests.LargeModels` measures it.
@Suite struct LargeModels {
    static func milliseconds(_ start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
    }

    @Test func a131kTriangleOBJSphereReadsEveryTriangle() throws {
        let sphere = Mesh.sphere(radius: 1, longitudes: 512, latitudes: 129)
        let text = Array(OBJWriter.write(mesh: sphere).utf8)
        let start = DispatchTime.now()
        let mesh = try #require(Fixture.onlyMesh(try ModelLoader.load(data: text, name: "big.obj")))
        let ms = Self.milliseconds(start)
        #expect(mesh.triangleCount == sphere.triangleCount)
        print(
            "LargeModels: OBJ \(text.count) bytes, \(mesh.triangleCount) triangles read in "
                + "\(String(format: "%.1f", ms)) ms"
        )
    }

    @Test func a131kTriangleBinarySTLReadsEveryTriangle() throws {
        let sphere = Mesh.sphere(radius: 1, longitudes: 512, latitudes: 129)
        let bytes = STLFixture.binary(sphere)
        let start = DispatchTime.now()
        let mesh = try #require(Fixture.onlyMesh(try ModelLoader.load(data: bytes, name: "big.stl")))
        let ms = Self.milliseconds(start)
        #expect(mesh.triangleCount == sphere.triangleCount)
        print(
            "LargeModels: binary STL \(bytes.count) bytes, \(mesh.triangleCount) triangles read in "
                + "\(String(format: "%.1f", ms)) ms"
        )
    }

    @Test func a131kTriangleGLBReadsEveryTriangle() throws {
        let sphere = Mesh.sphere(radius: 1, longitudes: 512, latitudes: 129)
        let b = GLTFBuilder()
        b.addNode(["mesh": b.addMesh(sphere, material: nil)], root: true)
        let glb = b.glb()
        let start = DispatchTime.now()
        let mesh = try #require(Fixture.onlyMesh(try ModelLoader.load(data: glb, name: "big.glb")))
        let ms = Self.milliseconds(start)
        #expect(mesh.triangleCount == sphere.triangleCount)
        #expect(mesh.vertexCount == sphere.vertexCount)
        print(
            "LargeModels: GLB \(glb.count) bytes, \(mesh.triangleCount) triangles read in "
                + "\(String(format: "%.1f", ms)) ms"
        )
    }

    /// A COLLADA document of `mesh`: positions and normals share the VERTEX index.
    static func collada(_ mesh: Mesh) -> String {
        let p = mesh.positions.map { "\($0.x) \($0.y) \($0.z)" }.joined(separator: " ")
        let n = mesh.normals.map { "\($0.x) \($0.y) \($0.z)" }.joined(separator: " ")
        let i = mesh.indices.map(String.init).joined(separator: " ")
        return """
            <?xml version="1.0" encoding="utf-8"?>
            <COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
            <library_geometries><geometry id="g"><mesh>
            <source id="p"><float_array id="pa" count="\(mesh.vertexCount * 3)">\(p)</float_array>
            <technique_common><accessor source="#pa" count="\(mesh.vertexCount)" stride="3"/></technique_common>
            </source>
            <source id="n"><float_array id="na" count="\(mesh.vertexCount * 3)">\(n)</float_array>
            <technique_common><accessor source="#na" count="\(mesh.vertexCount)" stride="3"/></technique_common>
            </source>
            <vertices id="v"><input semantic="POSITION" source="#p"/><input semantic="NORMAL" source="#n"/></vertices>
            <triangles count="\(mesh.triangleCount)"><input semantic="VERTEX" source="#v" offset="0"/>
            <p>\(i)</p></triangles>
            </mesh></geometry></library_geometries>
            <library_visual_scenes><visual_scene id="s"><node><instance_geometry url="#g"/></node></visual_scene>
            </library_visual_scenes>
            </COLLADA>
            """
    }

    @Test func a131kTriangleColladaSphereReadsEveryTriangle() throws {
        let sphere = Mesh.sphere(radius: 1, longitudes: 512, latitudes: 129)
        let text = Array(Self.collada(sphere).utf8)
        let start = DispatchTime.now()
        let mesh = try #require(Fixture.onlyMesh(try ModelLoader.load(data: text, name: "big.dae")))
        let ms = Self.milliseconds(start)
        #expect(mesh.triangleCount == sphere.triangleCount)
        print(
            "LargeModels: COLLADA \(text.count) bytes, \(mesh.triangleCount) triangles read in "
                + "\(String(format: "%.1f", ms)) ms"
        )
    }

    @Test func theEarthLoadsWithUVsAndItsTexture() throws {
        let path = SampleModels.folder() + "/../earth.obj"
        let start = DispatchTime.now()
        let model = try ModelLoader.load(path: path)
        let ms = Self.milliseconds(start)
        let mesh = try #require(Fixture.onlyMesh(model))
        #expect(mesh.hasUVs)
        let texture = try #require(mesh.groups.first?.material?.texture)
        #expect(texture.width == 2 * texture.height)
        print(
            "LargeModels: earth.obj (\(mesh.triangleCount) triangles) with its "
                + "\(texture.width)x\(texture.height) JPEG read in \(String(format: "%.1f", ms)) ms"
        )
    }

    @Test func a1024x512JPEGDecodesToItsSize() throws {
        let image = try #require(Fixture.gradient(width: 1024, height: 512))
        let jpeg = try ImageCodec.encodeJPEG(image, quality: 85)
        let start = DispatchTime.now()
        let back = try ImageCodec.decode(data: jpeg, name: "big.jpg")
        let ms = Self.milliseconds(start)
        #expect(back.width == 1024 && back.height == 512)
        print("LargeModels: JPEG 1024x512 (\(jpeg.count) bytes) decoded in \(String(format: "%.1f", ms)) ms")
    }
}
