import Testing

@testable import Apollonian

/// Browsing: only what a view shows, at any depth, and exactly that.
@Suite(.serialized) struct PackingBrowserTests {
    /// Records as comparable keys (centre and radius to 1e-9).
    static func keys(_ records: [SphereRecord]) -> Set<[Int64]> {
        Set(records.map { r in [r.x, r.y, r.z, r.r].map { Int64(($0 * 1e9).rounded()) } + [Int64(r.level)] })
    }

    /// Every sphere of `kind` with radius >= `minRadius` meeting the ball, from the full
    /// generator (any generation).
    static func reference(_ view: PackingView, kind: PackingKind) throws -> [SphereRecord] {
        try walked(view, kind: kind)
    }

    static func walked(_ view: PackingView, kind: PackingKind) throws -> [SphereRecord] {
        var out: [SphereRecord] = []
        try PackingGenerator.forEachSphere(kind: kind, level: PackingOptions.maxLevel, minRadius: view.minRadius) {
            label, g, _, _ in
            let c = kind.center(label)
            let r = 1 / kind.curvature(label)
            let d = c - view.center
            if (d * d).sum().squareRoot() <= r + view.radius {
                out.append(SphereRecord(x: c.x, y: c.y, z: c.z, r: r, level: g + 1))
            }
        }
        return out
    }

    /// Browsed and reference spheres of a view: counts, and whether the sets agree. (A
    /// synchronous helper: SIMD3<Double> is over-aligned, and test functions are async.)
    static func compare(
        _ x: Double, _ y: Double, _ z: Double, radius: Double, minRadius: Double,
        kind: PackingKind
    ) throws -> (browsed: Int, expected: Int, same: Bool) {
        let view = PackingView(center: SIMD3(x, y, z), radius: radius, minRadius: minRadius)
        let browsed = try PackingBrowser.records(view, kind: kind)
        let expected = try reference(view, kind: kind)
        return (browsed.count, expected.count, keys(browsed) == keys(expected))
    }

    @Test(arguments: [
        (0.0, 0.0, 0.0, 2.0, 0.02),
        // Where two seed spheres touch, and a gap elsewhere.
        (0.0, 0.0, 0.317837245195782, 0.05, 0.006),
        (0.02, 0.3, 0.1, 0.1, 0.008),
    ])
    func aViewGetsExactlyTheSpheresItShows(x: Double, y: Double, z: Double, radius: Double, minRadius: Double) throws {
        let r = try Self.compare(x, y, z, radius: radius, minRadius: minRadius, kind: .standard)
        #expect(r.browsed == r.expected)
        #expect(r.same)
        #expect(r.browsed > 0)
    }
}

extension PackingBrowserTests {
    @Test(arguments: [(0.0, 0.2, 0.3, 0.4, 0.05), (0.0, 0.0, 0.0, 2.0, 0.02), (0.1, -0.2, 0.25, 0.1, 0.004)])
    func soddysPackingIsBrowsedToo(x: Double, y: Double, z: Double, radius: Double, minRadius: Double) throws {
        let r = try Self.compare(x, y, z, radius: radius, minRadius: minRadius, kind: .soddy)
        #expect(r.browsed == r.expected && r.same && r.browsed > 0, "\(r)")
    }

    /// Radii of a view two millionths of the outer radius across, a thousandth from the
    /// point where two seed spheres touch (spheres accumulate there; a thousand
    /// generations deep), down to a fiftieth of the view's radius.
    static func deepRadii() throws -> [Double] {
        let contact = SIMD3<Double>(0, 0, 0.317837245195782)
        return try PackingBrowser.records(
            PackingView(center: contact + SIMD3(0, 0, 1e-3), radius: 1e-6, minRadius: 2e-8)
        ).map(\.r)
    }

    @Test func aDeepViewNearAPointOfContactHoldsSpheresOfManySizes() throws {
        let radii = try Self.deepRadii()
        #expect(radii.count > 1000)
        #expect((radii.max() ?? 0) / (radii.min() ?? 1) > 50)
        #expect(radii.allSatisfy { $0 >= 2e-8 })
    }
}

extension PackingBrowserTests {
    /// Browsed with `wholeWithin` and without, the latter filtered to the spheres lying
    /// wholly within the distance: counts, and whether the sets agree.
    static func compareWithin(
        _ center: SIMD3<Double>, radius: Double, minRadius: Double, within: Double
    ) throws -> (browsed: Int, expected: Int, same: Bool, dropped: Int) {
        let all = try PackingBrowser.records(PackingView(center: center, radius: radius, minRadius: minRadius))
        let kept = try PackingBrowser.records(
            PackingView(center: center, radius: radius, minRadius: minRadius, wholeWithin: within))
        let expected = all.filter { r in
            let d = SIMD3(r.x, r.y, r.z) - center
            return (d * d).sum().squareRoot() + r.r <= within
        }
        return (kept.count, expected.count, keys(kept) == keys(expected), all.count - kept.count)
    }

    @Test(arguments: [1.0, 1e3, 1e6])
    func aFlyThroughKeepsExactlyTheSpheresWhollyWithinItsDistance(zoom: Double) throws {
        let r = try Self.compareWithin(
            PackingBrowser.defaultTarget(), radius: 2.6 / zoom, minRadius: 0.02 / zoom, within: 2.5 / zoom)
        #expect(r.same, "\(r)")
        #expect(r.browsed == r.expected && r.browsed > 50, "\(r)")
        // At zoom 1 the whole packing lies within the distance; deeper, the large spheres
        // near the point looked at are flown through.
        #expect(zoom == 1 ? r.dropped == 0 : r.dropped > 0, "\(r)")
    }
}
