import Foundation

/// `orbit snapshot` of the still Earth at a graphics pixel size, as a `Screenshot`.
enum OrbitSnapshot {
    static func earth(columns: Int, rows: Int, cell: (Int, Int), folder: String) throws -> Screenshot {
        guard let binary = ProcessInfo.processInfo.environment["ORBIT_BIN"] else { throw GraphicsHarnessError("ORBIT_BIN not set") }
        let png = folder + "/snapshot.png", ppm = folder + "/snapshot.ppm"
        for argv in [[binary, "snapshot", "earth", "--spin", "0", "--size", "\(columns)x\(rows)",
                      "--cell-size", "\(cell.0)x\(cell.1)", "-o", png],
                     ["convert", png, "ppm:" + ppm]] {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            p.arguments = argv
            p.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
            try p.run()
            p.waitUntilExit()
            guard p.terminationStatus == 0 else { throw GraphicsHarnessError("\(argv.joined(separator: " ")) failed") }
        }
        return try Screenshot(ppm: ppm)
    }
}

/// `WxH` and `RxC`-style numbers.
func pair(_ text: String?, separator: Character = "x") -> (Int, Int)? {
    guard let parts = text?.split(separator: separator), parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]) else { return nil }
    return (a, b)
}
