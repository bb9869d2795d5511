/// A key, as far as gestures care: the arrows and printable characters.
public enum Key: Hashable, Sendable {
    /// The Left arrow.
    case left
    /// The Right arrow.
    case right
    /// The Up arrow.
    case up
    /// The Down arrow.
    case down
    /// A printable character (space included).
    case character(Character)
}

/// A mouse report in cell coordinates.
public struct MouseEvent: Hashable, Sendable {
    /// What happened.
    public enum Kind: Hashable, Sendable {
        /// Left button down.
        case pressed
        /// Pointer moved (with or without a button held).
        case moved
        /// Left button up.
        case released
        /// Wheel turned away from the user.
        case scrollUp
        /// Wheel turned towards the user.
        case scrollDown
    }

    /// What happened.
    public var kind: Kind
    /// Column of the pointer, 0 at the left.
    public var column: Int
    /// Row of the pointer, 0 at the top.
    public var row: Int
    /// When it happened, in seconds on a monotonic clock (any origin).
    public var time: Double

    /// A mouse report.
    public init(_ kind: Kind, column: Int, row: Int, time: Double) {
        self.kind = kind
        self.column = column
        self.row = row
        self.time = time
    }
}

/// Input the viewer reads from the terminal, stripped of terminal details.
public enum InputEvent: Hashable, Sendable {
    /// A key press.
    case key(Key)
    /// A mouse report.
    case mouse(MouseEvent)
}
