import Foundation
import Testing

@testable import Assets

@Suite struct NumberParsing {
    @Test(arguments: [
        "0", "-0.5", "+3", ".25", "5.", "1e3", "1E-3", "-2.5e+2", "123456789.123456789", "0.1", "6.02214076e23",
        "1e-30", "3.4028234e38", "0.000001", "99999999999999999999999",
    ])
    func decimalNumbersParseAsFoundationDoes(text: String) {
        let value = TextScanner.double(Array(text.utf8)[...])
        #expect(value == Double(text) || (value.map { abs($0 - (Double(text) ?? 0)) <= abs($0) * 1e-15 } ?? false))
    }

    @Test(arguments: ["", "-", ".", "e5", "1e", "1.2.3", "0x10", "nan", "inf", "-Infinity", "1e999", "1,5", "--1"])
    func malformedOrInfiniteNumbersAreRefused(text: String) {
        #expect(TextScanner.double(Array(text.utf8)[...]) == nil)
    }
}

/// The byte-level number scanner against Foundation's parser on many generated numbers:
/// exact for up to 15 significant digits with small exponents (one correctly rounded
/// operation), within a few units in the last place otherwise, the same whether it checks
/// the end of memory or stops at a line break, and the same through `plainDouble`.
@Suite struct NumberScannerCorpus {
    /// `text` read both ways; both must agree on the value and where the number ends.
    static func scan(_ text: String) -> Double? {
        let checked = TextScanner.double(Array(text.utf8)[...])
        let line = Array((text + "\n").utf8)
        let unchecked = line.withUnsafeBufferPointer { b -> Double? in
            guard let base = b.baseAddress,
                let r = NumberScanner.double(base, 0, b.count, NumberScanner.Unchecked.self),
                r.next == b.count - 1
            else { return nil }
            return r.value
        }
        #expect(checked == unchecked, "\(text)")
        // The inlined common form, where it accepts the text, reads what the full scanner reads.
        line.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress, let plain = NumberScanner.plainDouble(base, 0) else { return }
            let full = NumberScanner.double(base, 0, b.count, NumberScanner.Unchecked.self)
            #expect(full?.value == plain.value && full?.next == plain.next, "\(text)")
        }
        return checked
    }

    @Test func shortNumbersAreExact() {
        var g = SplitMix64(state: 42)
        for k in 0..<20_000 {
            let v = Double.random(in: -1000...1000, using: &g) * (k % 3 == 0 ? 1e-6 : 1)
            let formats = ["%.6f", "%g", "%.3e", "%.15g", "%+.4f", "%.0f"]
            var text = String(format: formats[k % formats.count], v)
            // Leading dots, as some exporters write: 0.5 -> .5, -0.5 -> -.5.
            if k % 7 == 0 { text = text.replacing("0.", with: ".", maxReplacements: 1) }
            #expect(Self.scan(text) == Double(text), "\(text)")
        }
    }

    @Test func longMantissasAndLargeExponentsAreWithinAFewUnitsInTheLastPlace() {
        var g = SplitMix64(state: 7)
        for k in 0..<20_000 {
            let v = Double.random(in: 1...10, using: &g) * pow(10, Double(Int.random(in: -60...60, using: &g)))
            let text = String(format: k % 2 == 0 ? "%.17g" : "%.25e", k % 3 == 0 ? -v : v)
            guard let expected = Double(text), let value = Self.scan(text) else {
                Issue.record("\(text) not read")
                continue
            }
            #expect(abs(value - expected) <= 4 * expected.ulp.magnitude, "\(text)")
            // As a Float (what the readers keep; in its normal range) at most one unit apart.
            if abs(expected) < 1e38, abs(expected) > 1e-37 {
                #expect(abs(Float(value) - Float(expected)) <= Float(expected).ulp.magnitude, "\(text)")
            }
        }
    }

    @Test(arguments: ["1e", "1e+", "-", "+.", ".e1", "1..2", "--1", "1e5x", "0x1p3"])
    func incompleteNumbersAreRefusedBothWays(text: String) {
        #expect(Self.scan(text) == nil)
    }
}
