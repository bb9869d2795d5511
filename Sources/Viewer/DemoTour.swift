import Gestures

/// A narrated tour of the gestures for `orbit demo`: each step shows its key in big
/// letters with a caption, then plays the gesture and leaves the picture to show the
/// motion it causes (the HUD names it); after the last step the view resets and the tour
/// starts again. Any key or mouse action ends the tour and hands control to the user.
public struct DemoTour: Sendable {
    /// One step of the tour.
    public struct Step: Sendable {
        /// The key as shown big, e.g. `RIGHT`, `SPACE`, `+`.
        public var key: String
        /// What the step shows, one short line.
        public var caption: String
        /// The gesture played after the caption; nil for a caption alone.
        public var gesture: Gesture?

        /// A step.
        public init(key: String, caption: String, gesture: Gesture?) {
            self.key = key
            self.caption = caption
            self.gesture = gesture
        }
    }

    /// The steps, in order.
    public var steps: [Step]
    /// Seconds a caption is shown before its gesture plays. Default 1.6.
    public var captionSeconds: Double
    /// Seconds the motion is shown after the gesture, before the next caption. Default 2.4.
    public var motionSeconds: Double

    /// A tour of `steps`.
    public init(steps: [Step], captionSeconds: Double = 1.6, motionSeconds: Double = 2.4) {
        self.steps = steps
        self.captionSeconds = max(0.1, captionSeconds)
        self.motionSeconds = max(0.1, motionSeconds)
    }

    /// Seconds one round of the tour takes.
    public var loopSeconds: Double { Double(steps.count) * (captionSeconds + motionSeconds) }

    /// Every gesture of the viewer, in an order that tells a story.
    public static let standard = DemoTour(steps: [
        Step(key: "RIGHT", caption: "swipe right: the front follows your finger", gesture: .swipe(.right)),
        Step(key: "RIGHT", caption: "swipe again the same way: twice as fast", gesture: .swipe(.right)),
        Step(key: "UP", caption: "swipe up: the spin turns from where the model is", gesture: .swipe(.up)),
        Step(key: "LEFT", caption: "swipe left: the other way round", gesture: .swipe(.left)),
        Step(key: "DOWN", caption: "swipe down", gesture: .swipe(.down)),
        Step(key: "SPACE", caption: "tap: pause", gesture: .tap),
        Step(key: "R", caption: "rotate: roll 5 degrees (while paused)", gesture: .rotate),
        Step(key: "SPACE", caption: "tap again: go on spinning, roll kept", gesture: .tap),
        Step(key: "+", caption: "pinch out (or the mouse wheel): closer", gesture: .pinchOut),
        Step(key: "+", caption: "closer still, up to the zoom limit", gesture: .pinchOut),
        Step(key: "-", caption: "pinch in: farther", gesture: .pinchIn),
        Step(
            key: "DRAG", caption: "drag and let go with the mouse: it keeps turning",
            gesture: .panEnded(velocityX: 0.8, velocityY: -0.3)),
        Step(key: "CLICK", caption: "click: catch it", gesture: .click),
        Step(key: "V", caption: "v: back to the start", gesture: .resetView),
    ])

    /// What the tour shows `seconds` after it started: the step, whether its caption is
    /// up, and how many gestures have fallen due in total since the start (rounds included).
    func position(at seconds: Double) -> (step: Int, captionShown: Bool, gesturesDue: Int) {
        guard !steps.isEmpty, seconds.isFinite, seconds >= 0 else { return (0, true, 0) }
        let stepLength = captionSeconds + motionSeconds
        let totalSteps = Int(seconds / stepLength)
        let phase = seconds - Double(totalSteps) * stepLength
        let shown = phase < captionSeconds
        return (totalSteps % steps.count, shown, totalSteps + (shown ? 0 : 1))
    }

    /// The gesture of the `n`-th step played since the start (counting across rounds).
    func gesture(number n: Int) -> Gesture? { steps.isEmpty ? nil : steps[n % steps.count].gesture }
}
