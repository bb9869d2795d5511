import Display
import Gestures
import Testing

@testable import Viewer

/// Kitty pictures placed at a tmux pane's offset follow what tmux says of the pane
/// (`TmuxPaneWatch`): hidden, the picture is taken away and no frame is drawn; shown or
/// moved, the next frame is placed whole where the pane now is.
@Suite struct TmuxPaneFollowing {
    @Test func tmuxAnswersAreRead() {
        typealias Pane = TmuxPaneWatch.Pane
        #expect(TmuxPaneWatch.parse("1 1 0 1 0 0\n") == Pane(visible: true, top: 0, left: 0))
        #expect(TmuxPaneWatch.parse("1 2 0 0 3 41") == Pane(visible: true, top: 3, left: 41))
        // Another window current, no client attached, or another pane zoomed: hidden.
        #expect(TmuxPaneWatch.parse("0 1 0 1 0 0") == Pane(visible: false, top: 0, left: 0))
        #expect(TmuxPaneWatch.parse("1 0 0 1 0 0") == Pane(visible: false, top: 0, left: 0))
        #expect(TmuxPaneWatch.parse("1 1 1 0 0 0") == Pane(visible: false, top: 0, left: 0))
        #expect(TmuxPaneWatch.parse("1 1 1 1 0 0") == Pane(visible: true, top: 0, left: 0))
        for bad in ["", "1 1 0 1 0", "1 1 0 1 0 0 0", "1 1 0 1 -2 0", "a b c d e f", "no server running on /tmp/x"] {
            #expect(TmuxPaneWatch.parse(bad) == nil, "\(bad)")
        }
    }

    @Test func clientTerminalsAreReadAndMultiplexersLeftOut() {
        let answer =
            "xterm-kitty /dev/pts/3 517747\nxterm-256color /dev/pts/7 0\ntmux-256color /dev/pts/9 12\n"
            + "screen.xterm-256color /dev/pts/4 1\nkitty /tmp/fifo 5\nkitty /dev/../tmp/x 5\n\nbroken\n"
            + "kitty /dev/pts/5 -3\nkitty /dev/pts/6\n"
        let kept: [TmuxPaneWatch.Client] = [
            .init(tty: "/dev/pts/3", written: 517_747), .init(tty: "/dev/pts/7", written: 0),
        ]
        #expect(TmuxPaneWatch.clients(answer) == kept)
        #expect(TmuxPaneWatch.clients("no server running on /tmp/tmux-0/default").isEmpty)
    }

    @Test func passthroughIsUnwrappedBack() {
        let delete = Array("\u{1B}_Ga=d,d=I,i=7,q=2\u{1B}\\".utf8)
        let place = Array("\u{1B}7\u{1B}[3H\u{1B}_Ga=p,i=7\u{1B}\\\u{1B}8".utf8)
        #expect(TerminalQueries.tmuxUnwrapped(TerminalQueries.tmuxWrapped(delete)) == delete)
        let two = TerminalQueries.tmuxWrapped(delete) + Array("x".utf8) + TerminalQueries.tmuxWrapped(place)
        #expect(TerminalQueries.tmuxUnwrapped(two) == delete + place)
        // Unwrapped bytes, and a sequence cut short, give nothing.
        #expect(TerminalQueries.tmuxUnwrapped(delete).isEmpty)
        #expect(TerminalQueries.tmuxUnwrapped(Array(TerminalQueries.tmuxWrapped(delete).dropLast(2))).isEmpty)
    }

    /// A session showing kitty pictures through tmux's passthrough, its pane `top` rows down
    /// the outer screen, on a scripted terminal and a fake clock.
    func kittyInTmux(paneTop top: Int) throws -> (FakeClock, ScriptedTerminal, SceneRenderer, ViewerSession) {
        let clock = FakeClock()
        let t = ScriptedTerminal(columns: 60, rows: 20, clock: clock, steps: [])
        var look = OutputSettings()
        look.tmux = TmuxInfo(clientTerm: "xterm-kitty", passthrough: true, paneTop: top, paneLeft: 0)
        let settings = RendererSettings(
            glyphs: .blocks, utf8: true, colors: Detected(.truecolor, .option), output: Detected(.kitty, .option),
            outputs: [.cells, .kitty], cellSize: Detected(.standard, .option), look: look)
        let config = ViewerConfig(scene: try SlowLinkTests.earth(), motion: MotionState(spin: 0))
        let renderer = try SceneRenderer(scene: config.scene, settings: settings)
        let session = ViewerSession(terminal: t, renderer: renderer, config: config, clock: clock, signals: { [] })
        // As the viewer sets it for pictures through tmux at the pane's offset.
        session.placesThroughTmux = true
        return (clock, t, renderer, session)
    }

    @Test func aHiddenPaneLosesItsPictureAndAMovedOneIsPlacedWhereItIs() throws {
        let (clock, t, renderer, s) = try kittyInTmux(paneTop: 2)
        // A pane no tmux server has: the deletion past tmux finds no client to write to.
        let watch = TmuxPaneWatch(environment: ["TMUX_PANE": "%999999"])
        s.paneWatch = watch
        s.paneSeen = TmuxPaneWatch.Pane(visible: true, top: 2, left: 0)
        let first = String(decoding: renderer.frame(columns: 60, rows: 19, motion: s.motion, full: true), as: UTF8.self)
        // Placed at the pane's offset on the outer screen (row 3, 1-based), through tmux.
        #expect(first.contains("\u{1B}Ptmux;") && first.contains("\u{1B}[3H"))

        // Nothing new heard: nothing done.
        s.pollPane()
        #expect(t.writes.isEmpty && !s.paneHidden)
        // Another window selected: the picture is deleted (through tmux) and no frame drawn.
        watch.heard(TmuxPaneWatch.Pane(visible: false, top: 2, left: 0))
        s.pollPane()
        #expect(s.paneHidden)
        let removal = String(decoding: t.writes.joined(), as: UTF8.self)
        #expect(removal.contains("\u{1B}Ptmux;") && removal.contains("a=d"))
        // Shown again, two rows lower and 30 columns to the right (a pane split above and
        // to the left): drawn whole, at the new offset.
        watch.heard(TmuxPaneWatch.Pane(visible: true, top: 4, left: 30))
        s.pollPane()
        #expect(!s.paneHidden && s.repaint == .clear)
        let moved = String(decoding: renderer.frame(columns: 60, rows: 19, motion: s.motion, full: true), as: UTF8.self)
        #expect(moved.contains("a=T") && moved.contains("\u{1B}[5;31H"))
        // Moved while shown (the pane to the left closed): placed again at once.
        watch.heard(TmuxPaneWatch.Pane(visible: true, top: 4, left: 0))
        s.pollPane()
        let back = String(decoding: renderer.frame(columns: 60, rows: 19, motion: s.motion, full: true), as: UTF8.self)
        #expect(back.contains("a=d") && back.contains("a=T") && back.contains("\u{1B}[5H"))
        // The session's draw hands each new placement on.
        if renderer.takePlaced() { s.placedAnew() }
        // tmux may have dropped that placement (it drops what a pane passes through while a
        // redraw is pending): half a second on, a whole frame is asked for, which places the
        // picture again, and again at 2, 5, 10, 20 and 40 seconds; then no more.
        for (after, again) in [
            (0.3, false), (0.6, true), (1.0, false), (2.1, true), (4.0, false), (5.1, true), (10.5, true),
            (20.5, true), (30.0, false), (40.5, true), (100.0, false),
        ] {
            clock.time += after
            s.pollPane()
            #expect(s.placingAgain == again, "\(after) s on")
            s.placingAgain = false
            clock.time -= after
        }
        let again = String(decoding: renderer.frame(columns: 60, rows: 19, motion: s.motion, full: true), as: UTF8.self)
        #expect(again.contains("a=T") && again.contains("\u{1B}[5H"))
        // That placement is one of the session's own: it is not placed again for it.
        #expect(renderer.takePlaced())
        s.placingAgain = true
        s.placedAnew()
        #expect(!s.placingAgain && s.replaceTimes.isEmpty)
    }

    @Test func everyPlacementThroughTmuxIsMadeAgainLater() throws {
        // orbit over SSH inside tmux: no watch (tmux cannot be asked), pictures through
        // passthrough at the pane's offset.
        let (clock, _, renderer, s) = try kittyInTmux(paneTop: 0)
        s.placesThroughTmux = true
        // The first frame places the picture: it is placed again at 0.5, 2, 5, 10, 20 and 40 s.
        #expect(!renderer.takePlaced())
        _ = renderer.frame(columns: 60, rows: 19, motion: s.motion, full: true)
        #expect(renderer.takePlaced() && !renderer.takePlaced())
        s.placedAnew()
        #expect(s.replaceTimes == [1000.5, 1002.0, 1005.0, 1010.0, 1020.0, 1040.0])
        clock.time = 1000.6
        s.pollPane()
        #expect(s.placingAgain && s.repaint >= .fullImage)
        // Cells place nothing.
        renderer.nextOutput()
        _ = renderer.frame(columns: 60, rows: 19, motion: s.motion, full: true)
        #expect(renderer.outputName == "cells" && !renderer.takePlaced())
        // Without tmux's passthrough nothing is scheduled.
        s.placesThroughTmux = false
        s.replaceTimes = []
        s.placedAnew()
        #expect(s.replaceTimes.isEmpty)
    }

    @Test func tmuxAnswersBothQuestionsInOneLook() {
        let watch = TmuxPaneWatch(environment: [:])
        let pane = TmuxPaneWatch.Pane(visible: true, top: 0, left: 0)
        let client = TmuxPaneWatch.Client(tty: "/dev/pts/3", written: 10)
        #expect(watch.latestHeard == nil)
        watch.heard(pane, clients: [client])
        #expect(watch.latestHeard == .init(pane: pane, clients: [client], serial: 1, quiet: false))
        watch.heard(pane, clients: [client])
        #expect(watch.latestHeard?.quiet == true && watch.latestHeard?.serial == 2)
        watch.heard(pane, clients: [.init(tty: "/dev/pts/3", written: 11)])
        #expect(watch.latestHeard?.quiet == false && watch.latest == pane)
    }

    /// tmux drops what a pane passes through while a redraw is pending; a still picture
    /// sends nothing after, so one that tmux did not pass on (its clients were written far
    /// fewer bytes than the picture has) is sent again, and no more once one went.
    @Test func aPictureTmuxDidNotPassOnIsSentAgain() throws {
        let (_, _, renderer, s) = try kittyInTmux(paneTop: 0)
        let watch = TmuxPaneWatch(environment: ["TMUX_PANE": "%999999"])
        s.paneWatch = watch
        let pane = TmuxPaneWatch.Pane(visible: true, top: 0, left: 0)
        func heard(_ written: Int) { watch.heard(pane, clients: [.init(tty: "/dev/pts/3", written: written)]) }
        heard(1_000)
        s.paneSeen = pane
        let picture = renderer.frame(columns: 60, rows: 19, motion: s.motion, full: true).count
        #expect(picture >= ViewerSession.placementBytes)
        s.pictureWritten(bytes: picture)
        // Not yet judged: tmux has not answered twice since, then not quiet.
        s.checkPlacement()
        heard(1_200)
        s.checkPlacement()
        heard(1_400)
        s.checkPlacement()
        #expect(s.placementCheck != nil && !s.repeatingUnpassed)
        // Quiet, and only its own drawing (400 bytes) written: the picture is sent again.
        heard(1_400)
        s.checkPlacement()
        #expect(s.repaint >= .fullImage && s.placingAgain && s.repeatingUnpassed)
        s.pictureWritten(bytes: picture)
        #expect(s.placementCheck?.repeats == 1 && !s.repeatingUnpassed)
        // This time tmux passed it on: nothing more.
        heard(1_400 + picture)
        heard(1_400 + picture)
        s.checkPlacement()
        #expect(s.placementCheck == nil && !s.repeatingUnpassed)

        // Dropped every time: sent again `placementRepeats` times, then left.
        var written = 5_000
        heard(written)
        s.pictureWritten(bytes: picture)
        var sent = 0
        for _ in 0..<10 {
            written += 100
            heard(written)
            heard(written)
            s.checkPlacement()
            if s.repeatingUnpassed {
                sent += 1
                s.pictureWritten(bytes: picture)
            }
        }
        #expect(sent == ViewerSession.placementRepeats && s.placementCheck == nil)
    }

    @Test func mostOfThePictureWrittenCountsAsPassedOn() {
        #expect(ViewerSession.passedOn(bytes: 100_000, written: 100_000))
        #expect(ViewerSession.passedOn(bytes: 100_000, written: 96_000))
        #expect(!ViewerSession.passedOn(bytes: 100_000, written: 5_000))
        #expect(!ViewerSession.passedOn(bytes: 100_000, written: 0))
    }
}
