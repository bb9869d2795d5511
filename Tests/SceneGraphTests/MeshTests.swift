import Foundation
import Math3D
import Testing

@testable import SceneGraph

@Suite struct MeshShapes {
    @Test func sphereVerticesLieOnTheRadiusWithOutwardNormals() {
        let m = Mesh.sphere(radius: 2, longitudes: 24, latitudes: 12)
        for (p, n) in zip(m.positions, m.normals) {
            #expect(abs(length(p) - 2) < 1e-5)
            #expect(n.isApproximatelyEqual(to: p / 2, tolerance: 1e-5))
        }
        #expect(m.primitive == .sphere(radius: 2))
    }

    @Test func sphereTrianglesFaceOutwards() {
        let m = Mesh.sphere(longitudes: 16, latitudes: 8)
        let p = m.positions
        let idx = m.indices
        for t in 0..<m.triangleCount {
            let a = p[Int(idx[3 * t])]
            let b = p[Int(idx[3 * t + 1])]
            let c = p[Int(idx[3 * t + 2])]
            let n = cross(b - a, c - a)
            #expect(dot(n, (a + b + c) / 3) > 0, "triangle \(t) faces inwards")
        }
    }

    @Test func sphereTriangleCountSkipsDegeneratePoles() {
        // Two triangles per quad except one at each pole row.
        let m = Mesh.sphere(longitudes: 10, latitudes: 6)
        #expect(m.triangleCount == 10 * 6 * 2 - 2 * 10)
    }

    @Test func greenwichFacesPlusZAndNorthIsUp() throws {
        let m = Mesh.sphere(longitudes: 36, latitudes: 18)
        // The vertex with u = 0.5 on the equator (v = 0.5) is at +Z.
        let i = try #require(m.uvs.firstIndex { abs($0.x - 0.5) < 1e-6 && abs($0.y - 0.5) < 1e-6 })
        #expect(m.positions[i].isApproximatelyEqual(to: Vec3(0, 0, 1), tolerance: 1e-5))
        // u = 0.75 (longitude +90, east) is at +X; v = 1 is the north pole.
        let east = try #require(m.uvs.firstIndex { abs($0.x - 0.75) < 1e-6 && abs($0.y - 0.5) < 1e-6 })
        #expect(m.positions[east].isApproximatelyEqual(to: Vec3(1, 0, 0), tolerance: 1e-5))
        let north = try #require(m.uvs.firstIndex { $0.y == 1 })
        #expect(m.positions[north].isApproximatelyEqual(to: Vec3(0, 1, 0), tolerance: 1e-5))
    }

    @Test func cubeHasTwelveOutwardTrianglesAndUnitBounds() {
        let m = Mesh.cube(size: 2)
        #expect(m.triangleCount == 12)
        #expect(m.bounds == Mesh.Bounds(min: Vec3(-1, -1, -1), max: Vec3(1, 1, 1)))
        for t in 0..<12 {
            let i = m.indices[(3 * t)...].prefix(3).map { Int($0) }
            let n = cross(m.positions[i[1]] - m.positions[i[0]], m.positions[i[2]] - m.positions[i[0]])
            #expect(dot(normalize(n), m.normals[i[0]]) > 0.999)
        }
    }

    @Test func copiesShareStorage() {
        let a = Mesh.sphere()
        let b = a
        #expect(a.sharesStorage(with: b))
        #expect(!a.sharesStorage(with: Mesh.sphere()))
    }

    @Test func equalityComparesContents() throws {
        let cube = Mesh.cube()
        let rebuilt = try Mesh(
            name: cube.name, positions: cube.positions, normals: cube.normals, uvs: cube.uvs,
            indices: cube.indices, groups: cube.groups)
        #expect(!rebuilt.sharesStorage(with: cube))
        #expect(rebuilt == cube, "the same contents in other storage")
        #expect(rebuilt.hashValue == cube.hashValue)
        var moved = cube.positions
        moved[0].x += 0.5
        let other = try Mesh(
            name: cube.name, positions: moved, normals: cube.normals, uvs: cube.uvs, indices: cube.indices)
        #expect(other != cube, "one vertex differs")
        let renamed = try Mesh(
            name: "box", positions: cube.positions, normals: cube.normals, uvs: cube.uvs, indices: cube.indices)
        #expect(renamed != cube, "the name differs")
        #expect(cube.withMaterial(Material(name: "red")) != cube, "the groups differ")
        let copy = cube
        #expect(copy == cube)
    }

    @Test func normalizedFitsTheLargestEdgeAndCentres() {
        let m = Mesh.cube(size: 1).transformed(center: Vec3(-5, 0, 0), factor: 3).normalized(to: 2)
        #expect(m.bounds.center.isApproximatelyEqual(to: .zero, tolerance: 1e-5))
        #expect(abs(m.bounds.size.max() - 2) < 1e-5)
    }

    @Test func validationRejectsBadIndicesAndNonFiniteValues() {
        #expect(throws: Mesh.ValidationError.self) {
            try Mesh(positions: [.zero, Vec3(1, 0, 0), Vec3(0, 1, 0)], indices: [0, 1, 3])
        }
        #expect(throws: Mesh.ValidationError.self) {
            try Mesh(positions: [.zero, Vec3(.nan, 0, 0), Vec3(0, 1, 0)], indices: [0, 1, 2])
        }
        #expect(throws: Mesh.ValidationError.self) {
            try Mesh(positions: [.zero, Vec3(1, 0, 0), Vec3(0, 1, 0)], indices: [0, 1])
        }
    }

    @Test func missingNormalsAreComputedSmooth() throws {
        let m = try Mesh(positions: [.zero, Vec3(1, 0, 0), Vec3(0, 1, 0)], indices: [0, 1, 2])
        for n in m.normals { #expect(n.isApproximatelyEqual(to: Vec3(0, 0, 1))) }
    }
}

@Suite struct ColorsAndMaterials {
    @Test func hexColoursDecodeFromSRGB() throws {
        let red = try #require(Color(hex: "FF0000"))
        #expect(red.rgb == Vec3(1, 0, 0))
        let grey = try #require(Color(hex: "#808080"))
        // sRGB 128 is about 0.2158 linear.
        #expect(abs(grey.rgb.x - 0.2158605) < 1e-4)
        #expect(grey.hex == "808080")
        #expect(Color(hex: "F00")?.rgb == Vec3(1, 0, 0))
        #expect(Color(hex: "nothex") == nil)
        #expect(Color(hex: "12345") == nil)
    }

    @Test func srgbRoundTripsEveryCode() {
        for code in 0..<256 {
            let c = Color(srgb8: UInt8(code), UInt8(code), UInt8(code))
            #expect(c.srgb8.x == UInt8(code))
        }
    }

    @Test func materialFromHexStrings() {
        let m = Material(name: "m", diffuseHex: "FF0000", specularHex: "C0C0C0", shininess: 0.7)
        #expect(m.diffuse.rgb == Vec3(1, 0, 0))
        #expect(m.ambient == m.diffuse)
        #expect(abs(m.specularExponent - 89.6) < 1e-3)
    }

    @Test func textureSamplesTexelCentresExactlyAndWrapsHorizontally() throws {
        // 2x1 image: left black, right white (sRGB), so linear 0 and 1.
        let img = try #require(Image(width: 2, height: 1, pixels: [0, 0, 0, 255, 255, 255]))
        let t = Texture(image: img)
        #expect(t.sample(u: 0.25, v: 0.5) == Vec3(0, 0, 0))
        #expect(t.sample(u: 0.75, v: 0.5) == Vec3(1, 1, 1))
        // Halfway between the right texel and the wrapped-around left texel.
        #expect(t.sample(u: 1.0, v: 0.5).isApproximatelyEqual(to: Vec3(repeating: 0.5), tolerance: 1e-5))
        #expect(t.sample(u: 0.5, v: 0.5).isApproximatelyEqual(to: Vec3(repeating: 0.5), tolerance: 1e-5))
    }

    @Test func imageRejectsInconsistentSizes() {
        #expect(Image(width: 2, height: 2, pixels: [0, 0, 0]) == nil)
        #expect(Image(width: 0, height: 2, pixels: []) == nil)
    }
}

@Suite struct SceneGraphTraversal {
    @Test func drawListComposesParentAndChildTransforms() throws {
        var parent = Node(name: "parent", transform: Transform(position: Vec3(1, 0, 0), scale: Vec3(2, 2, 2)))
        parent.add(Node(name: "child", mesh: .cube(), transform: Transform(position: Vec3(0, 1, 0))))
        var scene = Scene()
        scene.root.add(parent)
        let items = scene.drawList()
        #expect(items.count == 1)
        let world = try #require(items.first).world
        #expect(world.transformPoint(.zero).isApproximatelyEqual(to: Vec3(1, 2, 0), tolerance: 1e-6))
    }

    @Test func hiddenNodesAreLeftOut() {
        var scene = Scene()
        scene.root.add(Node(name: "a", mesh: .cube()))
        var hidden = Node(name: "b", mesh: .cube())
        hidden.isHidden = true
        scene.root.add(hidden)
        #expect(scene.drawList().count == 1)
        #expect(scene.triangleCount == 12)
        #expect(scene.root.removeChildren(named: "a") == 1)
        #expect(scene.drawList().isEmpty)
    }

    @Test func thousandsOfInstancesShareOneMesh() {
        let mesh = Mesh.sphere(longitudes: 9, latitudes: 9)
        var container = Node(name: "container")
        for i in 0..<2000 {
            container.add(Node(name: "s\(i)", mesh: mesh, transform: Transform(position: Vec3(Float(i), 0, 0))))
        }
        let items = Scene(root: container).drawList()
        #expect(items.count == 2000)
        #expect(items.allSatisfy { $0.mesh.sharesStorage(with: mesh) })
    }

    @Test func eulerDegreesSetAndReadBack() {
        var n = Node()
        n.eulerDegrees = SIMD3(10, 20, 30)
        let e = n.eulerDegrees
        #expect(abs(e.x - 10) < 1e-3 && abs(e.y - 20) < 1e-3 && abs(e.z - 30) < 1e-3)
    }

    @Test func cameraMovesAlongItsLineOfSight() {
        let c = Camera(position: Vec3(0, 0, 4)).atDistance(2)
        #expect(c.position == Vec3(0, 0, 2))
        #expect(c.distance == 2)
    }

    @Test func lightDirectionIsTheWayLightTravels() {
        let l = DirectionalLight(direction: Vec3(0, -2, 0))
        #expect(l.towardsLight == Vec3(0, 1, 0))
    }
}

@Suite struct TextureSamplingSafety {
    @Test(arguments: [Float.nan, .infinity, -.infinity, 1e30, -4e6])
    func hostileCoordinatesReadAsZeroInsteadOfTrapping(_ x: Float) throws {
        let img = try #require(Image(width: 2, height: 2, pixels: [0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 255, 0]))
        let t = Texture(image: img)
        #expect(t.sample(u: x, v: 0.5) == t.sample(u: 0, v: 0.5))
        #expect(t.sample(u: 0.25, v: x) == t.sample(u: 0.25, v: 0))
    }

}
