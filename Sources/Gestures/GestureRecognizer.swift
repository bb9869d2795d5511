/// Turns keys and mouse reports into gestures.
///
/// Keys (CLI.md): Left/Right/Up/Down swipe, `+`/`=` pinch out, `-` pinch in, Space tap,
/// `r` rotate, `R` rotate back, `v` reset the view. Mouse: a press catches the model, a drag pans, a release
/// while moving flings it (momentum), a press and release without moving is a click, the
/// wheel pinches. Terminals report motion only while a button is held, so motion without a
/// press seen begins a drag, and a release without one is a click. Other keys give no gesture; the viewer handles them.
public struct GestureRecognizer: Sendable {
    /// Width of the view in cells. Default 80.
    public var columns: Int
    /// Height of the view in cells. Default 24.
    public var rows: Int
    /// Width of a cell divided by its height. Default 0.5.
    public var cellAspect: Double
    /// Release speed is measured over the drag's last `velocityWindow` seconds (or back to
    /// the previous read when every report since came in one read); a release after a
    /// longer pause has no momentum. Default 0.1 s.
    public var velocityWindow: Double

    private var pressed = false
    private var moved = false
    private var last: MouseEvent?
    private var samples: [MouseEvent] = []

    /// A recognizer for a view of `columns` x `rows` cells.
    public init(columns: Int = 80, rows: Int = 24, cellAspect: Double = 0.5, velocityWindow: Double = 0.1) {
        self.columns = columns
        self.rows = rows
        self.cellAspect = cellAspect
        self.velocityWindow = velocityWindow
    }

    /// The gesture a key stands for, if any.
    public static func gesture(for key: Key) -> Gesture? {
        switch key {
        case .left: return .swipe(.left)
        case .right: return .swipe(.right)
        case .up: return .swipe(.up)
        case .down: return .swipe(.down)
        case .character(let c):
            switch c {
            case "+", "=": return .pinchOut
            case "-": return .pinchIn
            case " ": return .tap
            case "r": return .rotate
            case "R": return .rotateBack
            case "v": return .resetView
            default: return nil
            }
        }
    }

    /// The gestures an input event makes (none, one, or for mouse reports sometimes two).
    public mutating func gestures(for event: InputEvent) -> [Gesture] {
        switch event {
        case .key(let k): return Self.gesture(for: k).map { [$0] } ?? []
        case .mouse(let m): return gestures(for: m)
        }
    }

    private mutating func gestures(for m: MouseEvent) -> [Gesture] {
        switch m.kind {
        case .scrollUp: return [.pinchOut]
        case .scrollDown: return [.pinchIn]
        case .pressed:
            pressed = true
            moved = false
            last = m
            samples = [m]
            return [.panBegan]
        case .moved:
            // The terminal reports motion only while a button is held (mode 1002), and
            // ncurses can fold a press into the report after it: motion without a press
            // seen starts the drag where it is.
            guard pressed, let l = last else {
                pressed = true
                moved = false
                last = m
                samples = [m]
                return [.panBegan]
            }
            if m.column == l.column && m.row == l.row { return [] }
            moved = true
            last = m
            record(m)
            let (dx, dy) = viewHeights(columns: m.column - l.column, rows: m.row - l.row)
            return [.pan(dx: dx, dy: dy)]
        case .released:
            // A release whose press was folded away is a click.
            guard pressed else { return [.click] }
            var out: [Gesture] = []
            // A release may come at a new position without a motion report before it.
            if let l = last, m.column != l.column || m.row != l.row {
                moved = true
                record(m)
                let (dx, dy) = viewHeights(columns: m.column - l.column, rows: m.row - l.row)
                out.append(.pan(dx: dx, dy: dy))
            }
            pressed = false
            defer {
                samples = []
                last = nil
            }
            if !moved { return [.click] }
            let (vx, vy) = releaseVelocity(at: m.time)
            out.append(.panEnded(velocityX: vx, velocityY: vy))
            return out
        }
    }

    /// Keeps a position of the drag for the release speed.
    ///
    /// Reports that arrive in one read carry one time (the read's), so several samples
    /// can share a time: only the newest position at a time is kept, and the samples'
    /// times strictly increase. Samples older than the window are dropped, except the
    /// newest of them: when every report since came in one read, it is the only time
    /// the motion can be measured against.
    private mutating func record(_ m: MouseEvent) {
        if let end = samples.last, m.time <= end.time {
            samples[samples.count - 1] = MouseEvent(m.kind, column: m.column, row: m.row, time: end.time)
        } else {
            samples.append(m)
        }
        if let i = samples.lastIndex(where: { m.time - $0.time > velocityWindow }), i > 0 {
            samples.removeFirst(i)
        }
        if samples.count > Self.maximumSamples { samples.removeFirst(samples.count - Self.maximumSamples) }
    }

    /// Most drag samples kept (the reads within one velocity window).
    private static let maximumSamples = 64

    /// The release speed in view heights per second: the motion from the oldest sample
    /// within `velocityWindow` of the last one, or when all of them share the last one's
    /// time (one read), from the newest sample before it, over the time between. A zero
    /// interval never divides: reports read together have no interval of their own, and
    /// the interval back to the previous read bounds the time their motion took, so the
    /// speed is never overstated. No speed after a pause longer than the window, or when
    /// the whole drag came in one read.
    private func releaseVelocity(at time: Double) -> (Double, Double) {
        guard let end = samples.last, time - end.time <= velocityWindow, samples.count >= 2 else { return (0, 0) }
        let within = samples.firstIndex { end.time - $0.time <= velocityWindow } ?? samples.count - 1
        let start = samples[min(within, samples.count - 2)]
        let dt = end.time - start.time
        guard dt > 0 else { return (0, 0) }
        let (dx, dy) = viewHeights(columns: end.column - start.column, rows: end.row - start.row)
        return (dx / dt, dy / dt)
    }

    /// A cell offset in view heights (columns scaled by the cell aspect).
    private func viewHeights(columns dc: Int, rows dr: Int) -> (Double, Double) {
        let h = Double(max(rows, 1))
        return (Double(dc) * cellAspect / h, Double(dr) / h)
    }
}
