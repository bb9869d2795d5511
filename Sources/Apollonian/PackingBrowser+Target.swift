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

extension PackingBrowser {
    /// `defaultTarget(kind:)` held deep: the same sequence of gaps followed (in the
    /// walk's own frames) until the gap is smaller than `depth` outer radii, and the
    /// centre of the last sphere placed, in the frame of the last gap. Zooming towards it
    /// finds spheres at every scale down to about `depth`, far past what a point in outer
    /// radii can say (10^-16).
    public static func deepTarget(
        kind: PackingKind = .standard, depth: Double = 1e-36
    ) -> (steps: [PackingFrameStep], center: SIMD3<Double>) {
        var node = BrowseNode.root(kind)
        var steps: [PackingFrameStep] = []
        var center = kind.center(Quintuple.seed(of: kind)[1])
        let cycle = [1, 3, 2, 4, 0]
        var path = [3, 4, 0, 3, 4, 0]
        var i = 0
        while node.unit > depth, steps.count < BrowseWalk.maxDepth, i < 100_000 {
            if path.isEmpty { path = cycle }
            let j = path.removeFirst()
            i += 1
            guard let (child, gap) = node.child(j), let g = gap else { continue }
            let k = (0..<5).map { child.spheres[$0].k }
            // Only steps to a sphere smaller than the other four.
            guard k[j] > 0, k.enumerated().allSatisfy({ $0.offset == j || $0.element < k[j] }) else { continue }
            steps.append(PackingFrameStep(slot: j, origin: g.center, scale: g.radius))
            node = child
            center = child.spheres[j].center
        }
        return (steps, center)
    }
}
