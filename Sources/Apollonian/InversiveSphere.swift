/// A sphere in augmented curvature-centre coordinates, in some frame: `k` the signed
/// curvature (1/r, negative for the container), `kc` curvature times centre, and `bar`
/// the co-curvature `k |c|^2 - 1/k` (the curvature of the sphere's image under inversion in
/// the frame's unit sphere).
///
/// Both the packing's moves (`new = sum of the other four - old`) and changes of frame
/// (`x -> (x - origin) / scale`) act linearly on these five numbers, and in the frame of a
/// gap (origin its centre, unit its radius) every sphere around it, however large, has
/// all five of order 1: a plane-like sphere has small `k` and `kc` near a unit normal,
/// and `bar` near twice its distance from the origin. So nothing in them depends on how
/// deep the gap lies.
struct InversiveSphere: Hashable, Sendable {
    /// Co-curvature, `k |c|^2 - 1/k`.
    var bar: Double
    /// Signed curvature, in inverse frame units.
    var k: Double
    /// Curvature times centre.
    var kc: SIMD3<Double>

    init(bar: Double, k: Double, kc: SIMD3<Double>) {
        self.bar = bar
        self.k = k
        self.kc = kc
    }

    /// The sphere `label` of packing `kind`, in outer radii (the container the unit ball).
    init(_ label: SphereLabel, kind: PackingKind) {
        k = kind.curvature(label)
        kc = SIMD3(Double(label.p), Double(label.q), Double(label.s)) * kind.axisScale
        bar = ((kc * kc).sum() - 1) / k
    }

    /// Centre, in frame units.
    var center: SIMD3<Double> { kc / k }
    /// Radius, in frame units (negative for the container).
    var radius: Double { 1 / k }

    /// The same sphere in the frame whose origin is `origin` and whose unit is `scale`
    /// units of this one.
    func inFrame(origin o: SIMD3<Double>, scale s: Double) -> InversiveSphere {
        InversiveSphere(
            bar: (bar - 2 * (kc * o).sum() + k * (o * o).sum()) / s, k: k * s, kc: kc - k * o)
    }

    /// How far the sphere's surface is from `p` (negative inside), in frame units, for a
    /// sphere (k > 0): `|c - p| - r`; for spheres far larger than the frame, from the
    /// power of `p`, which stays exact where the centre is far off.
    func gap(to p: SIMD3<Double>) -> Double {
        // Spheres up to a thousand units across: directly (the centre is exact enough).
        if k > 1e-3 { return length(center - p) - 1 / k }
        let power = (bar - 2 * (kc * p).sum() + k * (p * p).sum()) / k  // |c - p|^2 - r^2
        let d = length(center - p)
        let r = 1 / k
        return power / (d + r)
    }

    static func + (l: Self, r: Self) -> Self { Self(bar: l.bar + r.bar, k: l.k + r.k, kc: l.kc + r.kc) }
    static func - (l: Self, r: Self) -> Self { Self(bar: l.bar - r.bar, k: l.k - r.k, kc: l.kc - r.kc) }
}

/// Five mutually tangent spheres in one frame, as `InversiveSphere`s.
struct InversiveQuintuple: Sendable {
    var s: (InversiveSphere, InversiveSphere, InversiveSphere, InversiveSphere, InversiveSphere)

    init(_ a: [InversiveSphere]) { s = (a[0], a[1], a[2], a[3], a[4]) }

    subscript(i: Int) -> InversiveSphere {
        get {
            switch i {
            case 0: return s.0
            case 1: return s.1
            case 2: return s.2
            case 3: return s.3
            default: return s.4
            }
        }
        set {
            switch i {
            case 0: s.0 = newValue
            case 1: s.1 = newValue
            case 2: s.2 = newValue
            case 3: s.3 = newValue
            default: s.4 = newValue
            }
        }
    }

    /// The quintuple with slot `j` replaced by the other sphere tangent to the other four.
    /// The new sphere's co-curvature is taken from its curvature and centre when it is
    /// not much larger than the frame (sums of co-curvatures lose digits in seams).
    func replacing(_ j: Int) -> InversiveQuintuple {
        var out = self
        out[j] = replacement(j)
        return out
    }

    /// The other sphere tangent to the four spheres but `j` (see `replacing`).
    func replacement(_ j: Int) -> InversiveSphere {
        let sum = s.0 + s.1 + s.2 + s.3 + s.4
        var new = sum - self[j] - self[j]
        if new.k > 1e-3 { new.bar = ((new.kc * new.kc).sum() - 1) / new.k }
        return new
    }

    /// The gap ball of the move that put `new` where `old` was: the sphere orthogonal to
    /// the four spheres both touch, `(new - old) / (2 sqrt 3)` in these coordinates (it
    /// passes through their six points of contact; the gap `new` fills lies inside it).
    static func gapBall(new: InversiveSphere, old: InversiveSphere) -> (center: SIMD3<Double>, radius: Double)? {
        let dk = new.k - old.k
        // Spheres of equal size (Soddy's packing has them) have a plane between them:
        // no ball, and a frame with an origin far off.
        guard dk.isFinite, dk > 1e-6 * abs(new.k) else { return nil }
        return ((new.kc - old.kc) / dk, 2 * 3.0.squareRoot() / dk)
    }

    /// Every sphere in the frame whose origin is `origin` and unit `scale` units of this one.
    func inFrame(origin: SIMD3<Double>, scale: Double) -> InversiveQuintuple {
        var out = self
        for i in 0..<5 { out[i] = self[i].inFrame(origin: origin, scale: scale) }
        return out
    }
}
