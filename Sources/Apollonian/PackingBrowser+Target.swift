extension PackingBrowser {
    /// Where a deep zoom into packing `kind` shows spheres at every scale: a point of the
    /// residual set (the points no sphere covers) in the gap where the first two of the
    /// four largest inner spheres touch, seen side-on from +Z (their line of centres is
    /// perpendicular to Z). A point of contact itself is a poor target: near it the two
    /// spheres fill the view with a thin seam between them, and the spheres in the seam
    /// are ever more generations deep (about one per step towards the point). The target
    /// is instead the limit of a sequence of gaps entered from that contact that cycles
    /// through every slot, so the spheres around it shrink geometrically, generation by
    /// generation, and every zoom finds spheres of many sizes. In outer radii.
    public static func defaultTarget(kind: PackingKind = .standard) -> SIMD3<Double> {
        var q = Quintuple.seed(of: kind)
        var target = kind.center(q[1])
        // Into the seam between spheres 1 and 2 (replacing the others in turn keeps both),
        // then around every slot: each step replaces the slot named, when that gives a
        // smaller sphere.
        let path = [3, 4, 0, 3, 4, 0] + Array(repeating: [1, 3, 2, 4, 0], count: 12).flatMap { $0 }
        for j in path {
            let next = q.replacing(j)
            let k = kind.curvature(next[j])
            guard k.isFinite, k > (0..<5).map({ kind.curvature(q[$0]) }).max() ?? 0, k < 1e14 else { continue }
            q = next
            target = kind.center(q[j])
        }
        return target
    }
}
