import Foundation
import Testing

/// Golden files beside the tests: compared line by line; `ORBIT_RECORD=1` rewrites them
/// and fails, so a re-record is never silent.
enum Golden {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func check(_ actual: String, against name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["ORBIT_RECORD"] == "1" {
            try? actual.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("re-recorded \(name); run again without ORBIT_RECORD", sourceLocation: sourceLocation)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("missing golden file \(name); record it with ORBIT_RECORD=1", sourceLocation: sourceLocation)
            return
        }
        if expected == actual { return }
        let e = expected.components(separatedBy: "\n"), a = actual.components(separatedBy: "\n")
        var diff: [String] = []
        for i in 0..<max(e.count, a.count) {
            let want = i < e.count ? e[i] : "<none>", got = i < a.count ? a[i] : "<none>"
            if want == got { continue }
            diff.append("line \(i + 1):\n  expected: \(want)\n  actual:   \(got)")
            if diff.count == 8 { break }
        }
        let message: String = "\(name) differs from the golden file:\n" + diff.joined(separator: "\n")
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
}
