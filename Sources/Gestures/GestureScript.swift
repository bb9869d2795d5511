/// Gestures at frame numbers, for recorded demos and headless renders:
/// `right@0 right@10 tap@20 pinch-out@30 rotate@40`.
///
/// Tokens are `NAME@FRAME`, separated by spaces or commas; FRAME is a whole number >= 0
/// (frame n is tick n, n/30 s in the live viewer). Names:
///
/// | name | gesture |
/// |---|---|
/// | `left` `right` `up` `down` (or `swipe-left` ...) | swipe |
/// | `tap` | tap: pause / resume |
/// | `pinch-in` `pinch-out` | camera away / closer by 1.1 |
/// | `rotate` `rotate-back` | roll +5 / -5 degrees about Z |
/// | `fling-left` `fling-right` `fling-up` `fling-down` | release a drag at 1 view height/s (180 deg/s) |
/// | `click` | stop the momentum |
/// | `reset` | back to the starting view |
/// | `tilt-left` `tilt-right` `tilt-up` `tilt-down` | ball: tilt the device 0.2 g that way |
/// | `level` | ball: level the device |
public struct GestureScript: Hashable, Sendable {
    /// One scheduled gesture.
    public struct Entry: Hashable, Sendable {
        /// The frame (tick) at which the gesture happens, >= 0.
        public var frame: Int
        /// The gesture.
        public var gesture: Gesture
        /// A scheduled gesture.
        public init(frame: Int, gesture: Gesture) {
            self.frame = frame
            self.gesture = gesture
        }
    }

    /// The gestures, sorted by frame; gestures at the same frame keep the script's order.
    public let entries: [Entry]

    /// A script from entries in any order.
    public init(entries: [Entry]) {
        self.entries = entries.enumerated()
            .sorted { ($0.element.frame, $0.offset) < ($1.element.frame, $1.offset) }
            .map(\.element)
    }

    /// Every gesture name the parser accepts, with its gesture.
    public static let names: [(name: String, gesture: Gesture)] = [
        ("left", .swipe(.left)), ("right", .swipe(.right)), ("up", .swipe(.up)), ("down", .swipe(.down)),
        ("swipe-left", .swipe(.left)), ("swipe-right", .swipe(.right)),
        ("swipe-up", .swipe(.up)), ("swipe-down", .swipe(.down)),
        ("tap", .tap), ("pinch-in", .pinchIn), ("pinch-out", .pinchOut),
        ("rotate", .rotate), ("rotate-back", .rotateBack),
        ("fling-left", .panEnded(velocityX: -1, velocityY: 0)), ("fling-right", .panEnded(velocityX: 1, velocityY: 0)),
        ("fling-up", .panEnded(velocityX: 0, velocityY: -1)), ("fling-down", .panEnded(velocityX: 0, velocityY: 1)),
        ("click", .click), ("reset", .resetView),
        ("tilt-left", .tilt(.left)), ("tilt-right", .tilt(.right)), ("tilt-up", .tilt(.up)),
        ("tilt-down", .tilt(.down)),
        ("level", .level),
    ]

    /// The last frame a gesture may be at: the `--frames` limit (1,000,000 frames, over
    /// nine hours at 30 frames per second).
    public static let maximumFrame = 1_000_000

    /// Reads a script such as `right@0 right@10 tap@20`.
    /// - Throws: `GestureScriptError` naming the first bad token: an unknown name, a
    ///   missing `@FRAME`, a frame that is not a whole number >= 0, or an empty script.
    public static func parse(_ text: String) throws -> GestureScript {
        let tokens = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" })
        if tokens.isEmpty {
            throw GestureScriptError(token: "", problem: "empty; expected NAME@FRAME tokens such as 'right@0 tap@20'")
        }
        var entries: [Entry] = []
        for token in tokens.map(String.init) {
            let parts = token.split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count == 2 else {
                throw GestureScriptError(token: token, problem: "expected NAME@FRAME, such as 'right@10'")
            }
            let name = parts[0].lowercased()
            let frameText = String(parts[1])
            guard let gesture = names.first(where: { $0.name == name })?.gesture else {
                let known = names.map(\.name).joined(separator: " ")
                throw GestureScriptError(token: token, problem: "unknown gesture '\(name)'; known: \(known)")
            }
            guard !frameText.isEmpty, frameText.allSatisfy(\.isASCII), frameText.allSatisfy(\.isNumber) else {
                throw GestureScriptError(token: token, problem: "frame '\(frameText)' is not a whole number >= 0")
            }
            // Digits only: a number too large for Int is past the limit too.
            guard let frame = Int(frameText), frame <= maximumFrame else {
                throw GestureScriptError(
                    token: token, problem: "frame '\(frameText)' is past the last frame, \(maximumFrame)")
            }
            entries.append(Entry(frame: frame, gesture: gesture))
        }
        return GestureScript(entries: entries)
    }

    /// The gestures scheduled at `frame`, in order.
    public func gestures(atFrame frame: Int) -> [Gesture] {
        entries.filter { $0.frame == frame }.map(\.gesture)
    }

    /// The gestures scheduled in the frames `range` (half-open), in order; the live viewer
    /// uses this when its frames skip ticks.
    public func gestures(inFrames range: Range<Int>) -> [Gesture] {
        entries.filter { range.contains($0.frame) }.map(\.gesture)
    }

    /// The last frame with a gesture (-1 for an empty script).
    public var lastFrame: Int { entries.last?.frame ?? -1 }
}
