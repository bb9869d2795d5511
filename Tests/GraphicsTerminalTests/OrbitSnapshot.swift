import Foundation
import OrbitTestSupport

/// `orbit snapshot` of a still scene at a graphics pixel size, as a `Screenshot`.
enum OrbitSnapshot {
    /// The still `scene` (default the Earth; more words for its options) on `columns` x
    /// `rows` cells of `cell` pixels, written in `scratch`.
    static func earth(
        columns: Int, rows: Int, cell: (Int, Int), scratch: Scratch, scene: [String] = ["earth"]
    ) throws -> Screenshot {
        let png = scratch.file("snapshot.png")
        let ppm = scratch.file("snapshot.ppm")
        for argv in [
            [
                try OrbitBinary.check(), "snapshot",
            ] + scene + [
                "--spin", "0", "--size", "\(columns)x\(rows)", "--cell-size", "\(cell.0)x\(cell.1)", "-o", png,
            ],
            ["convert", png, "-depth", "8", "ppm:" + ppm],
        ] {
            let result = try Spawn.run(argv, timeout: 120)
            guard result.status == 0 else {
                throw HarnessError("\(argv.joined(separator: " ")) failed: \(result.stderr)")
            }
        }
        return try Screenshot(ppm: ppm)
    }
}

/// `WxH`-style numbers.
func pair(_ text: String?, separator: Character = "x") -> (Int, Int)? {
    guard let parts = text?.split(separator: separator), parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1])
    else { return nil }
    return (a, b)
}
