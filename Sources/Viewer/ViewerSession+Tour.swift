import Gestures

extension ViewerSession {
    /// Plays the demo tour's gestures that fell due and shows or hides its caption.
    func advanceTour(to now: Double) {
        guard let tour = config.tour, let started = tourStarted else { return }
        let position = tour.position(at: now - started)
        while tourGesturesPlayed < position.gesturesDue {
            if let g = tour.gesture(number: tourGesturesPlayed) { motion.apply(g) }
            tourGesturesPlayed += 1
            request(.frame)
        }
        let step = position.captionShown ? position.step : nil
        if step != tourCaption {
            if step == nil { request(.fullImage) }
            tourCaption = step
            request(.frame)
        }
    }

    /// Any key or mouse action ends the tour; the user has control from then on.
    func endTour() {
        guard tourStarted != nil else { return }
        tourStarted = nil
        if tourCaption != nil { request(.fullImage) }
        tourCaption = nil
        request(.frame)
    }

    /// The caption box of the tour step shown, drawn over a picture of `columns` x `rows`:
    /// the key in big letters when there is room, then the caption.
    func tourCaptionBox(columns: Int, rows: Int, utf8: Bool) -> String {
        guard let tour = config.tour, let index = tourCaption, index < tour.steps.count else { return "" }
        let step = tour.steps[index]
        let title = "orbit demo - any key: your turn"
        var lines: [String]
        if let big = BigText.rows(step.key, utf8: utf8), BigText.width(step.key) + 4 <= columns,
            rows >= BigText.height + 6
        {
            lines = big + ["", step.caption]
        } else {
            lines = ["\(step.key): \(step.caption)"]
        }
        lines = lines.map { CellWidth.prefix($0, fitting: max(0, columns - 4)).text }
        // Centre the big letters over the caption.
        let inner = max(lines.map { CellWidth.of($0) }.max() ?? 0, CellWidth.of(title) + 2)
        lines = lines.map { line in
            let pad = max(0, (inner - CellWidth.of(line)) / 2)
            return String(repeating: " ", count: pad) + line
        }
        return OverlayBox(title: title, lines: lines).render(columns: columns, rows: rows, utf8: utf8)
    }
}
