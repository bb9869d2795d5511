import Foundation
import Math3D
import Raster
import SceneGraph
import Testing

/// The sphere overdraw budget (`Rasterizer.sphereOverdrawLimit`): a frame's sphere work is
/// bounded by the screen, not by the number of spheres, and the picture stays the same for
/// every thread count.
@Suite struct SphereOverdrawBudget {
    /// `count` spheres of radius 0.9 around the origin, centres within `spread`, in two
    /// alternating materials: every one covers most of the view.
    static func flood(count: Int, spread: Float) -> Scene {
        let mesh = Mesh.sphere(radius: 1, longitudes: 9, latitudes: 9)
        let materials = [
            Material(diffuseHex: "FF8040", specularHex: "C0C0C0", shininess: 0.7),
            Material(diffuseHex: "40A0FF", specularHex: "C0C0C0", shininess: 0.7),
        ]
        var nodes: [Node] = []
        nodes.reserveCapacity(count)
        for k in 0..<count {
            let a = Float(k) * 2.399
            let d = spread * Float(k % 97) / 97
            nodes.append(
                Node(
                    mesh: mesh, material: materials[k % 2],
                    transform: Transform(
                        position: Vec3(cos(a) * d, sin(a) * d, Float(k % 13) / 13 * spread),
                        scale: Vec3(repeating: 0.9))))
        }
        return Scene(root: Node(children: nodes), camera: Camera(position: Vec3(0, 0, 4)))
    }

    static func render(_ scene: Scene, width: Int, height: Int, threads: Int, limit: Int) -> Framebuffer {
        let rasterizer = Rasterizer(threads: threads)
        rasterizer.sphereOverdrawLimit = limit
        var fb = Framebuffer(width: width, height: height)
        rasterizer.render(scene, into: &fb, pixelAspect: 1)
        return fb
    }

    @Test func identicalSpheresPastTheBudgetDrawTheFrameOfOne() {
        let many = Self.flood(count: 3000, spread: 0)
        let one = Self.flood(count: 1, spread: 0)
        let budgeted = Self.render(many, width: 64, height: 48, threads: 1, limit: 4)
        let single = Self.render(one, width: 64, height: 48, threads: 1, limit: 4)
        #expect(single.coveredCount > 64 * 48 / 8)
        #expect(budgeted.color == single.color)
        #expect(budgeted.depth == single.depth)
    }

    @Test(arguments: [2, 3, 7])
    func aUsedUpBudgetGivesTheSamePictureOnEveryThreadCount(threads: Int) {
        let scene = Self.flood(count: 2000, spread: 0.3)
        for (w, h) in [(120, 80), (81, 37)] {
            let serial = Self.render(scene, width: w, height: h, threads: 1, limit: 3)
            let parallel = Self.render(scene, width: w, height: h, threads: threads, limit: 3)
            #expect(serial.color == parallel.color)
            #expect(serial.depth == parallel.depth)
            #expect(serial.normal == parallel.normal)
        }
    }

    @Test func theBudgetLeavesOutOnlyTheFarthestSpheres() {
        // With a budget of one layer, the nearest sphere is whole; spheres past it are cut.
        let scene = Self.flood(count: 400, spread: 0.3)
        let unlimited = Self.render(scene, width: 96, height: 64, threads: 1, limit: .max)
        let tight = Self.render(scene, width: 96, height: 64, threads: 1, limit: 1)
        #expect(tight.coveredCount > 0)
        #expect(tight.color != unlimited.color)
        // Whatever a tight budget draws is never nearer than the full picture.
        for i in 0..<unlimited.depth.count where tight.depth[i].isFinite {
            #expect(tight.depth[i] >= unlimited.depth[i])
        }
    }

    @Test func theDefaultBudgetDoesNotChangeASceneOfSeparateSpheres() throws {
        let scene = try ParallelBands.busyScene()
        let budgeted = Self.render(scene, width: 200, height: 120, threads: 1, limit: Rasterizer().sphereOverdrawLimit)
        let unlimited = Self.render(scene, width: 200, height: 120, threads: 1, limit: .max)
        #expect(budgeted.color == unlimited.color)
        #expect(budgeted.depth == unlimited.depth)
    }
}
