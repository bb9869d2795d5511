/// How many spheres have a radius of at least `2^-exponent` outer radii.
public struct RadiusCount: Hashable, Sendable {
    /// p in `radius >= 2^-p`.
    public var exponent: Int
    /// Spheres with a radius of at least `2^-exponent` (all generations).
    public var count: Int

    /// The line CLI.md specifies: `radius >= 2^-p count N`.
    public var line: String { "radius >= 2^-\(exponent) count \(count)" }
}
