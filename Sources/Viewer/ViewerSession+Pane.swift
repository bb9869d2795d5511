import Dispatch
import Display

extension ViewerSession {
    /// Acts on what `paneWatch` last heard from tmux: a pane hidden (another window
    /// selected) has its picture taken away; shown again, or moved on the outer screen, it
    /// is drawn whole where it now is (and, being a new placement, again later:
    /// `placedAnew`).
    func pollPane() {
        placeAgainIfDue()
        checkPlacement()
        guard let pane = paneWatch?.latest, pane != paneSeen else { return }
        let before = paneSeen
        paneSeen = pane
        let pixels = renderer.outputName != OutputKind.cells.rawValue
        if !pane.visible {
            guard !paneHidden else { return }
            paneHidden = true
            if pixels {
                let removal = renderer.removal()
                terminal.write(removal)
                deletePastTmux(removal)
            }
            return
        }
        renderer.paneMoved(top: pane.top, left: pane.left)
        if paneHidden || (before.map { $0.top != pane.top || $0.left != pane.left } ?? false) {
            paneHidden = false
            request(.clear)
        }
    }

    /// `removal` (passthrough sequences) sent unwrapped to the outer terminals past tmux
    /// (`TmuxPaneWatch.writePastTmux`), on a thread of its own unless `waiting`: tmux 3.3
    /// drops what a hidden pane passes through, which would leave the picture over the
    /// window now shown.
    func deletePastTmux(_ removal: [UInt8], waiting: Bool = false) {
        guard let watch = paneWatch else { return }
        let delete = TerminalQueries.tmuxUnwrapped(removal)
        guard !delete.isEmpty else { return }
        if waiting {
            watch.writePastTmux(delete, seconds: 1)
        } else {
            DispatchQueue.global().async { watch.writePastTmux(delete) }
        }
    }

    /// Seconds after a new placement (start, resize, move, shown again) at which a picture
    /// placed at the pane's offset is placed again: tmux drops what a pane passes through
    /// while it has a redraw of the screen pending, which the start, a split or a window
    /// switch starts, so a placement may never reach the terminal. On a starved machine, or
    /// with a terminal slow to read, the redraw can stay pending for seconds, and over SSH
    /// tmux cannot be asked whether it passed a picture on (`checkPlacement`): the later
    /// times, further apart, bound how long a lost placement can stay on screen (six
    /// frames more in all after each new placement, none while the picture moves).
    static let placeAgainAfter = [0.5, 2.0, 5.0, 10.0, 20.0, 40.0]

    /// A frame placed the picture anew (start, resize, another size over a slow link, a
    /// move): through tmux (`placesThroughTmux`), unless it was one of these placements
    /// again itself, it is placed again at each of `placeAgainAfter` from now, as tmux may
    /// have dropped it (the screen cleared before it starts a redraw).
    func placedAnew() {
        if placingAgain {
            placingAgain = false
        } else if placesThroughTmux {
            let now = clock.now()
            replaceTimes = Self.placeAgainAfter.map { now + $0 }
        }
    }

    /// The picture placed again, whole (kitty: a new image, the one before deleted) when a
    /// time of `placedAnew` came.
    private func placeAgainIfDue() {
        guard let due = replaceTimes.first, clock.now() >= due else { return }
        replaceTimes.removeFirst()
        guard !paneHidden, renderer.outputName != OutputKind.cells.rawValue else { return }
        placingAgain = true
        request(.fullImage)
    }

    /// A frame written whole that carries a picture (a graphics frame of at least
    /// `placementBytes`).
    static let placementBytes = 1024

    /// How many times a picture tmux did not pass on is sent again before the session
    /// gives up on it (the next frame that moves places one anyway).
    static let placementRepeats = 4

    /// A picture written through tmux, and what tmux had written to its clients when it
    /// went (`TmuxPaneWatch.Heard`).
    struct PlacementCheck: Equatable {
        /// The frame's bytes as written (passthrough wrapping included).
        var bytes: Int
        /// The watch's answer before the write: its serial and each client's bytes.
        var serial: Int
        var written: [String: Int]
        /// How many times this picture was sent again already.
        var repeats: Int
    }

    /// A frame of `bytes` carrying a picture was written: when tmux can be asked
    /// (`paneWatch`), whether it passed the picture on is checked (`checkPlacement`).
    func pictureWritten(bytes: Int) {
        defer { repeatingUnpassed = false }
        guard let watch = paneWatch, renderer.outputName != OutputKind.cells.rawValue,
            let heard = watch.latestHeard
        else { return }
        let repeats = repeatingUnpassed ? (placementCheck?.repeats ?? 0) + 1 : 0
        placementCheck = PlacementCheck(
            bytes: bytes, serial: heard.serial,
            written: Dictionary(heard.clients.map { ($0.tty, $0.written) }, uniquingKeysWith: max),
            repeats: repeats)
    }

    /// Whether tmux passed the last picture on to every client: once tmux has answered
    /// twice since it was written, is quiet (nothing written to a client between its two
    /// last answers) and has read all orbit wrote, each client must have been written
    /// most of the picture's bytes since. tmux drops what a pane passes through while it
    /// has a redraw of the screen pending (after a split, a layout change, a window
    /// switch; for long on a starved machine), and a still picture sends nothing after,
    /// which would leave the old picture (at its old size, over the new pane) on screen:
    /// such a picture is sent again, up to `placementRepeats` times.
    func checkPlacement() {
        guard let check = placementCheck, let heard = paneWatch?.latestHeard else { return }
        guard heard.serial >= check.serial + 2, heard.quiet, !terminal.isBackedUp() else { return }
        placementCheck = nil
        let passed = heard.clients.allSatisfy { client in
            guard let before = check.written[client.tty] else { return true }
            return Self.passedOn(bytes: check.bytes, written: client.written - before)
        }
        guard !passed, check.repeats < Self.placementRepeats, !paneHidden,
            renderer.outputName != OutputKind.cells.rawValue
        else { return }
        placementCheck = check
        repeatingUnpassed = true
        placingAgain = true
        request(.fullImage)
    }

    /// tmux wrote `written` bytes to a client after a picture of `bytes` went through its
    /// passthrough: enough for the picture to have gone with them (the wrapping tmux
    /// takes off is a small part of it; its own drawing only adds).
    static func passedOn(bytes: Int, written: Int) -> Bool {
        written * 10 >= bytes * 7
    }
}
