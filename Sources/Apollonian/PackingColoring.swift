/// What decides a sphere's colour.
public enum PackingColoring: Hashable, Sendable {
    /// Its generation (the service's level `L`), as the original viewers did. Default.
    case generation
    /// Its curvature modulo `q` (see `SphereCurvature.residue`), q >= 2.
    case curvature(modulus: Int)
    /// Its clan (0 the central sphere's subtree, 1...4 seed sphere c and the subtree of
    /// the sphere replacing it).
    case clan

    /// Parses `generation`, `clan`, or `modQ` (`mod3`, Q = 2...36).
    public init?(_ name: String) {
        switch name {
        case "generation": self = .generation
        case "clan": self = .clan
        default:
            guard name.hasPrefix("mod"), let q = Int(name.dropFirst(3)), (2...36).contains(q) else { return nil }
            self = .curvature(modulus: q)
        }
    }

    /// The names `init?(_:)` reads, for help and errors.
    public static let names = ["generation", "clan", "modQ (Q = 2...36)"]

    /// The class of `record` (0-based, an index into the palette), or nil when the record
    /// does not carry what this colouring needs (a clan or curvature read from JSON):
    /// such records fall back to their level.
    public func classIndex(_ record: SphereRecord) -> Int? {
        switch self {
        case .generation: return record.level - 1
        case .clan: return record.clan >= 0 ? record.clan : nil
        case .curvature(let q): return record.curvature?.residue(q)
        }
    }

    /// The legend's name of class `index`, e.g. `L 3`, `clan 2`, `k = 1 mod 3`, or
    /// `k = 1 + 2 kappa mod 3` in the standard packing (k = a + b kappa).
    public func className(_ index: Int, integral: Bool) -> String {
        switch self {
        case .generation: return "L \(index + 1)"
        case .clan: return "clan \(index)"
        case .curvature(let q):
            if integral { return "k = \(index) mod \(q)" }
            return "k = \(index % q) + \(index / q) kappa mod \(q)"
        }
    }
}
