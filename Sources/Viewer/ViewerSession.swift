import CNcurses
import Display
import Escapes
import Foundation
import Gestures

#if canImport(Glibc)
    import Glibc
#endif

/// The run loop of one viewer session: input, motion, frames, overlays, signals.
final class ViewerSession {
    /// Smallest usable screen, HUD row included.
    static let minimumSize = (columns: 20, rows: 6)
    /// Largest picture drawn, in cells: what `--size` allows headless. A larger terminal
    /// shows the picture in its top-left 2000x1000 cells and leaves the rest blank, so the
    /// framebuffer stays bounded (about 700 MB at most, braille) however large the window.
    static let maximumPicture = (columns: 2000, rows: 1000)
    /// Longest time step one frame may take, in seconds (after a stall or a suspend the
    /// model does not jump).
    static let maximumStep = 0.25
    /// Longest wait, in seconds, for status answers still in flight on quit or suspend.
    static let drainTimeout = 2.0

    let terminal: any ViewerTerminal
    let clock: any ViewerClock
    /// The signals that arrived since the last call (`Signals.take` for the real terminal).
    let takeSignals: () -> [Int32]
    let renderer: any FrameRenderer
    let config: ViewerConfig
    var motion: MotionState
    var recognizer: GestureRecognizer
    var label: String?
    var level: Int?
    /// The one level build running (a cancelled one stays here until its thread ends).
    var job: LevelJob?
    /// The level asked for while a cancelled build winds down: only the last request is
    /// kept, so a paste of thousands of level keys starts one build, not thousands.
    var pendingLevel: Int?
    /// Browsing a scene at any depth (`orbit apollonian` without `--level`), or nil.
    var flight: BrowseFlight?
    var showHelp = false
    /// The colour legend (key `l`) is shown; `legend` holds its lines for the scene shown.
    var showLegend = false
    var legend: [String]
    var message: ViewerMessage?
    var hud: Bool
    /// A note the HUD shows after the gesture text, such as the last screenshot's path.
    var hudNote: String?
    /// What start-up detection advises (`Viewer.startupNote`), until the first gesture or
    /// browse key; in the status line where it has room.
    var startupHint: String?
    /// The folder `s` saves screenshots in. Default: the current folder when the session
    /// started.
    var screenshotFolder = FileManager.default.currentDirectoryPath
    /// The model's animation, playing from the start, or nil.
    var animation: ViewerAnimation?

    /// What the next frame must draw (the first clears the screen).
    private(set) var repaint = Repaint.clear
    /// Whether frames are drawn or the screen is too small.
    private(set) var phase = ScreenPhase.drawing

    private var lastHUD: String?
    private var lastStep: Double
    let start: Double
    /// Plays `--gestures`, each gesture at its own moment whatever the frame rate.
    private var player: ScriptPlayer?
    private var pacer: FramePacer
    private var meter = RateMeter()
    /// End-to-end flow control: frames wait for the terminal's answers to status queries.
    var acknowledger = FrameAcknowledger()
    /// The link's throughput from the same answers, for the renderer's resolution.
    var linkMeter = LinkMeter()
    /// Frames written, and frames skipped because the terminal was behind.
    private(set) var framesDrawn = 0
    private(set) var framesSkipped = 0
    /// Frames abandoned while drawing (`FrameInterrupt`): a signal or input came first.
    private(set) var framesAbandoned = 0
    /// Abandons a long frame for waiting signals and input.
    let interrupt: FrameInterrupt
    /// The last frame was abandoned for input other than a quit key: the next one is not.
    private var abandonedForInput = false
    /// `s` came while the last frame was abandoned: the screenshot is taken from the next
    /// frame drawn whole.
    var screenshotDue = false
    /// When the demo tour started (nil: no tour, or the user took over).
    var tourStarted: Double?
    /// Tour gestures played so far, counting across rounds.
    var tourGesturesPlayed = 0
    /// The tour step whose caption is on screen, if any.
    var tourCaption: Int?
    /// Where every written frame is recorded (`--record`), if anywhere.
    var recorder: (any SessionRecorder)?
    /// Inside tmux with kitty pictures placed at the pane's offset: where the pane is and
    /// whether it is shown (`pollPane`).
    var paneWatch: TmuxPaneWatch?
    /// The pane as last acted on (nil: as at start-up).
    var paneSeen: TmuxPaneWatch.Pane?
    /// The pane is not on screen: pictures are taken away and not drawn until it is.
    var paneHidden = false
    /// When the picture is placed again after a new placement (`placedAnew`), earliest first.
    var replaceTimes: [Double] = []
    /// Pictures go through tmux's passthrough (placed at the pane's offset, or by
    /// placeholders): tmux may drop a placement, so each is made again later (`placedAnew`).
    var placesThroughTmux = false
    /// The full frame asked for places the picture again (`placedAnew`), not anew.
    var placingAgain = false
    /// The last picture written through tmux, not yet seen to have reached the outer
    /// terminal (`checkPlacement`).
    var placementCheck: PlacementCheck?
    /// The full frame asked for repeats a picture tmux did not pass on (`checkPlacement`).
    var repeatingUnpassed = false
    /// Output figures, printed on exit when `ORBIT_STATS` is set.
    private(set) var stats = OutputStats()

    init(
        terminal: any ViewerTerminal, renderer: any FrameRenderer, config: ViewerConfig,
        clock: any ViewerClock = MonotonicClock(), signals: @escaping () -> [Int32] = Signals.take,
        signalsPending: @escaping () -> Bool = { Signals.hasPending }
    ) {
        self.terminal = terminal
        self.clock = clock
        takeSignals = signals
        let interrupt = FrameInterrupt(terminal: terminal, clock: clock, signalsPending: signalsPending)
        self.interrupt = interrupt
        renderer.setInterruption { interrupt.check() }
        self.renderer = renderer
        self.config = config
        motion = config.motion
        label = config.scene.label
        legend = config.scene.legend
        level = config.levels?.initial
        if let source = config.browse {
            let f = BrowseFlight(source: source, scene: config.scene)
            flight = f
            label = f.label
        }
        hud = config.hud
        let size = terminal.size
        recognizer = GestureRecognizer(columns: size.columns, rows: size.rows, cellAspect: config.cellAspectInUse)
        let now = clock.now()
        start = now
        lastStep = now
        pacer = FramePacer(fps: config.fps, start: now)
        if config.tour != nil { tourStarted = now }
        player = config.script.map(ScriptPlayer.init(script:))
        animation = SceneAnimation(scene: config.scene.scene).map { ViewerAnimation(animation: $0) }
        if let count = animation?.animation.names.count {
            if let i = config.animation, i >= 0, i < count { animation?.animation.index = i }
            animation?.seconds = config.animationTime
            showAnimationPose()
        }
        if let first = config.scene.warnings.first {
            let more = config.scene.warnings.count - 1
            message = ViewerMessage(
                kind: .notice(until: now + 20), title: "warning",
                text: first + (more > 0 ? " (and \(more) more on stderr)" : ""))
        }
    }

    /// Runs until a quit key or signal; returns the exit status.
    func run() -> Int32 {
        while true {
            if let status = handleSignals() {
                // After a hang-up there is no terminal left to answer (or to leak into).
                if status != 128 + SIGHUP { drainAnswers() }
                return status
            }
            if !terminal.isAlive { return 1 }
            pollJob()
            pollFlight()
            pollPane()
            var now = clock.now()
            if pacer.isDue(now) {
                step(to: now)
                let abandoned = draw(now: now)
                now = clock.now()
                // An abandoned frame is drawn again as soon as the input that stopped it
                // has been handled (and a signal ends the loop on its next turn).
                if !abandoned { pacer.frameDone(at: now) }
            }
            // Nothing moves on its own: sleep on input longer (keys and signals still wake
            // the loop at once), so a paused viewer costs no CPU.
            let idle =
                !motion.isAnimating && !(animation?.playing ?? false) && job == nil && flight?.job == nil
                && message == nil && tourStarted == nil
                && repaint == .none
            let waitMs = idle ? Int32(250) : Int32((pacer.wait(from: now) * 1000).rounded(.up))
            guard var input = terminal.read(timeoutMs: waitMs) else { continue }
            while true {
                if handle(input) == .quit {
                    drainAnswers()
                    return 0
                }
                guard let more = terminal.read(timeoutMs: 0) else { break }
                input = more
            }
        }
    }

    // MARK: Signals

    private func handleSignals() -> Int32? {
        for s in takeSignals() {
            switch s {
            case SIGINT: return 0
            case SIGTSTP:
                drainAnswers()
                terminal.suspend()
                repaintAfterReset()
            case SIGCONT:
                terminal.reset()
                repaintAfterReset()
            default:
                if Signals.ending.contains(s) { return 128 + s }
            }
        }
        return nil
    }

    private func repaintAfterReset() {
        request(.clear)
        lastStep = clock.now()
        let size = terminal.size
        recognizer.columns = size.columns
        recognizer.rows = size.rows
    }

    // MARK: Time

    /// Applies scripted gestures that fell due and lets the time since the last step pass.
    private func step(to now: Double) {
        let seconds = min(max(0, now - lastStep), Self.maximumStep)
        advanceTour(to: now)
        advanceAnimation(seconds: seconds)
        let (wasAnimating, said) = (motion.isAnimating, motion.lastGestureDescription)
        if var p = player, !p.isFinished {
            if p.play(&motion, seconds: seconds, until: now - start) { request(.frame) }
            player = p
        } else {
            motion.advance(seconds: seconds)
        }
        // Motion that begins after a rest is measured from its start (the HUD's fps).
        if motion.isAnimating && !wasAnimating { meter.restart(at: now) }
        // A spin or fling that just came to rest gets one more frame, so the HUD does not
        // keep a stale rate or description.
        if motion.isAnimating != wasAnimating || motion.lastGestureDescription != said { request(.frame) }
        lastStep = now
        if case .notice(let until)? = message?.kind, now >= until { dismissMessage() }
    }

    // MARK: Drawing

    /// Draws the frame that is due; returns true when it was abandoned (`FrameInterrupt`):
    /// nothing was written and the repaint it was to make is still asked for.
    @discardableResult
    private func draw(now: Double) -> Bool {
        let size = terminal.size
        if size.columns < Self.minimumSize.columns || size.rows < Self.minimumSize.rows {
            if phase != .tooSmall || repaint == .clear {
                let text = "terminal too small: need \(Self.minimumSize.columns)x\(Self.minimumSize.rows)"
                let bytes = Array(
                    (ANSI.reset + ANSI.eraseScreen + ANSI.move(row: 0, column: 0)
                        + CellWidth.fit(text, to: max(0, size.columns - 1))).utf8)
                terminal.write(bytes)
                recorder?.output(bytes, at: now - start)
            }
            phase = .tooSmall
            repaint = .none
            return false
        }
        if phase == .tooSmall {
            phase = .drawing
            request(.clear)
        }
        guard motion.isAnimating || repaint > .none else { return false }
        // A picture drawn now would be placed over another tmux window: wait until the pane
        // is shown again (then the whole frame is drawn).
        if paneHidden && renderer.outputName != OutputKind.cells.rawValue { return false }
        // Over SSH the pty-side check sees nothing (sshd drains the pty at once): the
        // terminal's answers to earlier frames' status queries decide. A repaint waits too
        // (it is not lost: the repaint request stays).
        if !acknowledger.canSend(at: now) || (repaint != .clear && terminal.isBackedUp()) {
            framesSkipped += 1
            return false
        }
        let hudLines = hud ? StatusLine.lineCount(columns: size.columns, rows: size.rows) : 0
        let imageRows = size.rows - hudLines
        let picture = (
            columns: min(size.columns, Self.maximumPicture.columns), rows: min(imageRows, Self.maximumPicture.rows)
        )
        motion.setViewAspect(Double(picture.columns) * config.cellAspectInUse / Double(picture.rows))
        var body: [UInt8] = []
        if repaint == .clear { body += Array((ANSI.reset + ANSI.eraseScreen).utf8) }
        interrupt.begin(at: clock.now(), inputMayAbandon: !abandonedForInput)
        let frame = renderer.frame(
            columns: picture.columns, rows: picture.rows, motion: motion, full: repaint >= .fullImage)
        let reason = interrupt.end()
        if renderer.takePlaced() { placedAnew() }
        if renderer.lastFrameAbandoned {
            framesAbandoned += 1
            abandonedForInput = reason == .input
            return true
        }
        abandonedForInput = false
        body += frame
        if screenshotDue {
            screenshotDue = false
            hudNote = Screenshot.save(renderer.lastFrameImage(), in: screenshotFolder)
        }
        if let pictures = recorder as? PictureRecorder {
            let pixels = renderer.outputName != OutputKind.cells.rawValue
            pictures.image(pixels ? renderer.lastFrameImage() : nil, columns: picture.columns, rows: picture.rows)
        }
        var overlay = tourCaptionBox(columns: size.columns, rows: imageRows, utf8: terminal.utf8)
        if showHelp { overlay += OverlayBox.help.render(columns: size.columns, rows: imageRows, utf8: terminal.utf8) }
        if showLegend && !showHelp {
            overlay += OverlayBox.legend(legend).render(columns: size.columns, rows: imageRows, utf8: terminal.utf8)
        }
        if let m = message { overlay += m.box.render(columns: size.columns, rows: imageRows, utf8: terminal.utf8) }
        body += Array(overlay.utf8)
        meter.record(now)
        framesDrawn += 1
        if hud {
            let line = statusLine(now: now).render(row: size.rows - 1, columns: size.columns, lines: hudLines)
            if repaint == .clear || line != lastHUD {
                body += Array(line.utf8)
                lastHUD = line
            }
        }
        // A frame in which nothing changed sends nothing at all.
        if !body.isEmpty {
            let before = (terminal.bytesWritten, terminal.writeCalls)
            var tail = ANSI.reset + ANSI.syncEnd
            let queried = acknowledger.frameSent(at: now)
            if queried { tail += ANSI.statusQuery }
            terminal.write(Array(ANSI.syncBegin.utf8) + body + Array(tail.utf8))
            if queried { linkMeter.frameSent(bytes: terminal.bytesWritten - before.0, at: now) }
            // The recording leaves out the status query: a player's terminal would answer it.
            recorder?.output(
                Array(ANSI.syncBegin.utf8) + body + Array((ANSI.reset + ANSI.syncEnd).utf8), at: now - start)
            stats.record(
                bytes: terminal.bytesWritten - before.0, writes: terminal.writeCalls - before.1,
                full: repaint == .clear)
            if frame.count >= Self.placementBytes { pictureWritten(bytes: frame.count) }
        }
        repaint = .none
        return false
    }

    /// Asks the next frame to draw at least `level`.
    func request(_ level: Repaint) {
        repaint = max(repaint, level)
    }

    /// Before quitting (key, Ctrl-C, SIGTERM) or suspending: reads (and drops) input until
    /// every status query sent has been answered (abandoned ones too: their answers may
    /// still come), for up to `drainTimeout` seconds (half of that while the terminal has
    /// not answered yet, none when it never answers), then discards unread input, so no
    /// `ESC[0n` reaches the shell.
    func drainAnswers() {
        defer {
            acknowledger.forgetAll()
            linkMeter.forgetPending()
            terminal.flushInput()
        }
        let limit: Double
        switch acknowledger.mode {
        case .acknowledged: limit = Self.drainTimeout
        case .waitingForFirstAnswer: limit = Self.drainTimeout / 2
        case .unsupported: return
        }
        // The start-up probe's answers come before any status answer, so they are read
        // on the way; without a status query in flight, its sentinel is waited for.
        guard terminal.isAlive, acknowledger.unanswered > 0 || terminal.probePending else { return }
        let deadline = clock.now() + limit
        while acknowledger.unanswered > 0 || terminal.probePending {
            let left = deadline - clock.now()
            if left <= 0 { return }
            if terminal.read(timeoutMs: Int32((left * 1000).rounded(.up))) == .statusReply { statusAnswered() }
        }
    }

    private func statusLine(now: Double) -> StatusLine {
        // Nothing moves on its own: a frame rate would read 0 (or a stale figure).
        let drawing = motion.isAnimating || (animation?.playing ?? false) || job != nil || flight?.job != nil
        return StatusLine(
            fps: drawing ? Int(meter.rate(at: now).rounded()) : nil, paused: motion.isPaused,
            triangles: renderer.triangleCount, glyphs: renderer.glyphSetName,
            colors: renderer.colorDepthName,
            label: [label, animation?.hud].compactMap { $0 }.joined(separator: " "), detail: renderer.detailHUD,
            gesture: motion.lastGestureDescription,
            note: hudNote, hint: startupHint, dither: renderer.ditherIgnored ? StatusLine.ditherIgnored : nil)
    }

    /// Removes the message box; the cells under it are drawn again.
    func dismissMessage() {
        guard message != nil else { return }
        message = nil
        request(.fullImage)
    }
}
