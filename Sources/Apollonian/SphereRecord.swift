/// One sphere of a packing as the Apollonian web service sent it: centre, radius and level;
/// generated records also know their clan and exact curvature.
///
/// Units are those of the outer sphere (radius `PackingOptions.radius`, centred at the
/// origin, never itself a record). `level` is the service's `L`: generation + 1, so the
/// four largest inner spheres have level 1.
public struct SphereRecord: Hashable, Sendable {
    /// Centre, x coordinate.
    public var x: Double
    /// Centre, y coordinate.
    public var y: Double
    /// Centre, z coordinate.
    public var z: Double
    /// Radius, > 0.
    public var r: Double
    /// The service's `L`: generation + 1 (1 for the four largest inner spheres).
    public var level: Int
    /// The clan (0 the central sphere's subtree, 1...4 seed sphere c and the subtree of
    /// the sphere replacing it); -1 when unknown (records read from JSON).
    public var clan: Int
    /// The exact curvature (unit container), when generated; nil for records read from
    /// JSON, except an integer `K` field, which is kept.
    public var curvature: SphereCurvature?

    /// A record from its centre, radius and level (`L`, generation + 1), optionally its
    /// clan (default -1, unknown) and exact curvature (default nil).
    public init(
        x: Double, y: Double, z: Double, r: Double, level: Int, clan: Int = -1, curvature: SphereCurvature? = nil
    ) {
        self.x = x
        self.y = y
        self.z = z
        self.r = r
        self.level = level
        self.clan = clan
        self.curvature = curvature
    }

    /// The centre as a vector.
    public var center: SIMD3<Double> { SIMD3(x, y, z) }

    /// The generation that made the sphere: `level - 1`.
    public var generation: Int { level - 1 }

    /// True when the sphere reaches the outer shell, as the original viewers drew them:
    /// `|centre| + r > fraction * outerRadius` (fraction default 0.99).
    public func touchesShell(outerRadius: Double, fraction: Double = 0.99) -> Bool {
        (x * x + y * y + z * z).squareRoot() + r > fraction * outerRadius
    }
}

extension SphereRecord {
    /// The radius of the sphere about the origin that holds `records`: the largest
    /// |centre| + r (a web service never sends the outer sphere itself); nil for no records
    /// or a value that is not a positive finite number.
    public static func enclosingRadius(of records: [SphereRecord]) -> Double? {
        guard let r = records.map({ ($0.center * $0.center).sum().squareRoot() + $0.r }).max(), r.isFinite, r > 0
        else { return nil }
        return r
    }
}
