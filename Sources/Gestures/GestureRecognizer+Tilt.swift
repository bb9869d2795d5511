extension GestureRecognizer {
    /// The mouse as a tilt: a press or a drag at a cell tilts the ball's device towards
    /// it (`Gesture.point`, relative to the view's centre); other reports give nothing.
    public func tiltGestures(for m: MouseEvent) -> [Gesture] {
        guard m.kind == .pressed || m.kind == .moved else { return [] }
        let halfWidth = Double(max(columns, 1)) / 2
        let halfHeight = Double(max(rows, 1)) / 2
        let x = (Double(m.column) + 0.5 - halfWidth) / halfWidth
        let y = (Double(m.row) + 0.5 - halfHeight) / halfHeight
        return [.point(x: min(max(x, -1), 1), y: min(max(y, -1), 1))]
    }
}
