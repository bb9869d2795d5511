/// What to generate: depth, size cut-off, scale, and which spheres to keep.
///
/// Levels follow the original web service: level N holds generations 0 through N, and
/// each record's `L` is its generation + 1. So level 1 is the four largest inner spheres
/// (L = 1) plus the five of generation 1 (L = 2), nine in all, as the service sent.
public struct PackingOptions: Hashable, Sendable {
    /// Deepest generation kept (the service's level). 0...`maxLevel`. Default 7.
    public var level: Int
    /// Spheres smaller than `minRadius * radius` are dropped with all their descendants.
    /// A fraction of the outer radius, 0 (no cut-off) ..< 1. Default 0.01, as the service.
    public var minRadius: Double
    /// Outer (container) radius; scales every centre and radius. > 0, finite. Default 1.
    public var radius: Double
    /// Keep only spheres that reach the shell, `|centre| + r > 0.99 * radius` (what the
    /// original viewers drew; the others are hidden). Default false.
    public var edgeOnly: Bool
    /// Stop with `PackingError.tooManySpheres` past this many spheres (kept ones, before
    /// the edge filter). Default 50,000,000 (about 2 GB of records).
    public var maxSpheres: Int
    /// Which packing: the service's (default) or Soddy's integral one.
    public var kind: PackingKind

    /// The deepest level the generator accepts (the service refused levels above 10).
    public static let maxLevel = 40

    /// Options; see each property for its default.
    public init(
        level: Int = 7, minRadius: Double = 0.01, radius: Double = 1, edgeOnly: Bool = false,
        maxSpheres: Int = 50_000_000,
        kind: PackingKind = .standard
    ) {
        self.level = level
        self.minRadius = minRadius
        self.radius = radius
        self.edgeOnly = edgeOnly
        self.maxSpheres = maxSpheres
        self.kind = kind
    }

    /// Throws `PackingError.invalidOption` naming the first option out of range.
    public func validate() throws {
        guard (0...Self.maxLevel).contains(level) else {
            throw PackingError.invalidOption("level", "\(level) is outside 0...\(Self.maxLevel)")
        }
        guard minRadius.isFinite, minRadius >= 0, minRadius < 1 else {
            throw PackingError.invalidOption(
                "min-radius", "\(minRadius) is outside 0..<1 (a fraction of the outer radius)")
        }
        guard radius.isFinite, radius > 0, radius <= 1e12 else {
            throw PackingError.invalidOption("radius", "\(radius) is not a positive finite number up to 1e12")
        }
        guard maxSpheres > 0 else {
            throw PackingError.invalidOption("max-spheres", "\(maxSpheres) is not positive")
        }
    }
}
