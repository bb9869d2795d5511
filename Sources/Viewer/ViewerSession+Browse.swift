import Display
import Gestures

extension ViewerSession {
    /// Picks up a finished browse build and starts the next one when the view moved since
    /// (one build at a time, always for the latest position; input never waits for it).
    func pollFlight() {
        guard flight != nil else { return }
        let changed = flight?.poll() ?? false
        let size = terminal.size
        let rows = size.rows - (hud ? StatusLine.lineCount(columns: size.columns, rows: size.rows) : 0)
        var started = false
        if size.columns >= Self.minimumSize.columns, rows > 0 {
            started =
                flight?.startIfNeeded(
                    size: BrowseSize(columns: size.columns, rows: rows, cellAspect: config.cellAspectInUse)) ?? false
        }
        // The HUD says `building` while a build runs, and how far it has come.
        if changed || started {
            showFlight()
        } else if let f = flight, f.job != nil, label != f.label {
            label = f.label
            request(.frame)
        }
    }

    /// Shows the browsed scene at the current position (the last build, moved and
    /// scaled until the next one arrives) and its HUD label and legend.
    func showFlight() {
        guard let f = flight else { return }
        renderer.setScene(f.shownScene)
        label = f.label
        if legend != f.built.scene.legend {
            legend = f.built.scene.legend
            if showLegend { request(.fullImage) }
        }
        request(.frame)
    }

    /// Esc while a browse build runs: cancels it (the walk stops within about a thousand
    /// quintuples); the last scene stays, and no build starts until the view moves (the
    /// HUD then says `build cancelled (Esc)`). Returns true when a build was cancelled.
    func cancelFlightBuild() -> Bool {
        guard flight?.cancel() ?? false else { return false }
        showFlight()
        return true
    }

    /// Browsing: `+ =` / `-` zoom towards the centre, `v` also goes back to the start.
    /// Returns true when the key was a browse zoom (and so is not a pinch).
    func browseKey(_ key: Key) -> Bool {
        guard let start = flight?.source.initial, case .character(let c) = key else { return false }
        switch c {
        case "+", "=": flight?.zoom(by: BrowseFlight.zoomStep, rotation: motion.modelRotation)
        case "-": flight?.zoom(by: 1 / BrowseFlight.zoomStep, rotation: motion.modelRotation)
        case "v":
            flight?.position = start
            showFlight()
            return false
        default: return false
        }
        showFlight()
        return true
    }

    /// Browsing: the wheel zooms towards the point under the pointer. Returns true when
    /// the event was such a wheel turn.
    func browseWheel(_ m: MouseEvent) -> Bool {
        guard let f = flight, m.kind == .scrollUp || m.kind == .scrollDown else { return false }
        let size = terminal.size
        let rows = max(1, size.rows - (hud ? StatusLine.lineCount(columns: size.columns, rows: size.rows) : 0))
        let columns = max(1, size.columns)
        let h = f.source.halfHeight * motion.cameraDistanceFactor
        let aspect = Double(columns) * config.cellAspectInUse / Double(rows)
        let x = ((Double(m.column) + 0.5) / Double(columns) * 2 - 1) * h * aspect
        let y = (1 - (Double(m.row) + 0.5) / Double(rows) * 2) * h
        let factor = m.kind == .scrollUp ? BrowseFlight.zoomStep : 1 / BrowseFlight.zoomStep
        flight?.zoom(by: factor, x: x, y: y, rotation: motion.modelRotation)
        showFlight()
        return true
    }

    /// Move keys (`W A S D`): shift the browsed view across the screen.
    func browseMove(dx: Int, dy: Int) {
        guard flight != nil else {
            notice("move", "W A S D move only while browsing the apollonian packing")
            return
        }
        flight?.move(dx: Double(dx), dy: Double(dy), rotation: motion.modelRotation)
        showFlight()
    }
}
