import Foundation
import Testing

@testable import Apollonian

/// `export` against the facts about the original service: seed orientation, the tree
/// without a hash set, clan order, depth-first order, r < 0.01 pruning, rounding, L.
@Suite struct ServiceOrder {
    @Test func theSeedIsTheServicesOrientation() throws {
        let seed = try PackingGenerator.records(PackingOptions(level: 0))
        let d = 0.317837245195782
        let centres: [SIMD3<Double>] = [SIMD3(-1, 1, 1), SIMD3(1, -1, 1), SIMD3(1, 1, -1), SIMD3(-1, -1, -1)]
        #expect(seed.count == 4)
        for (r, c) in zip(seed, centres) {
            #expect(abs(r.r - (6.0.squareRoot() - 2)) < 1e-15)
            #expect(max(abs(r.x - d * c.x), abs(r.y - d * c.y), abs(r.z - d * c.z)) < 1e-15)
            #expect(r.level == 1)
        }
    }

    @Test(arguments: [
        (
            1, 1.0,
            [
                #"{"X":0,"Y":0,"Z":0,"R":0.101,"L":2}"#,
                #"{"X":-0.3178,"Y":0.3178,"Z":0.3178,"R":0.4495,"L":1}"#,
                #"{"X":0.41,"Y":-0.41,"Z":-0.41,"R":0.2899,"L":2}"#,
                #"{"X":0.3178,"Y":-0.3178,"Z":0.3178,"R":0.4495,"L":1}"#,
            ].joined(separator: ",")
        ),
        (
            2, 1.0,
            [
                #"{"X":0,"Y":0,"Z":0,"R":0.101,"L":2}"#,
                #"{"X":0.1907,"Y":-0.1907,"Z":-0.1907,"R":0.0899,"L":3}"#,
                #"{"X":-0.1907,"Y":0.1907,"Z":-0.1907,"R":0.0899,"L":3}"#,
                #"{"X":-0.1907,"Y":-0.1907,"Z":0.1907,"R":0.0899,"L":3}"#,
                #"{"X":0.1907,"Y":0.1907,"Z":0.1907,"R":0.0899,"L":3}"#,
            ].joined(separator: ",")
        ),
        (
            5, 1.0,
            [
                #"{"X":0,"Y":0,"Z":0,"R":0.101,"L":2}"#,
                #"{"X":0.1907,"Y":-0.1907,"Z":-0.1907,"R":0.0899,"L":3}"#,
                #"{"X":-0.1563,"Y":0.1563,"Z":-0.4689,"R":0.0737,"L":4}"#,
                #"{"X":-0.06,"Y":0.06,"Z":-0.1799,"R":0.0283,"L":5}"#,
                #"{"X":0.1087,"Y":-0.1087,"Z":-0.326,"R":0.0256,"L":6}"#,
            ].joined(separator: ",")
        ),
        (
            10, 2.5,
            [
                #"{"X":0,"Y":0,"Z":0,"R":0.2526,"L":2}"#,
                #"{"X":0.4768,"Y":-0.4768,"Z":-0.4768,"R":0.2247,"L":3}"#,
                #"{"X":-0.3907,"Y":0.3907,"Z":-1.1722,"R":0.1842,"L":4}"#,
                #"{"X":-0.1499,"Y":0.1499,"Z":-0.4498,"R":0.0707,"L":5}"#,
            ].joined(separator: ",")
        ),
    ])
    func theFirstRecordsOfALevelAreTheServices(level: Int, radius: Double, golden: String) throws {
        let json = try SphereJSON.encodeString(
            try PackingGenerator.records(PackingOptions(level: level, radius: radius)))
        #expect(json.hasPrefix("[" + golden + ","))
    }

    @Test func atLevelTenClanTwoStartsAfterRecord7163WithItsSeedAndRoot() throws {
        let records = try PackingGenerator.records(PackingOptions(level: 10))
        let seeds = records.indices.filter { records[$0].level == 1 }
        #expect(seeds == [3515, 7163, 10811, 14459])
        let json = try SphereJSON.encodeString(Array(records[7162...7165]))
        #expect(
            json
                == #"[{"X":-0.769,"Y":0.5519,"Z":0.2805,"R":0.0128,"L":11},{"X":0.3178,"Y":-0.3178,"#
                + #""Z":0.3178,"R":0.4495,"L":1},"#
                + #"{"X":-0.41,"Y":0.41,"Z":-0.41,"R":0.2899,"L":2},{"X":-0.0986,"Y":0.0986,"#
                + #""Z":-0.0986,"R":0.0697,"L":3}]"#
        )
        #expect(records.map(\.clan) == records.map(\.clan).sorted())
    }

    @Test(arguments: [
        (1, 1.0), (2, 1.0), (3, 1.0), (4, 1.0), (5, 1.0), (6, 1.0), (7, 1.0), (8, 1.0), (9, 1.0), (10, 1.0), (7, 2.5),
        (6, 100.0),
    ])
    func exportIsByteForByteTheServicesTree(level: Int, radius: Double) throws {
        let made = try SphereJSON.encode(try PackingGenerator.records(PackingOptions(level: level, radius: radius)))
        let reference = try SphereJSON.encode(ServiceReference.records(steps: level, radius: radius))
        #expect(made.count == reference.count)
        #expect(made == reference)
    }
}

/// The service's algorithm as the facts describe it, written plainly: integer vectors over
/// the seed, the five clan roots, children by reflection kept when j is the first index
/// of the minimum, depth first, r < 0.01 dropped with its subtree, generation <= steps.
enum ServiceReference {
    static func records(steps: Int, radius: Double) -> [SphereRecord] {
        let kappa = 1 + 6.0.squareRoot() / 2
        let d = 0.317837245195782
        let k: [Double] = [-1, kappa, kappa, kappa, kappa]
        let centres: [SIMD3<Double>] = [
            .zero, SIMD3(-1, 1, 1) * d, SIMD3(1, -1, 1) * d, SIMD3(1, 1, -1) * d, SIMD3(-1, -1, -1) * d,
        ]
        var out: [SphereRecord] = []
        func sphere(_ x: [Int], _ g: Int) -> Bool {
            var kk = 0.0
            var kc = SIMD3<Double>.zero
            for m in 0..<5 {
                kk += Double(x[m]) * k[m]
                kc += Double(x[m]) * k[m] * centres[m]
            }
            let r = 1 / kk
            if r < 0.01 || g > steps { return false }
            let c = kc / kk * radius
            out.append(SphereRecord(x: c.x, y: c.y, z: c.z, r: r * radius, level: g + 1))
            return true
        }
        func visit(_ x: [Int], _ i: Int, _ g: Int) {
            guard sphere(x, g) else { return }
            for j in 0..<5 where j != i {
                var y = x.map { $0 + x[j] }
                y[j] = -x[j]
                if y.firstIndex(of: y.min() ?? 0) == j { visit(y, j, g + 1) }
            }
        }
        for c in 0..<5 {
            if c > 0 {
                var e = [0, 0, 0, 0, 0]
                e[c] = 1
                _ = sphere(e, 0)
            }
            var root = [1, 1, 1, 1, 1]
            root[c] = -1
            visit(root, c, 1)
        }
        return out
    }
}
