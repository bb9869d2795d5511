import Foundation
import Math3D
import Raster
import SceneGraph
import Testing

/// Mesh groups of lines and points: drawn as thin quads facing the camera and lit.
@Suite struct Strokes {
    static let white = TestScenes.matte(Vec3(1, 1, 1))

    /// A mesh of one group of `kind` over `positions`, elements from `triples`.
    static func mesh(_ positions: [Vec3], _ triples: [UInt32], kind: Mesh.Group.Kind) throws -> Mesh {
        try Mesh(
            positions: positions, indices: triples, groups: [Mesh.Group(triangles: 0..<(triples.count / 3), kind: kind)]
        )
    }

    /// Covered pixels of each column.
    static func columnCounts(_ fb: Framebuffer) -> [Int] {
        (0..<fb.width).map { x in (0..<fb.height).filter { fb.coverage[fb.index(x: x, y: $0)] != 0 }.count }
    }

    @Test func aHorizontalLineIsOnePixelThickAndLit() throws {
        let line = try Self.mesh([Vec3(-1, 0.01, 0), Vec3(1, 0.01, 0)], [0, 1, 1], kind: .lines)
        let (fb, stats) = TestScenes.render(
            TestScenes.scene([Node(mesh: line, material: Self.white)]), width: 60, height: 60)
        #expect(stats.trianglesDrawn == 1 && stats.trianglesCulled == 0)
        let counts = Self.columnCounts(fb)
        // The line spans x = -1...1 at z = 0, about 49 of the 60 columns at the default camera.
        let covered = counts.filter { $0 > 0 }
        #expect(covered.count >= 47 && covered.count <= 51)
        #expect(covered.allSatisfy { $0 == 1 })
        // Its normal faces the viewer, so a light from behind the camera lights it fully.
        for i in fb.coverage.indices where fb.coverage[i] != 0 {
            #expect(fb.color[i].x > 0.95 && fb.normal[i].z > 0.99)
            #expect(abs(fb.depth[i] - 3) < 1e-3)
        }
    }

    @Test(arguments: [1, 3])
    func aSteepLineLeavesNoGapInAnyRow(threads: Int) throws {
        let line = try Self.mesh([Vec3(-0.3, -1, 0), Vec3(0.2, 1, 0)], [0, 1, 1], kind: .lines)
        let (fb, _) = TestScenes.render(
            TestScenes.scene([Node(mesh: line, material: Self.white)]), width: 60, height: 60, threads: threads)
        let rows = (0..<fb.height).map { y in (0..<fb.width).filter { fb.coverage[fb.index(x: $0, y: y)] != 0 }.count }
        let first = try #require(rows.firstIndex { $0 > 0 })
        let last = try #require(rows.lastIndex { $0 > 0 })
        #expect(last - first >= 46)
        #expect(rows[first...last].allSatisfy { $0 >= 1 && $0 <= 2 })
    }

    @Test func pointsAreSmallSquares() throws {
        let points = try Self.mesh([Vec3(-0.5, 0, 0), Vec3(0.5, 0.3, 0)], [0, 0, 0, 1, 1, 1], kind: .points)
        let (fb, stats) = TestScenes.render(
            TestScenes.scene([Node(mesh: points, material: Self.white)]), width: 60, height: 60)
        #expect(stats.trianglesDrawn == 2)
        #expect(fb.coveredCount == 8)
    }

    @Test func aLineCrossingTheNearPlaneIsClippedAndOneBehindTheCameraIsNot() throws {
        // From in front of the camera (z = 0) to behind it (z = 10).
        let crossing = try Self.mesh([Vec3(0.2, 0.2, 0), Vec3(0.2, 0.2, 10)], [0, 1, 1], kind: .lines)
        let (fb, stats) = TestScenes.render(
            TestScenes.scene([Node(mesh: crossing, material: Self.white)]), width: 60, height: 60)
        #expect(stats.trianglesDrawn == 1 && fb.coveredCount > 10)
        let behind = try Self.mesh([Vec3(0, 0, 5), Vec3(1, 0, 8)], [0, 1, 1], kind: .lines)
        let (none, s2) = TestScenes.render(
            TestScenes.scene([Node(mesh: behind, material: Self.white)]), width: 60, height: 60)
        #expect(none.coveredCount == 0 && s2.trianglesCulled == 1)
    }

    @Test func linesBeforeTrianglesInOneMeshLeaveTheTrianglesWhole() throws {
        // Group 0 is a line, group 1 a quad: the quad's vertices are still transformed.
        let quad = Mesh.plane(size: 1)
        let positions = quad.positions + [Vec3(-1, -0.8, 0), Vec3(1, -0.8, 0)]
        let n = UInt32(quad.vertexCount)
        let mesh = try Mesh(
            positions: positions, indices: [n, n + 1, n + 1] + quad.indices,
            groups: [Mesh.Group(triangles: 0..<1, kind: .lines), Mesh.Group(triangles: 1..<(1 + quad.triangleCount))])
        let (fb, stats) = TestScenes.render(
            TestScenes.scene([Node(mesh: mesh, material: Self.white)]), width: 60, height: 60)
        let (alone, _) = TestScenes.render(
            TestScenes.scene([Node(mesh: quad, material: Self.white)]), width: 60, height: 60)
        #expect(stats.trianglesDrawn == 1 + quad.triangleCount)
        #expect(
            fb.coveredCount > alone.coveredCount && TestScenes.coveredSet(alone).isSubset(of: TestScenes.coveredSet(fb))
        )
    }
}
