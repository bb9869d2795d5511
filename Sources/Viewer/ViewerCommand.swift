import Gestures

/// What a key asks the viewer to do (docs/CLI.md, "Interactive keys").
enum ViewerCommand: Equatable {
    /// A gesture key (arrows, `+ = -`, Space, `r R`).
    case gesture(Key)
    /// `q`, Esc, Ctrl-C: quit.
    case quit
    /// `h`, `?`: show or hide the help.
    case toggleHelp
    /// `l`: show or hide the colour legend.
    case toggleLegend
    /// `m`: next glyph set.
    case nextGlyphs
    /// `c`: next colour depth.
    case nextColors
    /// `o`: next output (cells, then the graphics outputs the terminal shows).
    case nextOutput
    /// `f`: every triangle of a big model while it turns too, or its simplified copy again.
    case toggleFullDetail
    /// `1`-`9`: that level; `0`: level 10.
    case level(Int)
    /// `[` / `]`: one level fewer / more.
    case levelStep(Int)
    /// Ctrl-L: repaint everything.
    case redraw
    /// `W A S D`: move the browsed view up, left, down, right (steps right and up).
    case move(dx: Int, dy: Int)
    /// `s`: save the current frame as a PNG (path shown in the HUD).
    case screenshot
    /// `p`: pause / resume the model's animation (the spin goes on).
    case toggleAnimation
    /// `n`: the model's next animation, from its start.
    case nextAnimation
    /// `<` / `>`: the animation at half / double speed.
    case animationSpeed(Double)
    /// Any other key.
    case none

    /// The command for a key code from ncurses (characters below 256, `KEY_*` above), as
    /// `KeyTable` dispatches it; a gesture character no row lists is still its gesture.
    /// - Parameters:
    ///   - code: the key code.
    ///   - arrows: the ncurses codes of Left, Right, Up, Down.
    static func from(code: Int32, arrows: (left: Int32, right: Int32, up: Int32, down: Int32)) -> ViewerCommand {
        if let key = ControlKey.allCases.first(where: { $0.code(arrows: arrows) == code }) {
            return KeyTable.command(for: key) ?? .none
        }
        guard code > 0, code < 128, let scalar = Unicode.Scalar(UInt32(code)) else { return .none }
        let c = Character(scalar)
        if let command = KeyTable.command(for: c) { return command }
        return GestureRecognizer.gesture(for: .character(c)) != nil ? .gesture(.character(c)) : .none
    }
}
