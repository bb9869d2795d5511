import Display
import Foundation
import Testing

@Suite struct Base64Text {
    /// Every length from 0 to 40 and a long run, whole arrays and slices that do not start
    /// at 0, appended after existing bytes: the text Foundation gives.
    @Test func appendsWhatFoundationEncodes() {
        var lcg = TestFrames.LCG(seed: 64)
        let bytes = (0..<3000).map { _ in lcg.byte() }
        for (offset, length) in (0...40).map({ (7 * $0 % 5, $0) }) + [(1, 2999), (0, 3000)] {
            let slice = bytes[offset..<(offset + length)]
            var out: [UInt8] = Array("x=".utf8)
            Base64.append(slice, to: &out)
            #expect(out == Array(("x=" + Data(slice).base64EncodedString()).utf8), "\(offset) \(length)")
            #expect(Base64.encode(Array(slice)) == Data(slice).base64EncodedString())
        }
    }
}
