import Testing

@testable import Apollonian

/// Browsing at any depth: the spheres a view finds at zoom 10^3 to 10^30 about the
/// default target are tangent, not overlapping, in units of the view, and the quintuples
/// the walk holds there satisfy Soddy's relation.
@Suite struct PackingBrowserDepthTests {
    /// The view at `zoom` about the default target, held deep: records in view units
    /// (relative to the view's centre, times the zoom), and the quintuple of the frame
    /// holding it (curvatures in its frame).
    static func view(zoom: Double) throws -> (records: [SphereRecord], curvatures: [Double]) {
        let deep = PackingBrowser.deepTarget()
        let located = PackingBrowser.locate(
            PackingView(center: deep.center, radius: 2.5 / zoom, minRadius: 1, path: deep.steps.map(\.slot)))
        let path = located.steps.map(\.slot)
        let records = try PackingBrowser.relativeRecords(
            PackingView(
                center: located.center, radius: 2.6 / zoom, minRadius: 0.05 / zoom, wholeWithin: 2.5 / zoom,
                path: path))
        let node = BrowseChain.cached(kind: .standard, path: path).nodes.last!
        let scaled = records.map {
            SphereRecord(x: $0.x * zoom, y: $0.y * zoom, z: $0.z * zoom, r: $0.r * zoom, level: $0.level)
        }
        return (scaled, (0..<5).map { node.spheres[$0].k })
    }

    /// Pairs that overlap by more than relative 1e-9, and the share of spheres with a
    /// neighbour in view tangent to relative 1e-9.
    static func contacts(_ r: [SphereRecord]) -> (overlaps: Int, tangentShare: Double) {
        var overlaps = 0
        var touching = Set<Int>()
        for i in r.indices {
            for j in r.indices where j > i {
                let d = length(r[i].center - r[j].center)
                let sum = r[i].r + r[j].r
                let error = (d - sum) / sum
                if error < -1e-9 { overlaps += 1 }
                if abs(error) < 1e-9 {
                    touching.insert(i)
                    touching.insert(j)
                }
            }
        }
        return (overlaps, r.isEmpty ? 0 : Double(touching.count) / Double(r.count))
    }

    @Test(arguments: [1e3, 1e9, 1e15, 1e30])
    func spheresAtDepthAreTangentAndTheQuintuplesSatisfySoddysRelation(zoom: Double) throws {
        let (records, k) = try Self.view(zoom: zoom)
        #expect(records.count > 100, "\(records.count) spheres")
        // Sizes near 1 in view units at every depth.
        #expect(records.allSatisfy { $0.r >= 0.05 && length($0.center) <= 2.6 + $0.r })
        let c = Self.contacts(records)
        #expect(c.overlaps == 0, "\(c)")
        #expect(c.tangentShare > 0.8, "\(c)")
        let sum = k.reduce(0, +)
        let squares = k.map { $0 * $0 }.reduce(0, +)
        #expect(abs(sum * sum - 3 * squares) <= 1e-9 * sum * sum, "\(k)")
    }
}
