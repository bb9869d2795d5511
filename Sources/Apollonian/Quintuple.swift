/// Five mutually tangent spheres (the container may be one of them), by exact labels.
///
/// Replacing slot `j` by the other sphere tangent to the remaining four is the linear
/// move `new = (sum of the other four) - old`, applied to all five integer components of
/// the label; the move undoes itself.
public struct Quintuple: Hashable, Sendable {
    private var slots: (SphereLabel, SphereLabel, SphereLabel, SphereLabel, SphereLabel)

    /// A quintuple from five labels; `nil` unless there are exactly five.
    public init?(labels: [SphereLabel]) {
        guard labels.count == 5 else { return nil }
        slots = (labels[0], labels[1], labels[2], labels[3], labels[4])
    }

    init(_ l0: SphereLabel, _ l1: SphereLabel, _ l2: SphereLabel, _ l3: SphereLabel, _ l4: SphereLabel) {
        slots = (l0, l1, l2, l3, l4)
    }

    /// The starting configuration: slot 0 the container, slots 1...4 generation 0.
    public static let root = seed(of: .standard)

    /// The seed quintuple of `kind`: slot 0 the container, slots 1...4 generation 0.
    public static func seed(of kind: PackingKind) -> Quintuple {
        let s = kind.seed
        return Quintuple(s[0], s[1], s[2], s[3], s[4])
    }

    /// The label in `slot`, 0...4 (other values are clamped into that range).
    public subscript(slot: Int) -> SphereLabel {
        get {
            switch slot {
            case ...0: return slots.0
            case 1: return slots.1
            case 2: return slots.2
            case 3: return slots.3
            default: return slots.4
            }
        }
        set {
            switch slot {
            case ...0: slots.0 = newValue
            case 1: slots.1 = newValue
            case 2: slots.2 = newValue
            case 3: slots.3 = newValue
            default: slots.4 = newValue
            }
        }
    }

    /// The five spheres, slot order.
    public var labels: [SphereLabel] { [slots.0, slots.1, slots.2, slots.3, slots.4] }

    /// The quintuple with slot `j` (0...4) replaced by the other sphere tangent to the
    /// other four; slots outside 0...4 leave it unchanged.
    public func replacing(_ j: Int) -> Quintuple {
        guard (0..<5).contains(j) else { return self }
        func combine(_ c: (SphereLabel) -> Int64) -> Int64 {
            var sum: Int64 = 0
            for i in 0..<5 where i != j { sum &+= c(self[i]) }
            return sum &- c(self[j])
        }
        var out = self
        out[j] = SphereLabel(a: combine(\.a), b: combine(\.b), p: combine(\.p), q: combine(\.q), s: combine(\.s))
        return out
    }

    public static func == (l: Quintuple, r: Quintuple) -> Bool {
        l.slots.0 == r.slots.0 && l.slots.1 == r.slots.1 && l.slots.2 == r.slots.2 && l.slots.3 == r.slots.3
            && l.slots.4 == r.slots.4
    }

    public func hash(into h: inout Hasher) {
        h.combine(slots.0)
        h.combine(slots.1)
        h.combine(slots.2)
        h.combine(slots.3)
        h.combine(slots.4)
    }
}
