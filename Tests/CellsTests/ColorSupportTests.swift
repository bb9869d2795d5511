import Testing

@testable import Cells

@Suite struct ColorDetection {
    struct Case: Sendable, CustomTestStringConvertible {
        let env: [String: String]
        let colors: Int?
        let rgb: Bool
        let expected: ColorDepth
        var testDescription: String {
            "\(env) colors=\(colors.map(String.init) ?? "-") rgb=\(rgb) -> \(expected.rawValue)"
        }
    }

    static let table: [Case] = [
        Case(env: ["TERM": "xterm-256color", "COLORTERM": "truecolor"], colors: 256, rgb: false, expected: .truecolor),
        Case(env: ["TERM": "xterm-256color", "COLORTERM": "24bit"], colors: 256, rgb: false, expected: .truecolor),
        Case(env: ["TERM": "xterm-256color", "COLORTERM": "TrueColor"], colors: 256, rgb: false, expected: .truecolor),
        Case(
            env: ["TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1"], colors: 256, rgb: false,
            expected: .none),
        Case(env: ["TERM": "xterm-256color", "NO_COLOR": ""], colors: 256, rgb: false, expected: .ansi256),
        Case(env: ["TERM": "xterm-256color"], colors: 256, rgb: false, expected: .ansi256),
        Case(
            env: ["TERM": "tmux-256color", "COLORTERM": "gnome-terminal"], colors: 256, rgb: false, expected: .ansi256),
        Case(env: ["TERM": "xterm-direct"], colors: 16_777_216, rgb: true, expected: .truecolor),
        Case(env: ["TERM": "xterm"], colors: 8, rgb: false, expected: .ansi16),
        Case(env: ["TERM": "linux"], colors: 8, rgb: false, expected: .ansi16),
        Case(env: ["TERM": "vt100"], colors: -1, rgb: false, expected: .none),
        Case(env: ["TERM": "dumb", "COLORTERM": "truecolor"], colors: nil, rgb: false, expected: .none),
        Case(env: [:], colors: nil, rgb: false, expected: .none),
        Case(env: ["TERM": ""], colors: nil, rgb: false, expected: .none),
        // No terminfo entry: the TERM name decides.
        Case(env: ["TERM": "screen-256color"], colors: nil, rgb: false, expected: .ansi256),
        Case(env: ["TERM": "foot-direct"], colors: nil, rgb: false, expected: .truecolor),
        Case(env: ["TERM": "rxvt-unicode"], colors: nil, rgb: false, expected: .ansi16),
        Case(env: ["TERM": "vt52-color"], colors: nil, rgb: false, expected: .ansi16),
        Case(env: ["TERM": "mystery-terminal"], colors: nil, rgb: false, expected: .none),
    ]

    @Test(arguments: table)
    func detectionPicksTheDepthTheEnvironmentPromises(_ c: Case) {
        #expect(ColorSupport.detect(environment: c.env, terminfoColors: c.colors, terminfoHasRGB: c.rgb) == c.expected)
    }
}
