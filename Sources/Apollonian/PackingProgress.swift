/// How far generation has come, reported to a progress callback.
public struct PackingProgress: Hashable, Sendable {
    /// Spheres made so far (before the edge filter).
    public var spheres: Int
    /// The total that will be made, when known in advance (see `PackingCounts.expected`).
    public var expected: Int?

    /// A progress report.
    public init(spheres: Int, expected: Int?) {
        self.spheres = spheres
        self.expected = expected
    }

    /// Done so far as 0...1, when the total is known.
    public var fraction: Double? {
        guard let e = expected, e > 0 else { return nil }
        return min(1, Double(spheres) / Double(e))
    }
}
