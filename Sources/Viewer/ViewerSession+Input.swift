import CNcurses
import Gestures

extension ViewerSession {
    enum Outcome { case keepGoing, quit }

    /// Acts on one input.
    func handle(_ input: TerminalInput) -> Outcome {
        switch input {
        case .resize:
            terminal.reset()
            let size = terminal.size
            recorder?.resize(columns: size.columns, rows: size.rows, at: cn_monotonic_seconds() - start)
            recognizer.columns = size.columns
            recognizer.rows = size.rows
            needsClear = true
            return .keepGoing
        case .mouse(let m):
            endTour()
            // On the ball scene the pointer tilts the device towards it.
            let gestures = motion.ball != nil ? recognizer.tiltGestures(for: m) : recognizer.gestures(for: .mouse(m))
            if !gestures.isEmpty {
                motion.apply(gestures)
                needsDraw = true
            }
            return .keepGoing
        case .statusReply:
            acknowledger.answerReceived()
            return .keepGoing
        case .reply:
            // A late answer to the start-up probe: read, never a key.
            return .keepGoing
        case .key(let code):
            endTour()
            let command = ViewerCommand.from(code: code, arrows: (KEY_LEFT, KEY_RIGHT, KEY_UP, KEY_DOWN))
            return perform(command, escape: code == 27)
        }
    }

    private func perform(_ command: ViewerCommand, escape: Bool) -> Outcome {
        // An error box takes the first key; Esc only closes overlays and cancels a job.
        if message?.kind == .error {
            dismissMessage()
            if command != .quit || escape { return .keepGoing }
        }
        if escape {
            if showHelp { toggleHelp(); return .keepGoing }
            if showLegend { toggleLegend(); return .keepGoing }
            if let j = job { cancel(j); return .keepGoing }
        }
        switch command {
        case .quit:
            job?.progress.cancel()
            return .quit
        case .gesture(let key):
            if let g = GestureRecognizer.gesture(for: key) {
                motion.apply(g)
                hudNote = nil
                needsDraw = true
            }
        case .toggleHelp:
            toggleHelp()
        case .toggleLegend:
            toggleLegend()
        case .nextGlyphs:
            renderer.nextGlyphSet()
            needsFullImage = true
            needsDraw = true
        case .nextColors:
            renderer.nextColorDepth()
            needsFullImage = true
            needsDraw = true
        case .nextOutput:
            renderer.nextOutput()
            needsClear = true
        case .level(let n):
            requestLevel(n)
        case .levelStep(let d):
            requestLevel((job?.level ?? level ?? 0) + d)
        case .redraw:
            terminal.reset()
            needsClear = true
        case .screenshot:
            hudNote = Screenshot.save(renderer.lastFrameImage())
            needsDraw = true
        case .none:
            break
        }
        return .keepGoing
    }

    private func toggleHelp() {
        showHelp.toggle()
        if !showHelp { needsFullImage = true }
        needsDraw = true
    }

    private func toggleLegend() {
        showLegend.toggle()
        if !showLegend { needsFullImage = true }
        needsDraw = true
    }

    // MARK: Levels

    private func requestLevel(_ wanted: Int) {
        guard let source = config.levels else {
            notice("levels", "only the apollonian scene has levels")
            return
        }
        let n = min(max(wanted, source.range.lowerBound), source.range.upperBound)
        if let j = job {
            if j.level == n { return }
            j.progress.cancel()
        } else if n == level {
            notice("level \(n)", "already showing level \(n)")
            return
        }
        job = LevelJob(level: n, source: source)
        message = ViewerMessage(kind: .progress, title: "level \(n)",
                                text: ViewerMessage.progressText(fraction: 0, text: "starting (Esc cancels)"))
        needsDraw = true
    }

    private func cancel(_ j: LevelJob) {
        j.progress.cancel()
        job = nil
        notice("level \(j.level)", "cancelled")
    }

    private func notice(_ title: String, _ text: String) {
        if message != nil { needsFullImage = true }
        message = ViewerMessage(kind: .notice(until: cn_monotonic_seconds() + 2), title: title, text: text)
        needsDraw = true
    }

    /// Picks up a finished level, or shows how far it is.
    func pollJob() {
        guard let j = job else { return }
        switch j.result {
        case nil:
            let p = j.progress.current
            let text = ViewerMessage.progressText(fraction: p.fraction, text: p.text.isEmpty ? "working (Esc cancels)" : p.text)
            if message?.text != text {
                message = ViewerMessage(kind: .progress, title: "level \(j.level)", text: text)
                needsDraw = true
            }
        case .success(let scene)?:
            job = nil
            renderer.setScene(scene)
            label = scene.label
            legend = scene.legend
            if showLegend { needsFullImage = true }
            level = j.level
            dismissMessage()
            needsDraw = true
        case .failure(let error)?:
            job = nil
            needsFullImage = true
            message = ViewerMessage(kind: .error, title: "level \(j.level)", text: "\(error)")
            needsDraw = true
        }
    }
}
