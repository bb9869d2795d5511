import Testing

@testable import Apollonian

/// The browse walk split across threads (the quintuples below a quarter of the reach
/// dealt out) finds exactly the spheres of one walk, at any depth.
@Suite struct PackingBrowserSplitTests {
    static func records(zoom: Double, threads: Int, coarsens: Bool = false) throws -> [SphereRecord] {
        let deep = PackingBrowser.deepTarget()
        let located = PackingBrowser.locate(
            PackingView(center: deep.center, radius: 2.5 / zoom, minRadius: 1, path: deep.steps.map(\.slot)))
        return try PackingBrowser.relativeRecords(
            PackingView(
                center: located.center, radius: 2.6 / zoom, minRadius: 0.02 / zoom, wholeWithin: 2.5 / zoom,
                path: located.steps.map(\.slot)),
            kind: .standard, maxSpheres: coarsens ? 2000 : 2_000_000, clans: true, coarsens: coarsens,
            isCancelled: nil, progress: nil, threads: threads)
    }

    /// Records as comparable keys (centres to 1e-12 view units).
    static func keys(_ r: [SphereRecord], zoom: Double) -> [String] {
        r.map { s in
            let c = [s.x, s.y, s.z].map { Int(($0 * zoom * 1e12).rounded()) }
            return "\(c) \(s.level) \(s.clan)"
        }.sorted()
    }

    @Test(arguments: [1.0, 1e3, 1e15, 1e30])
    func twoWalksFindTheSpheresOfOne(zoom: Double) throws {
        let one = try Self.records(zoom: zoom, threads: 1)
        let two = try Self.records(zoom: zoom, threads: 2)
        #expect(one.count > 100, "\(one.count) spheres")
        #expect(Self.keys(one, zoom: zoom) == Self.keys(two, zoom: zoom))
    }

    @Test func splitWalksCoarsenToTheSameMinimumAsOne() throws {
        let one = try Self.records(zoom: 1e9, threads: 1, coarsens: true)
        let two = try Self.records(zoom: 1e9, threads: 2, coarsens: true)
        #expect(one.count <= 2000 && two.count <= 2000)
        #expect(one.map(\.r).min() ?? 0 > 0.02 / 1e9, "coarsened")
        #expect(Self.keys(one, zoom: 1e9) == Self.keys(two, zoom: 1e9))
    }
}
