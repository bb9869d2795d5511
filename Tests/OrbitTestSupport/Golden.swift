import Foundation
import Testing

/// Golden files: text a test produces compared with a file in the `Fixtures` folder beside
/// the calling test file, line by line (the first eight differing lines are reported).
/// With `ORBIT_RECORD=1` the file is rewritten and the test fails, so a re-record is
/// never silent.
public enum Golden {
    /// Compares `actual` with `Fixtures/NAME` beside `file` (the caller's source file).
    public static func check(
        _ actual: String, against name: String, file: String = #filePath,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let url = URL(fileURLWithPath: file).deletingLastPathComponent()
            .appendingPathComponent("Fixtures").appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["ORBIT_RECORD"] == "1" {
            do {
                try actual.write(to: url, atomically: true, encoding: .utf8)
                Issue.record("re-recorded \(name); run again without ORBIT_RECORD", sourceLocation: sourceLocation)
            } catch {
                Issue.record("cannot record \(name): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("missing golden file \(name); record it with ORBIT_RECORD=1", sourceLocation: sourceLocation)
            return
        }
        if expected == actual { return }
        let e = expected.components(separatedBy: "\n")
        let a = actual.components(separatedBy: "\n")
        var diff: [String] = []
        for i in 0..<max(e.count, a.count) {
            let want = i < e.count ? e[i] : "<none>"
            let got = i < a.count ? a[i] : "<none>"
            if want == got { continue }
            diff.append("line \(i + 1):\n  expected: \(want)\n  actual:   \(got)")
            if diff.count == 8 { break }
        }
        Issue.record(
            Comment(rawValue: "\(name) differs from the golden file:\n" + diff.joined(separator: "\n")),
            sourceLocation: sourceLocation)
    }
}
