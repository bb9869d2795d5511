@testable import Apollonian

/// Finds overlapping spheres without comparing every pair: each sphere goes into every
/// grid cell its bounding box touches, and only spheres sharing a cell are compared.
enum SpatialGrid {
    struct Cell: Hashable { var x, y, z: Int }

    /// Index pairs (i < j) whose spheres overlap by more than `tolerance`.
    static func overlappingPairs(_ records: [SphereRecord], cell: Double, tolerance: Double) -> [(Int, Int)] {
        var grid: [Cell: [Int]] = [:]
        for (i, r) in records.enumerated() {
            let lo = (r.center - r.r) / cell
            let hi = (r.center + r.r) / cell
            for x in Int(lo.x.rounded(.down))...Int(hi.x.rounded(.down)) {
                for y in Int(lo.y.rounded(.down))...Int(hi.y.rounded(.down)) {
                    for z in Int(lo.z.rounded(.down))...Int(hi.z.rounded(.down)) {
                        grid[Cell(x: x, y: y, z: z), default: []].append(i)
                    }
                }
            }
        }
        var found = Set<[Int]>()
        for members in grid.values where members.count > 1 {
            for m in 0..<members.count {
                for n in (m + 1)..<members.count {
                    let a = records[members[m]]
                    let b = records[members[n]]
                    let d = a.center - b.center
                    if a.r + b.r - (d * d).sum().squareRoot() > tolerance {
                        found.insert([members[m], members[n]].sorted())
                    }
                }
            }
        }
        return found.map { ($0[0], $0[1]) }.sorted { $0 < $1 }
    }
}
