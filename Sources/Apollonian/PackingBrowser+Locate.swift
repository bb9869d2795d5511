import Synchronization

extension PackingBrowser {
    /// The deepest frame that holds a ball: the view `view.center` (in the frame of
    /// `view.path`) with radius `view.radius` (outer radii) lies in the gap ball of the
    /// quintuple the returned path leads to, and in none of its children's. Climbs from
    /// `view.path` as far as the ball leaves its gap, then descends while a child's gap
    /// holds it; costs the steps climbed and descended, not the depth (the last path's
    /// quintuples are kept).
    /// - Returns: the steps from the seed quintuple and the centre in the last one's frame.
    ///
    /// With `keepingDigits`, the climb stops at the first gap holding the centre itself
    /// (not the whole ball): a frame deeper than the view is kept as long as the point is
    /// in it, so the centre keeps every digit it had there. Zooming towards a point held
    /// 10^-36 deep then finds it exactly at every zoom; climbing to the ball's frame and
    /// descending again would leave it the digits of the shallow frame only.
    public static func locate(
        _ view: PackingView, kind: PackingKind = .standard, keepingDigits: Bool = false
    ) -> (steps: [PackingFrameStep], center: SIMD3<Double>) {
        var chain = BrowseChain.cached(kind: kind, path: view.path)
        // A path that stops replaying (not one `locate` gave) is cut there, and the centre is
        // read in the frame where it stops.
        var x = view.center
        let rho = view.radius
        // Climb while the ball (or the centre) is not inside the current gap (the root
        // holds everything).
        while chain.count > 1 {
            let node = chain.nodes[chain.count - 1]
            if length(x) + (keepingDigits ? 0 : rho / node.unit) <= 1 { break }
            let step = chain.steps[chain.count - 2]
            x = step.origin + step.scale * x
            chain.pop()
        }
        // Descend while a child's gap holds it.
        descend: while chain.count <= BrowseWalk.maxDepth {
            let node = chain.nodes[chain.count - 1]
            for j in 0..<5 {
                guard let (child, gap) = node.child(j), let g = gap else { continue }
                guard length(x - g.center) + rho / node.unit <= g.radius else { continue }
                x = (x - g.center) / g.radius
                chain.push(child, PackingFrameStep(slot: j, origin: g.center, scale: g.radius))
                continue descend
            }
            break
        }
        BrowseChain.store(chain, kind: kind)
        return (chain.steps, x)
    }
}

/// The quintuples along a path from the seed, and the steps between their frames.
struct BrowseChain: Sendable {
    var nodes: [BrowseNode]
    var steps: [PackingFrameStep]
    var count: Int { nodes.count }
    var path: [Int] { steps.map(\.slot) }

    mutating func push(_ node: BrowseNode, _ step: PackingFrameStep) {
        nodes.append(node)
        steps.append(step)
    }

    mutating func pop() {
        nodes.removeLast()
        steps.removeLast()
    }

    /// The chain along `path` for `kind`, from the last one stored where they agree;
    /// cut where the path stops replaying.
    static func cached(kind: PackingKind, path: [Int]) -> BrowseChain {
        var chain = last.withLock { stored in
            stored.flatMap { $0.kind == kind ? $0.chain : nil } ?? BrowseChain(nodes: [.root(kind)], steps: [])
        }
        var common = 0
        while common < min(chain.steps.count, path.count), chain.steps[common].slot == path[common] { common += 1 }
        while chain.steps.count > common { chain.pop() }
        for j in path.dropFirst(common) {
            guard (0..<5).contains(j), let (child, gap) = chain.nodes[chain.count - 1].child(j), let g = gap
            else { break }
            chain.push(child, PackingFrameStep(slot: j, origin: g.center, scale: g.radius))
        }
        return chain
    }

    static func store(_ chain: BrowseChain, kind: PackingKind) { last.withLock { $0 = (kind, chain) } }

    private static let last = Mutex<(kind: PackingKind, chain: BrowseChain)?>(nil)
}
