import Display

extension ViewerSession {
    /// Acts on what `paneWatch` last heard from tmux: a pane hidden (another window
    /// selected) has its picture taken away; shown again, or moved on the outer screen, it
    /// is drawn whole where it now is.
    func pollPane() {
        guard let pane = paneWatch?.latest, pane != paneSeen else { return }
        let before = paneSeen
        paneSeen = pane
        let pixels = renderer.outputName != OutputKind.cells.rawValue
        if !pane.visible {
            guard !paneHidden else { return }
            paneHidden = true
            if pixels { terminal.write(renderer.removal()) }
            return
        }
        renderer.paneMoved(top: pane.top, left: pane.left)
        if paneHidden || (before.map { $0.top != pane.top || $0.left != pane.left } ?? false) {
            paneHidden = false
            request(.clear)
        }
    }
}
