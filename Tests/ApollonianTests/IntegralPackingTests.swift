import Testing

@testable import Apollonian

/// Soddy's "bowl of integers" (`--packing soddy`): curvatures -1, 2, 2, 3, 3 to start,
/// every curvature an integer.
@Suite struct IntegralPacking {
    /// Marks which integer curvatures occur.
    struct CurvatureSet: TreeSink, Sendable {
        var seen: [Bool]
        var nonIntegral = 0
        mutating func accept(_ node: TreeNode, generation: Int, curvature: Double) throws {
            guard node.v[6] == 0, node.v[5] >= 0, node.v[5] < seen.count else {
                nonIntegral += 1
                return
            }
            seen[Int(node.v[5])] = true
        }
    }

    /// The curvatures the walk makes up to `limit` (the seed's included), as a sorted list.
    static func walkedCurvatures(upTo limit: Int) throws -> [Int] {
        let walker = TreeWalker(kind: .soddy, maxGeneration: Int.max, minRadius: 1 / Double(limit), maxSpheres: Int.max)
        let run = try PackingGenerator.run(
            walker, sink: CurvatureSet(seen: Array(repeating: false, count: limit + 1)), position: { _ in 0 })
        #expect(run.all.allSatisfy { $0.nonIntegral == 0 })
        var out = Set(PackingKind.soddy.seed.map { Int($0.a) })
        for part in run.all { for (k, s) in part.seen.enumerated() where s { out.insert(k) } }
        return out.sorted()
    }

    static func rule(upTo limit: Int) -> [Int] { [-1] + (2...limit).filter { $0 % 3 == 0 || $0 % 3 == 2 } }

    @Test func theCurvaturesUpTo1000AreMinusOneAndEveryNAtLeast2ThatIs0Or2Mod3() throws {
        #expect(try Self.walkedCurvatures(upTo: 1000) == Self.rule(upTo: 1000))
    }

    @Test func aBreadthFirstSearchWithASeenSetFindsTheSameSpheresUpToCurvature200() throws {
        // Independent of the tree: from the seed quintuple, replace any slot by the other
        // sphere touching the remaining four whenever that sphere is new and has
        // curvature <= 200; collect every sphere met.
        let limit: Int64 = 200
        var spheres = Set(PackingKind.soddy.seed)
        var seenQuintuples: Set<[SphereLabel]> = []
        var frontier = [Quintuple.seed(of: .soddy)]
        func key(_ q: Quintuple) -> [SphereLabel] {
            q.labels.sorted { ($0.a, $0.p, $0.q, $0.s) < ($1.a, $1.p, $1.q, $1.s) }
        }
        seenQuintuples.insert(key(frontier[0]))
        while let q = frontier.popLast() {
            for j in 0..<5 {
                let u = q.replacing(j)
                guard u[j].b == 0, u[j].a <= limit, u[j].a > 0 else { continue }
                guard seenQuintuples.insert(key(u)).inserted else { continue }
                spheres.insert(u[j])
                frontier.append(u)
            }
        }
        let bfs = Set(spheres.map { Int($0.a) })
        #expect(bfs.sorted() == Self.rule(upTo: 200))
        // The tree makes exactly these spheres, each once.
        var walked: [SphereLabel: Int] = [:]
        try PackingGenerator.forEachSphere(kind: .soddy, level: PackingOptions.maxLevel, minRadius: 1.0 / 200) {
            label, _, _, _ in
            walked[label, default: 0] += 1
        }
        #expect(walked.values.allSatisfy { $0 == 1 })
        #expect(Set(walked.keys).union([.container]) == spheres)
    }

    @Test func everyQuintupleSatisfiesSoddysRuleExactlyInIntegers() throws {
        var checked = 0
        try PackingGenerator.forEachSphere(kind: .soddy, level: 8, minRadius: 0) { label, _, quintuple, slot in
            #expect(quintuple[slot] == label)
            let k = quintuple.labels.map(\.a)
            #expect(quintuple.labels.allSatisfy { $0.b == 0 })
            let sum = k.reduce(0, +)
            let squares = k.reduce(0) { $0 + $1 * $1 }
            #expect(sum * sum == 3 * squares, "\(k)")
            // And the four others touch it (to rounding).
            let c = PackingKind.soddy.center(label)
            let r = 1 / Double(label.a)
            for i in 0..<5 where i != slot {
                let o = quintuple[i]
                let d = c - PackingKind.soddy.center(o)
                #expect(abs((d * d).sum().squareRoot() - abs(r + 1 / Double(o.a))) < 1e-9)
            }
            checked += 1
        }
        #expect(checked == PackingCounts.totalSpheres(level: 8))
    }

    @Test func exportCarriesTheIntegerCurvatureAndReadsItBack() throws {
        let records = try PackingGenerator.records(PackingOptions(level: 1, minRadius: 0, kind: .soddy))
        let json = try SphereJSON.encodeString(records)
        #expect(
            json.hasPrefix(
                #"[{"X":0,"Y":0,"Z":0.3149,"R":0.0909,"L":2,"K":11},{"X":0.5,"Y":0,"Z":0,"R":0.5,"L":1,"K":2},"#))
        let back = try SphereJSON.decode(Array(json.utf8), source: "test")
        #expect(back.map { $0.curvature?.integer } == records.map { $0.curvature?.integer })
        #expect(records.allSatisfy { abs(1 / $0.r - Double($0.curvature?.integer ?? 0)) < 1e-12 })
        // The standard packing's records have no K: the service's format is unchanged.
        #expect(!(try SphereJSON.encodeString(try PackingGenerator.records(PackingOptions(level: 3)))).contains("K"))
        #expect(throws: PackingError.self) {
            try SphereJSON.decode(Array(#"[{"X":0,"Y":0,"Z":0,"R":1,"L":1,"K":1.5}]"#.utf8), source: "t")
        }
    }
}
