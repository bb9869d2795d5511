import Testing

@testable import Apollonian

/// A browsed view past its sphere limit coarsens within one walk: the records are exactly
/// those of the same view with the raised minimum radius walked from the start.
@Suite struct PackingBrowserCoarsenTests {
    @Test(arguments: [1e-2, 1e-5])
    func aCoarsenedWalkEqualsTheWalkWithTheRaisedMinimum(_ radius: Double) throws {
        let deep = PackingBrowser.deepTarget()
        let path = deep.steps.map(\.slot)
        let located = PackingBrowser.locate(
            PackingView(center: deep.center, radius: radius, minRadius: 1, path: path), kind: .standard,
            keepingDigits: true)
        let view = PackingView(
            center: located.center, radius: radius, minRadius: radius / 400, path: located.steps.map(\.slot))
        let all = try PackingBrowser.relativeRecords(view)
        let limit = all.count / 5
        let coarse = try PackingBrowser.relativeRecords(view, maxSpheres: limit, coarsens: true)
        #expect(!coarse.isEmpty && coarse.count < limit)
        #expect(throws: PackingError.tooManySpheres(limit: limit)) {
            try PackingBrowser.relativeRecords(view, maxSpheres: limit)
        }
        // The raised minimum: the first doubling that leaves fewer than the limit.
        var minRadius = view.minRadius
        while all.filter({ $0.r >= minRadius }).count >= limit { minRadius *= 2 }
        var raised = view
        raised.minRadius = minRadius
        let expected = try PackingBrowser.relativeRecords(raised)
        #expect(coarse == expected)
    }
}
