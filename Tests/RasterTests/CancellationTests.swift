import Foundation
import Math3D
import Raster
import SceneGraph
import Synchronization
import Testing

/// `Rasterizer.shouldCancel`: a frame stops soon after it says so, says it stopped, and the
/// rasterizer draws the next frame as if the cancelled one had never begun.
@Suite struct Cancellation {
    /// Counts the questions and answers true from question `from` on.
    final class Asker: Sendable {
        let asked = Atomic(0)
        let from: Int

        init(from: Int) { self.from = from }

        var check: @Sendable () -> Bool {
            { self.asked.add(1, ordering: .relaxed).newValue >= self.from }
        }
        var count: Int { asked.load(ordering: .relaxed) }
    }

    /// Renders `scene` on `threads` threads into a `width` x `height` framebuffer, asked to
    /// stop from the `from`-th question on.
    static func stopped(
        _ scene: Scene, threads: Int = 1, from: Int, width: Int = 64, height: Int = 48
    ) -> (stats: RenderStats, asker: Asker, fb: Framebuffer) {
        let rasterizer = Rasterizer(threads: threads)
        let asker = Asker(from: from)
        rasterizer.shouldCancel = asker.check
        var fb = Framebuffer(width: width, height: height)
        let stats = rasterizer.render(scene, into: &fb, pixelAspect: 1)
        return (stats, asker, fb)
    }

    /// `quads` overlapping squares, each its own node, that fill the view: every one
    /// covers most of the picture.
    static func stack(quads: Int) -> Scene {
        let mesh = Mesh.plane(size: 3)
        let material = Material(diffuseHex: "80C0FF", specularHex: "000000", shininess: 0)
        let nodes = (0..<quads).map { k in
            Node(
                mesh: mesh, material: material,
                transform: Transform(position: Vec3(0, 0, Float(k) / Float(quads))))
        }
        return Scene(root: Node(children: nodes), camera: Camera(position: Vec3(0, 0, 4)))
    }

    @Test func aCancelledWalkStopsAfterAFewHundredNodes() {
        let (stats, asker, _) = Self.stopped(SphereOverdrawBudget.flood(count: 20000, spread: 0.3), from: 1)
        #expect(stats.cancelled)
        // Asked once, at the 256th node: the other 19,744 spheres were never set up.
        #expect(asker.count == 1)
        #expect(stats.spheresDrawn + stats.spheresCulled < 256, "\(stats)")
    }

    @Test(arguments: [1, 3])
    func aCancelledBandStopsWithinAFewTriangles(threads: Int) {
        // Fewer than 256 nodes: the walk never asks; the frame is stopped while drawing.
        let (stats, asker, _) = Self.stopped(Self.stack(quads: 200), threads: threads, from: 2, width: 120, height: 80)
        #expect(stats.cancelled)
        #expect(stats.trianglesDrawn == 400, "every triangle was set up before the bands began")
        // Drawn to the end, the bands would ask once per 8 triangles: 50 times or more.
        // Stopped, each thread stops at its next check without asking again.
        #expect(asker.count == 2, "asked \(asker.count) times")
    }

    /// One node holding one group of 159,048 triangles (a 282 x 282 grid of squares, 80,089
    /// vertices, gently curved so that it is no sphere impostor) that fills the view.
    static let bigGrid: Scene = {
        let n = 283
        var positions: [Vec3] = []
        for j in 0..<n {
            for i in 0..<n {
                let x = Float(i) / Float(n - 1) * 3 - 1.5
                let y = Float(j) / Float(n - 1) * 3 - 1.5
                positions.append(Vec3(x, y, 0.1 * (x * x + y * y)))
            }
        }
        var indices: [UInt32] = []
        for j in 0..<(n - 1) {
            for i in 0..<(n - 1) {
                let a = UInt32(j * n + i)
                let b = a + UInt32(n)
                indices += [a, a + 1, b + 1, a, b + 1, b]
            }
        }
        let material = Material(diffuseHex: "80C0FF", specularHex: "000000", shininess: 0)
        let mesh = (try? Mesh(positions: positions, indices: indices)) ?? .plane()
        return Scene(root: Node(mesh: mesh, material: material), camera: Camera(position: Vec3(0, 0, 3)))
    }()

    @Test(arguments: [1, 3])
    func oneHugeGroupOfTrianglesGivesWayDuringItsSetUp(threads: Int) {
        // One node and one group: neither the walk (every 256 nodes) nor the step between
        // groups ever asks, so only the vertex transform and the triangle set-up can.
        let scene = Self.bigGrid
        let total = scene.root.triangleCount
        #expect(total == 159_048)
        let (stats, asker, fb) = Self.stopped(scene, threads: threads, from: 1, width: 96, height: 64)
        #expect(stats.cancelled)
        // Asked first among the vertices: not one triangle was set up, drawn or culled.
        #expect(stats.trianglesDrawn + stats.trianglesCulled == 0, "\(stats)")
        #expect(asker.count <= threads, "asked \(asker.count) times")
        #expect(fb.coverage.allSatisfy { $0 == 0 }, "nothing was drawn")
    }

    @Test func aCancelledSortIsLeftBeforeTheBands() {
        let (stats, asker, _) = Self.stopped(SphereOverdrawBudget.flood(count: 200, spread: 0.3), from: 1)
        #expect(stats.cancelled)
        #expect(stats.spheresDrawn == 200)
        #expect(asker.count == 1)
    }

    @Test(arguments: [1, 4])
    func theFrameAfterACancelledOneIsTheFrameOfAFreshRasterizer(threads: Int) {
        let spheres = SphereOverdrawBudget.flood(count: 3000, spread: 0.3)
        let quads = Self.stack(quads: 40)
        let big = Self.bigGrid
        for (scene, from) in [(spheres, 1), (spheres, 3), (quads, 2), (quads, 9), (big, 1), (big, 4)] {
            let rasterizer = Rasterizer(threads: threads)
            var fb = Framebuffer(width: 96, height: 64)
            rasterizer.shouldCancel = Asker(from: from).check
            #expect(rasterizer.render(scene, into: &fb, pixelAspect: 1).cancelled)
            rasterizer.shouldCancel = nil
            let again = rasterizer.render(scene, into: &fb, pixelAspect: 1)
            var fresh = Framebuffer(width: 96, height: 64)
            let expected = Rasterizer(threads: threads).render(scene, into: &fresh, pixelAspect: 1)
            #expect(!again.cancelled)
            #expect(again == expected)
            #expect(fb.color == fresh.color)
            #expect(fb.depth == fresh.depth)
            #expect(fb.normal == fresh.normal)
            #expect(fb.coverage == fresh.coverage)
        }
    }

    @Test(arguments: [1, 4])
    func aQuestionAnsweredNoChangesNothing(threads: Int) {
        for scene in [SphereOverdrawBudget.flood(count: 3000, spread: 0.3), Self.stack(quads: 300), Self.bigGrid] {
            let asked = Rasterizer(threads: threads)
            let asker = Asker(from: .max)
            asked.shouldCancel = asker.check
            var a = Framebuffer(width: 96, height: 64)
            let statsA = asked.render(scene, into: &a, pixelAspect: 1)
            var b = Framebuffer(width: 96, height: 64)
            let statsB = Rasterizer(threads: threads).render(scene, into: &b, pixelAspect: 1)
            #expect(asker.count > 10)
            #expect(statsA == statsB)
            #expect(!statsA.cancelled)
            #expect(a.color == b.color)
            #expect(a.depth == b.depth)
        }
    }
}
