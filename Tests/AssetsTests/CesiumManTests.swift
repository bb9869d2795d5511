import Foundation
import Math3D
import SceneGraph
import Testing

@testable import Assets

/// Cesium Man walking (Fixtures/CesiumMan, SOURCE.md): the original COLLADA file, with
/// its skin controller and 19-joint walk, and the glTF 2.0 binary assimp writes from it
/// (TRS channels, JOINTS_0/WEIGHTS_0, inverse bind matrices). Two readers and two
/// skinning inputs must pose the same figure at every time.
@Suite struct CesiumMan {
    static let folder =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/CesiumMan").path + "/"

    static func load(_ file: String) throws -> Node {
        var warnings: [AssetError] = []
        let root = try ModelLoader.load(path: folder + file, warnings: &warnings)
        #expect(warnings.isEmpty, "\(file): \(warnings)")
        return root
    }

    /// For each point of `a`, the distance to the nearest point of `b`, or infinity when
    /// none is within `cell` (a grid of `cell`-sized cells searched with its neighbours).
    static func nearest(_ a: [Vec3], in b: [Vec3], cell size: Float) -> [Float] {
        func cell(_ p: Vec3) -> SIMD3<Int32> { SIMD3<Int32>((p / size).rounded(.down)) }
        var grid: [SIMD3<Int32>: [Vec3]] = [:]
        for p in b { grid[cell(p), default: []].append(p) }
        return a.map { p in
            let c = cell(p)
            var best = Float.infinity
            for dx: Int32 in -1...1 {
                for dy: Int32 in -1...1 {
                    for dz: Int32 in -1...1 {
                        for q in grid[c &+ SIMD3(dx, dy, dz)] ?? [] { best = min(best, length(p - q)) }
                    }
                }
            }
            return best <= size ? best : .infinity
        }
    }

    static func bounds(_ p: [Vec3]) -> (lo: Vec3, hi: Vec3) {
        (
            p.reduce(Vec3(repeating: .infinity)) { pointwiseMin($0, $1) },
            p.reduce(Vec3(repeating: -.infinity)) { pointwiseMax($0, $1) }
        )
    }

    @Test func bothReadersPoseTheSameWalkAtEveryTime() throws {
        let dae = try Self.load("Cesium_Man.dae")
        let glb = try Self.load("CesiumMan.glb")
        #expect(dae.rig?.animations.first?.duration == 2 && glb.rig?.animations.first?.duration == 2)
        for t in [0, 0.3, 0.7, 1.1, 1.6, 1.95] {
            let a = try ColladaSkinTests.drawn(dae, seconds: t)
            let b = try ColladaSkinTests.drawn(glb, seconds: t)
            // The COLLADA reader keeps up to 8 influences a vertex, the glTF file 4 (the 177
            // of 2,338 vertices with 5 to 8 joints move by up to 2 cm); every other vertex
            // is where the other reader puts it, to half a millimetre on a 1.5 m figure
            // whose arms swing tens of centimetres.
            let ab = Self.nearest(a, in: b, cell: 0.025)
            let ba = Self.nearest(b, in: a, cell: 0.025)
            let exact = ba.filter { $0 <= 0.0005 }.count
            #expect(Double(exact) >= 0.9 * Double(b.count), "t = \(t): \(exact) of \(b.count) within 0.5 mm")
            #expect(
                ab.allSatisfy(\.isFinite) && ba.allSatisfy(\.isFinite), "t = \(t): a vertex 2.5 cm from the other pose")
        }
    }

    @Test func heWalksUprightOnTheGround() throws {
        let root = try Self.load("CesiumMan.glb")
        var widths: [Float] = []
        var shapes: [[Vec3]] = []
        for step in 0...20 {
            let p = try ColladaSkinTests.drawn(root, seconds: Double(step) * 0.1)
            let (lo, hi) = Self.bounds(p)
            // Upright (Y up, 1.44 to 1.52 m tall) with his feet on the floor.
            #expect(hi.y - lo.y > 1.4 && hi.y - lo.y < 1.6, "\(step): \(lo) \(hi)")
            #expect(abs(lo.y) < 0.05, "\(step): feet at \(lo.y)")
            #expect(hi.z - lo.z < 0.6, "\(step): \(lo) \(hi)")
            widths.append(hi.x - lo.x)
            shapes.append(p)
        }
        // The stride opens and closes: legs together near 0.25 s, apart at 1 s.
        #expect((widths.min() ?? 0) < 0.55 && (widths.max() ?? 0) > 0.9, "\(widths)")
        // The walk is a loop: 2 s is 0 s again, 1 s is not.
        let loop = zip(shapes[0], shapes[20]).map { length($0 - $1) }.max() ?? .infinity
        let half = zip(shapes[0], shapes[10]).map { length($0 - $1) }.max() ?? 0
        #expect(loop < 0.01 && half > 0.1, "loop \(loop), half \(half)")
    }
}
