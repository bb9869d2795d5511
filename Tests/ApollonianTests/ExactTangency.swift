@testable import Apollonian

/// Exact arithmetic in Z[sqrt 6] for the tangency test: x + y * sqrt(6).
struct Root6: Equatable {
    var x: Int128
    var y: Int128
    static func + (l: Root6, r: Root6) -> Root6 { Root6(x: l.x + r.x, y: l.y + r.y) }
    static func - (l: Root6, r: Root6) -> Root6 { Root6(x: l.x - r.x, y: l.y - r.y) }
    static func * (l: Root6, r: Root6) -> Root6 { Root6(x: l.x * r.x + 6 * l.y * r.y, y: l.x * r.y + l.y * r.x) }
    static func * (l: Root6, n: Int64) -> Root6 { Root6(x: l.x * Int128(n), y: l.y * Int128(n)) }
}

/// Twice the curvature, 2(a + b * kappa) = (2a + 2b) + b * sqrt(6), exactly.
func twiceCurvature(_ l: SphereLabel) -> Root6 { Root6(x: 2 * (Int128(l.a) + Int128(l.b)), y: Int128(l.b)) }

/// True when the spheres touch, decided in integers: with K = 2k and centre P / (sqrt 2 k),
/// |c1 - c2| = |1/k1 + 1/k2| is |K2 P1 - K1 P2|^2 = 2 (K1 + K2)^2.
func exactlyTangent(_ l1: SphereLabel, _ l2: SphereLabel) -> Bool {
    let k1 = twiceCurvature(l1)
    let k2 = twiceCurvature(l2)
    let dx = k2 * l1.p - k1 * l2.p
    let dy = k2 * l1.q - k1 * l2.q
    let dz = k2 * l1.s - k1 * l2.s
    let lhs = dx * dx + dy * dy + dz * dz
    let sum = k1 + k2
    let rhs = sum * sum * 2
    return lhs == rhs
}
