import Gestures

extension DemoTour {
    /// The tour of `orbit demo ball`: tilting with the arrows, levelling with Space, the
    /// mouse's tilt towards the pointer, and back to the start.
    public static let ball = DemoTour(steps: [
        Step(key: "LEFT", caption: "tilt left: gravity pulls the ball left", gesture: .tilt(.left)),
        Step(key: "LEFT", caption: "tilt more: 0.2 g a press, stronger gravity", gesture: .tilt(.left)),
        Step(key: "DOWN", caption: "tilt down as well: it rolls into the corner", gesture: .tilt(.down)),
        Step(key: "SPACE", caption: "level: the ball slows down and comes to rest", gesture: .level),
        Step(key: "UP", caption: "tilt up: it falls up and bounces off the edge", gesture: .tilt(.up)),
        Step(key: "RIGHT", caption: "tilt right too: gravity points up and right", gesture: .tilt(.right)),
        Step(
            key: "MOUSE", caption: "press the mouse: the device tilts towards the pointer",
            gesture: .point(x: -0.8, y: 0.7)),
        Step(key: "V", caption: "v: back to the start", gesture: .resetView),
    ])
}
