import Foundation

/// Counts of one generation of a packing, for `orbit apollonian stats`.
public struct GenerationStats: Hashable, Sendable {
    /// The generation (the service's L - 1).
    public var generation: Int
    /// Spheres first made in this generation.
    public var new: Int
    /// Spheres of generations 0 through this one.
    public var total: Int
    /// Spheres of generations 0 through this one with `|centre| + r > 0.99 * radius`.
    public var edge: Int
    /// Smallest radius among this generation's new spheres (outer-radius units), or nil.
    public var minRadius: Double?
    /// Largest radius among this generation's new spheres, or nil.
    public var maxRadius: Double?

    /// The line CLI.md specifies:
    /// `generation G new N total T edge E min_radius r max_radius r` (radii to 6
    /// significant digits, `-` for a generation with no spheres).
    public var line: String {
        func f(_ v: Double?) -> String { v.map { String(format: "%.6g", $0) } ?? "-" }
        return
            "generation \(generation) new \(new) total \(total) edge \(edge) min_radius "
            + "\(f(minRadius)) max_radius \(f(maxRadius))"
    }
}
