import Dispatch
import Display

extension ViewerSession {
    /// Acts on what `paneWatch` last heard from tmux: a pane hidden (another window
    /// selected) has its picture taken away; shown again, or moved on the outer screen, it
    /// is drawn whole where it now is (and, being a new placement, again later:
    /// `placedAnew`).
    func pollPane() {
        placeAgainIfDue()
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
    /// switch starts, so a placement may never reach the terminal.
    static let placeAgainAfter = [0.5, 2.0]

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
}
