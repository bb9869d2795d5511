import Testing

@testable import Apollonian

@Suite struct PackingGeometry {
    @Test func kappaIsTheCurvatureOfTheFourLargestSpheres() {
        #expect(SphereLabel.kappa == 1 + 6.0.squareRoot() / 2)
        // Descartes in 3D: (sum k)^2 = 3 sum k^2 for the container and the four.
        let k = SphereLabel.kappa
        #expect(abs((4 * k - 1) * (4 * k - 1) - 3 * (4 * k * k + 1)) < 1e-12)
    }

    @Test func everySphereTouchesTheFourSpheresThatMadeItExactly() throws {
        var checked = 0
        try PackingGenerator.forEachSphere(level: 7, minRadius: 0) { label, _, quintuple, slot in
            for i in 0..<5 where i != slot {
                #expect(exactlyTangent(label, quintuple[i]), "\(label) and \(quintuple[i])")
            }
            checked += 1
        }
        #expect(checked == PackingCounts.totalSpheres(level: 7))
        // The test can tell: two spheres of generation 1 in different gaps do not touch.
        let a = Quintuple.root.replacing(1)[1]
        let b = Quintuple.root.replacing(2)[2]
        #expect(exactlyTangent(a, Quintuple.root[0]))
        #expect(!exactlyTangent(a, b))
    }

    @Test func curvatureRisesStrictlyFromParentToChildSoPruningASubtreeIsExact() throws {
        // The parent of a tree node is its reflection in the first index of its minimum
        // (see Quintuple.holding); its curvature must be smaller, all the way up.
        let seed = PackingKind.standard.seed
        var checked = 0
        try PackingGenerator.forEachSphere(level: 8, minRadius: 0) { label, g, _, _ in
            guard g >= 1 else { return }
            let (x, k) = try #require(coefficients(of: label, seed: seed))
            let j = try #require(x.indices.min { x[$0] < x[$1] })
            let parent = Quintuple.reflect(x, j)
            let kp = Double(-parent[0]) + Double(parent[1...].reduce(0, +)) * SphereLabel.kappa
            #expect(kp < k)
            checked += 1
        }
        #expect(checked == (PackingCounts.totalSpheres(level: 8) ?? 0) - 4)
    }

    @Test func floatingPointTangencyErrorIsBelowATrillionthOfTheRadius() throws {
        var worst = 0.0
        try PackingGenerator.forEachSphere(level: 9, minRadius: 0) { label, _, quintuple, slot in
            let r = label.radius
            let c = label.center
            for i in 0..<5 where i != slot {
                let o = quintuple[i]
                let d = c - o.center
                // Signed radii: the container's is -1, and |c| = 1 - r is 1/k1 + 1/k0 in size.
                let gap = abs((d * d).sum().squareRoot() - abs(r + o.radius))
                worst = max(worst, gap / r)
            }
        }
        #expect(worst < 1e-12)
    }

    @Test func theWalkMakesTheSameSpheresAsABreadthFirstSearchWithASeenSet() throws {
        // Independent reference: apply every move to every distinct quintuple, level by
        // level; a sphere's generation is the first level at which it appears.
        let level = 6
        var generationOf: [SphereLabel: Int] = [:]
        for l in SphereLabel.generationZero { generationOf[l] = 0 }
        var frontier: [Quintuple] = [.root]
        var seenQuintuples: Set<Set<SphereLabel>> = [Set(Quintuple.root.labels)]
        for g in 1...level {
            var next: [Quintuple] = []
            for q in frontier {
                for j in 0..<5 {
                    let u = q.replacing(j)
                    guard seenQuintuples.insert(Set(u.labels)).inserted else { continue }
                    next.append(u)
                    if generationOf[u[j]] == nil { generationOf[u[j]] = g }
                }
            }
            frontier = next
        }
        var made: [SphereLabel: Int] = [:]
        var duplicates = 0
        try PackingGenerator.forEachSphere(level: level, minRadius: 0) { label, g, _, _ in
            if made.updateValue(g, forKey: label) != nil { duplicates += 1 }
        }
        #expect(duplicates == 0)
        #expect(made == generationOf)
    }

    @Test func everySphereLiesInsideTheContainer() throws {
        let records = try PackingGenerator.records(PackingOptions(level: 9, minRadius: 0))
        #expect(records.count == PackingCounts.totalSpheres(level: 9))
        let worst = records.map { (($0.center * $0.center).sum()).squareRoot() + $0.r }.max() ?? 0
        #expect(worst <= 1 + 1e-14)
        #expect(records.allSatisfy { $0.r > 0 })
    }

    @Test func noTwoSpheresOverlap() throws {
        let records = try PackingGenerator.records(PackingOptions(level: 7, minRadius: 0))
        let overlaps = SpatialGrid.overlappingPairs(records, cell: 0.05, tolerance: 1e-12)
        #expect(overlaps.isEmpty, "\(overlaps.prefix(3))")
        // The grid finds overlaps when there are some: a shifted copy of a sphere.
        var bad = records
        bad.append(
            SphereRecord(
                x: records[100].x + records[100].r / 2, y: records[100].y, z: records[100].z, r: records[100].r,
                level: 9))
        #expect(SpatialGrid.overlappingPairs(bad, cell: 0.05, tolerance: 1e-12).count >= 1)
    }

    @Test func theSetOfSpheresHasTetrahedralSymmetry() throws {
        var byGeneration: [Int: Set<SphereLabel>] = [:]
        try PackingGenerator.forEachSphere(level: 7, minRadius: 0) { label, g, _, _ in
            byGeneration[g, default: []].insert(label)
        }
        // Generators of the full tetrahedral group T_d on labels (a, b unchanged): a swap
        // of two axes, a cyclic turn of the axes, and a half turn about z.
        let maps: [(SphereLabel) -> SphereLabel] = [
            { SphereLabel(a: $0.a, b: $0.b, p: $0.q, q: $0.p, s: $0.s) },
            { SphereLabel(a: $0.a, b: $0.b, p: $0.q, q: $0.s, s: $0.p) },
            { SphereLabel(a: $0.a, b: $0.b, p: -$0.p, q: -$0.q, s: $0.s) },
        ]
        for (g, set) in byGeneration {
            for (i, f) in maps.enumerated() { #expect(Set(set.map(f)) == set, "generation \(g), map \(i)") }
        }
        // And a map outside T_d is not a symmetry: the central inversion.
        let flipped = Set(
            byGeneration[0, default: []].map { SphereLabel(a: $0.a, b: $0.b, p: -$0.p, q: -$0.q, s: -$0.s) })
        #expect(flipped != byGeneration[0])
    }

    @Test func generationZeroIsFourEqualSpheresAtTheTetrahedronCorners() throws {
        let records = try PackingGenerator.records(PackingOptions(level: 0))
        #expect(records.count == 4)
        let r = 1 / SphereLabel.kappa  // 0.449490...
        for rec in records {
            #expect(abs(rec.r - r) < 1e-15)
            #expect(abs((rec.center * rec.center).sum().squareRoot() - (1 - r)) < 1e-15)
            #expect(rec.level == 1)
        }
    }
}

/// The coefficients over the seed of the standard packing's `label` (the seed's labels
/// are independent: b = sum x1..4, p = -x1+x2+x3-x4, q = x1-x2+x3-x4, s = x1+x2-x3-x4) and
/// its curvature.
func coefficients(of l: SphereLabel, seed: [SphereLabel]) -> ([Int64], Double)? {
    // Solve the 4 x 4 system for x1...x4 by its inverse (the matrix is orthogonal up to 4).
    let x1 = (l.b - l.p + l.q + l.s)
    let x2 = (l.b + l.p - l.q + l.s)
    let x3 = (l.b + l.p + l.q - l.s)
    let x4 = (l.b - l.p - l.q - l.s)
    guard x1 % 4 == 0, x2 % 4 == 0, x3 % 4 == 0, x4 % 4 == 0 else { return nil }
    return ([-l.a, x1 / 4, x2 / 4, x3 / 4, x4 / 4], l.curvature)
}
