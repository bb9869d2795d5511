import Foundation
import Math3D
import Raster
import SceneGraph
import Testing

@Suite struct TopLeftFillRule {
    static let size = 64
    static let camera = Camera(position: Vec3(0, 0, 3))

    /// World x (or y) at z = 0 that lands exactly on screen coordinate `s` (pixels).
    static func world(_ s: Double, flip: Bool = false) -> Float {
        let f = 1 / tan(camera.fieldOfView.radians / 2)
        let ndc = s * 2 / Double(size) - 1
        return Float((flip ? -ndc : ndc) * 3 / f)
    }

    /// A screen-space square from pixel centre (10.5, 10.5) to (30.5, 30.5), split along its
    /// diagonal (which runs through pixel centres), as two meshes and as one.
    static func halves() throws -> (Mesh, Mesh, Mesh) {
        let x0 = world(10.5)
        let x1 = world(30.5)
        let yTop = world(10.5, flip: true)
        let yBottom = world(30.5, flip: true)
        let p = [Vec3(x0, yBottom, 0), Vec3(x1, yBottom, 0), Vec3(x1, yTop, 0), Vec3(x0, yTop, 0)]
        let n = [Vec3](repeating: Vec3(0, 0, 1), count: 4)
        return (
            try Mesh(positions: p, normals: n, indices: [0, 1, 2]),
            try Mesh(positions: p, normals: n, indices: [0, 2, 3]),
            try Mesh(positions: p, normals: n, indices: [0, 1, 2, 0, 2, 3])
        )
    }

    func covered(_ mesh: Mesh) -> Set<Int> {
        let scene = TestScenes.scene([Node(mesh: mesh, material: TestScenes.matte(.one))], camera: Self.camera)
        return TestScenes.coveredSet(TestScenes.render(scene, width: Self.size, height: Self.size).0)
    }

    @Test func aTwoTriangleQuadCoversExactlyItsPixelArea() throws {
        let (_, _, quad) = try Self.halves()
        let pixels = covered(quad)
        // Left and top edges are in, right and bottom edges out: columns and rows 10...29.
        var expected = Set<Int>()
        for y in 10..<30 { for x in 10..<30 { expected.insert(y * Self.size + x) } }
        #expect(pixels.symmetricDifference(expected).count == 0, "covered \(pixels.count) px")
    }

    @Test func theSharedDiagonalIsDrawnExactlyOnce() throws {
        let (a, b, quad) = try Self.halves()
        let pa = covered(a)
        let pb = covered(b)
        #expect(pa.isDisjoint(with: pb), "pixels drawn twice: \(pa.intersection(pb).count)")
        #expect(pa.union(pb).symmetricDifference(covered(quad)).count == 0, "gap between the halves")
        #expect(pa.count + pb.count == 400)
        // The diagonal runs through the pixel centres with x + y = 40: each went to one side.
        let onDiagonal = (11...29).map { (40 - $0) * Self.size + $0 }
        #expect(onDiagonal.allSatisfy { pa.contains($0) != pb.contains($0) })
    }

    @Test func aTriangleFanLeavesNoGapsAndNoOverlaps() throws {
        // 24 triangles around a centre: every pixel of the disc belongs to exactly one.
        let count = 24
        var positions = [Vec3.zero]
        for k in 0..<count {
            let a = Double(k) * 2 * .pi / Double(count)
            positions.append(Vec3(Float(cos(a)) * 0.9, Float(sin(a)) * 0.9, 0))
        }
        let normals = [Vec3](repeating: Vec3(0, 0, 1), count: positions.count)
        var union = Set<Int>()
        var total = 0
        var all: [UInt32] = []
        for k in 0..<count {
            let tri: [UInt32] = [0, UInt32(k + 1), UInt32((k + 1) % count + 1)]
            all += tri
            let single = covered(try Mesh(positions: positions, normals: normals, indices: tri))
            #expect(union.intersection(single).count == 0, "triangle \(k) overlaps the ones before it")
            union.formUnion(single)
            total += single.count
        }
        let fan = covered(try Mesh(positions: positions, normals: normals, indices: all))
        #expect(fan.symmetricDifference(union).count == 0)
        #expect(total == fan.count)
        #expect(fan.count > 500)
    }
}
