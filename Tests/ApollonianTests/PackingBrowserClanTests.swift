import Testing

@testable import Apollonian

/// Browsed spheres carry the clan the service's tree gives them (`--color-by clan` while
/// browsing), though the browse walk reaches them along other paths.
@Suite struct PackingBrowserClanTests {
    /// Browsed records and the generator's clans of the same spheres (matched by centre
    /// and radius to 1e-9): how many matched, how many clans differ, the clans seen.
    static func compare(
        _ x: Double, _ y: Double, _ z: Double, radius: Double, minRadius: Double, kind: PackingKind
    ) throws -> (matched: Int, differing: [String], clans: Set<Int>) {
        func key(_ r: SphereRecord) -> [Int64] { [r.x, r.y, r.z, r.r].map { Int64(($0 * 1e9).rounded()) } }
        let view = PackingView(center: SIMD3(x, y, z), radius: radius, minRadius: minRadius)
        let browsed = try PackingBrowser.records(view, kind: kind)
        let generated = try PackingGenerator.records(
            PackingOptions(level: PackingOptions.maxLevel, minRadius: minRadius, kind: kind))
        var clan: [[Int64]: Int] = [:]
        for r in generated { clan[key(r)] = r.clan }
        var matched = 0
        var differing: [String] = []
        for r in browsed {
            guard let expected = clan[key(r)] else { continue }
            matched += 1
            if r.clan != expected { differing.append("L \(r.level) r \(r.r): browsed \(r.clan), service \(expected)") }
        }
        return (matched, differing, Set(browsed.map(\.clan)))
    }

    @Test(arguments: [
        (0.0, 0.0, 0.0, 2.0, 0.01, PackingKind.standard),
        (0.02, 0.3, 0.1, 0.2, 0.008, .standard),
        (0.0, 0.0, 0.317837245195782, 0.15, 0.006, .standard),
        (0.0, 0.0, 0.0, 2.0, 0.01, .soddy),
        (0.1, -0.2, 0.25, 0.1, 0.006, .soddy),
    ])
    func browsedSpheresHaveTheServiceTreesClan(
        x: Double, y: Double, z: Double, radius: Double, minRadius: Double, kind: PackingKind
    ) throws {
        let r = try Self.compare(x, y, z, radius: radius, minRadius: minRadius, kind: kind)
        #expect(r.matched > 50)
        #expect(r.differing.isEmpty, "\(r.differing.count) of \(r.matched): \(r.differing.prefix(5))")
        #expect(r.clans.isSubset(of: Set(0...4)) && r.clans.count >= 2, "\(r.clans.sorted())")
    }

    @Test func theClimbFindsTheSeedSphereOfEachClan() {
        // e_c itself, the root R_c e_c, and a child of the root are all in clan c.
        for c in 0..<5 {
            let walker = TreeWalker(maxGeneration: 3, minRadius: 0, maxSpheres: 100)
            let root = walker.root(clan: c)
            #expect(TreeNode.serviceClan(of: TreeNode(seed: c, kind: .standard).v) == c)
            #expect(TreeNode.serviceClan(of: root.v) == c)
            for j in 0..<5 where j != c && root.keepsChild(j) {
                #expect(TreeNode.serviceClan(of: walker.child(root, j).v) == c)
            }
        }
    }
}
