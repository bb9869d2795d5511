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
