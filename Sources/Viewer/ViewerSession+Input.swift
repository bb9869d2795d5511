import CNcurses
import Display
import Gestures

extension ViewerSession {
    enum Outcome { case keepGoing, quit }

    /// Acts on one input.
    func handle(_ input: TerminalInput) -> Outcome {
        switch input {
        case .resize:
            terminal.reset()
            let size = terminal.size
            recorder?.resize(columns: size.columns, rows: size.rows, at: clock.now() - start)
            recognizer.columns = size.columns
            recognizer.rows = size.rows
            request(.clear)
            return .keepGoing
        case .mouse(let m):
            endTour()
            if browseWheel(m) { return .keepGoing }
            // On the ball scene the pointer tilts the device towards it.
            let gestures = motion.ball != nil ? recognizer.tiltGestures(for: m) : recognizer.gestures(for: .mouse(m))
            if !gestures.isEmpty {
                motion.apply(gestures)
                request(.frame)
            }
            return .keepGoing
        case .statusReply:
            statusAnswered()
            return .keepGoing
        case .reply:
            // A late answer to the start-up probe: read, never a key.
            return .keepGoing
        case .key(let code):
            endTour()
            let command = ViewerCommand.from(code: code, arrows: terminal.arrowCodes)
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
            if showHelp {
                toggleHelp()
                return .keepGoing
            }
            if showLegend {
                toggleLegend()
                return .keepGoing
            }
            if let j = job, !j.progress.isCancelled {
                cancel(j)
                return .keepGoing
            }
            if cancelFlightBuild() { return .keepGoing }
        }
        switch command {
        case .quit:
            job?.progress.cancel()
            _ = flight?.cancel()
            return .quit
        case .gesture(let key):
            if browseKey(key) {
                startupHint = nil
                break
            }
            if let g = GestureRecognizer.gesture(for: key) {
                motion.apply(g)
                hudNote = nil
                startupHint = nil
                request(.frame)
            }
        case .toggleHelp:
            toggleHelp()
        case .toggleLegend:
            toggleLegend()
        case .nextGlyphs:
            renderer.nextGlyphSet()
            request(.fullImage)
            request(.frame)
        case .nextColors:
            renderer.nextColorDepth()
            request(.fullImage)
            request(.frame)
        case .nextOutput:
            renderer.nextOutput()
            request(.clear)
        case .toggleFullDetail:
            renderer.toggleFullDetail()
            request(.frame)
        case .level(let n):
            requestLevel(n)
        case .levelStep(let d):
            requestLevel((job?.level ?? level ?? 0) + d)
        case .redraw:
            terminal.reset()
            request(.clear)
        case .move(let dx, let dy):
            browseMove(dx: dx, dy: dy)
        case .screenshot:
            // The picture on screen is the frame before an abandoned one, whose pixels are
            // gone: the frame drawn next is saved.
            if renderer.lastFrameAbandoned {
                screenshotDue = true
            } else {
                hudNote = Screenshot.save(renderer.lastFrameImage(), in: screenshotFolder)
            }
            request(.frame)
        case .toggleAnimation, .nextAnimation, .animationSpeed:
            performAnimation(command)
        case .none:
            break
        }
        return .keepGoing
    }

    private func toggleHelp() {
        showHelp.toggle()
        if !showHelp { request(.fullImage) }
        request(.frame)
    }

    private func toggleLegend() {
        showLegend.toggle()
        if !showLegend { request(.fullImage) }
        request(.frame)
    }

    // MARK: Levels

    private func requestLevel(_ wanted: Int) {
        if flight != nil {
            notice("levels", "browsing by zoom: start with --level N for fixed levels")
            return
        }
        guard let source = config.levels else {
            notice("levels", "only the apollonian scene has levels")
            return
        }
        let n = min(max(wanted, source.range.lowerBound), source.range.upperBound)
        if let j = job {
            if j.level == n && !j.progress.isCancelled {
                pendingLevel = nil
                return
            }
            // One build at a time: the next starts once this one has stopped.
            j.progress.cancel()
            pendingLevel = n
            message = ViewerMessage(
                kind: .progress, title: "level \(n)",
                text: ViewerMessage.progressText(fraction: 0, text: "waiting for level \(j.level) to stop"))
            request(.frame)
            return
        } else if n == level {
            notice("level \(n)", "already showing level \(n)")
            return
        }
        startLevel(n, source: source)
    }

    private func startLevel(_ n: Int, source: LevelSource) {
        job = LevelJob(level: n, source: source)
        message = ViewerMessage(
            kind: .progress, title: "level \(n)",
            text: ViewerMessage.progressText(fraction: 0, text: "starting (Esc cancels)"))
        request(.frame)
    }

    private func cancel(_ j: LevelJob) {
        j.progress.cancel()
        pendingLevel = nil
        notice("level \(j.level)", "cancelled")
    }

    func notice(_ title: String, _ text: String) {
        if message != nil { request(.fullImage) }
        message = ViewerMessage(kind: .notice(until: clock.now() + 2), title: title, text: text)
        request(.frame)
    }

    /// Picks up a finished level, or shows how far it is.
    func pollJob() {
        guard let j = job else { return }
        if j.progress.isCancelled {
            // Its thread has ended: start what was asked for meanwhile, if anything.
            guard j.result != nil else { return }
            job = nil
            if let n = pendingLevel, let source = config.levels {
                pendingLevel = nil
                startLevel(n, source: source)
            }
            return
        }
        switch j.result {
        case nil:
            let p = j.progress.current
            let text = ViewerMessage.progressText(
                fraction: p.fraction, text: p.text.isEmpty ? "working (Esc cancels)" : p.text)
            if message?.text != text {
                message = ViewerMessage(kind: .progress, title: "level \(j.level)", text: text)
                request(.frame)
            }
        case .success(let scene)?:
            job = nil
            renderer.setScene(scene)
            label = scene.label
            legend = scene.legend
            if showLegend { request(.fullImage) }
            level = j.level
            dismissMessage()
            request(.frame)
        case .failure(let error)?:
            job = nil
            request(.fullImage)
            message = ViewerMessage(kind: .error, title: "level \(j.level)", text: "\(error)")
            request(.frame)
        }
    }
}
