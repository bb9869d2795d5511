import Foundation
import Math3D
import Raster
import SceneGraph
import Testing

@testable import Assets

/// Models read from every format, rendered headless: the front face shows the file's colours.
@Suite struct HeadlessRendering {
    static let size = 64

    /// Renders `model` (the unit cube from 0 to 1) seen head-on from +Z, lit from the camera.
    static func render(_ model: Node) -> Framebuffer {
        let scene = Scene(
            root: model, camera: Camera(position: Vec3(0.5, 0.5, 4), target: Vec3(0.5, 0.5, 0.5)),
            light: DirectionalLight(direction: Vec3(0, 0, -1)))
        var framebuffer = Framebuffer(width: size, height: size)
        Rasterizer().render(scene, into: &framebuffer, pixelAspect: 1)
        return framebuffer
    }

    static func pixel(_ f: Framebuffer, _ x: Int, _ y: Int) -> Vec3 { f.color[f.index(x: x, y: y)] }

    /// The face covers the middle of the picture, not the corners.
    static func expectFaceCovered(_ f: Framebuffer) {
        #expect(f.coverage[f.index(x: size / 2, y: size / 2)] == 255)
        #expect(f.coverage[f.index(x: 1, y: 1)] == 0)
    }

    @Test func objCubeShowsItsRedMaterial() throws {
        let dir = TestFolder()
        dir.write("cube.mtl", "newmtl red\nKd 1 0 0\n")
        let f = Self.render(try ModelLoader.load(path: dir.write("cube.obj", Fixture.cubeOBJ)))
        Self.expectFaceCovered(f)
        let c = Self.pixel(f, Self.size / 2, Self.size / 2)
        #expect(c.x > 0.8 && c.y < 0.05 && c.z < 0.05, "\(c)")
    }

    @Test func objTexturedCubeShowsTheCheckerInItsFourQuadrants() throws {
        let dir = TestFolder()
        dir.write("checker.png", try ImageCodec.encodePNG(try #require(Fixture.checker())))
        dir.write("cube.mtl", "newmtl red\nKd 1 1 1\nmap_Kd checker.png\n")
        let f = Self.render(try ModelLoader.load(path: dir.write("cube.obj", Fixture.cubeOBJ)))
        let m = Self.size / 2
        let d = 6
        // Top-left red, top-right green, bottom-left blue, bottom-right white (v up).
        let tl = Self.pixel(f, m - d, m - d)
        let tr = Self.pixel(f, m + d, m - d)
        let bl = Self.pixel(f, m - d, m + d)
        let br = Self.pixel(f, m + d, m + d)
        #expect(tl.x > 0.6 && tl.y < 0.3 && tl.z < 0.3, "top-left \(tl)")
        #expect(tr.y > 0.6 && tr.x < 0.3 && tr.z < 0.3, "top-right \(tr)")
        #expect(bl.z > 0.6 && bl.x < 0.3 && bl.y < 0.3, "bottom-left \(bl)")
        #expect(br.min() > 0.6, "bottom-right \(br)")
    }

    @Test func stlCubeShowsTheDefaultGrey() throws {
        let cube = GLTFReading.unitCube
        let f = Self.render(try ModelLoader.load(data: STLFixture.binary(cube), name: "cube.stl"))
        Self.expectFaceCovered(f)
        let c = Self.pixel(f, Self.size / 2, Self.size / 2)
        #expect(abs(c.x - c.y) < 1e-4 && abs(c.y - c.z) < 1e-4 && c.x > 0.5, "\(c)")
    }

    @Test func gltfCubeShowsItsBaseColour() throws {
        let b = GLTFBuilder()
        let m = b.addMaterial(name: "violet", baseColor: [0.5, 0.25, 1, 1])
        b.addNode(["mesh": b.addMesh(GLTFReading.unitCube, material: m)], root: true)
        let f = Self.render(try ModelLoader.load(data: b.glb(), name: "cube.glb"))
        Self.expectFaceCovered(f)
        let c = Self.pixel(f, Self.size / 2, Self.size / 2)
        // Rough (no highlight): the colour keeps the base colour's proportions.
        #expect(abs(c.x / c.z - 0.5) < 0.02 && abs(c.y / c.z - 0.25) < 0.02, "\(c)")
    }

    @Test func colladaTexturedCubeShowsTheCheckerThroughItsSampler() throws {
        let dir = TestFolder()
        dir.write("checker.png", try ImageCodec.encodePNG(try #require(Fixture.checker())))
        let f = Self.render(
            try ModelLoader.load(path: dir.write("cube.dae", ColladaFixture.cube(texture: "checker.png"))))
        let m = Self.size / 2
        let d = 6
        let tl = Self.pixel(f, m - d, m - d)
        let br = Self.pixel(f, m + d, m + d)
        // Red plus the white Phong highlight on the left; white on the right.
        #expect(tl.x > tl.y + 0.3 && tl.x > tl.z + 0.3, "top-left \(tl)")
        #expect(br.min() > 0.6, "bottom-right \(br)")
    }
}
