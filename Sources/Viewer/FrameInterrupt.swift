import Synchronization

/// Decides, while a frame is drawn, whether to abandon it, so that a frame of a huge scene
/// (seconds long) never keeps a quit key or a signal waiting. The renderer asks `check`
/// between pieces of its work (`Rasterizer.shouldCancel`); the loop arms it around each
/// frame (`begin`, `end`).
///
/// A frame is abandoned
/// - at once when a signal other than SIGWINCH is waiting (SIGINT, SIGTERM, SIGHUP, Ctrl-Z,
///   ...), or when a quit key (`q`, `Q`, Esc, Ctrl-C as a key) is waiting;
/// - for other input (keys, mouse presses and the wheel; not pointer motion, not the
///   terminal's answers) only when the frame is at least `inputAge` old and the frame
///   before it was not abandoned for such input. The loop then handles the input and draws
///   again; that frame is drawn to its end unless a quit key or a signal comes, so holding
///   an arrow key on a slow scene still shows every other frame.
///
/// `@unchecked Sendable`: the terminal and the clock are used here only by the drawing
/// threads while the loop waits for the frame (`begin` to `end`), one thread at a time
/// (under the lock); the loop touches them again only after the frame is done.
final class FrameInterrupt: @unchecked Sendable {
    /// Why a frame was abandoned.
    enum Reason: Equatable {
        /// A signal waits (`Signals.hasPending`).
        case signal
        /// A quit key waits.
        case quit
        /// Other input waits.
        case input
    }

    /// Seconds between two looks at the terminal and the signals within one frame.
    static let lookInterval = 0.005
    /// A frame younger than this (seconds) is not abandoned for input other than quit keys.
    static let inputAge = 0.1

    private struct State: Sendable {
        /// When the frame being drawn began; nil between frames.
        var start: Double?
        var inputMayAbandon = true
        var reason: Reason?
        var lastLook = -Double.infinity
    }

    private let state = Mutex(State())
    private let terminal: any ViewerTerminal
    private let clock: any ViewerClock
    private let signalsPending: () -> Bool

    /// - Parameters:
    ///   - terminal: where waiting input is looked at (`ViewerTerminal.pendingInput`).
    ///   - clock: the loop's clock.
    ///   - signalsPending: true when a signal waits for the loop (`Signals.hasPending`).
    init(terminal: any ViewerTerminal, clock: any ViewerClock, signalsPending: @escaping () -> Bool) {
        self.terminal = terminal
        self.clock = clock
        self.signalsPending = signalsPending
    }

    /// A frame begins at `now`; `inputMayAbandon` false keeps it from being abandoned for
    /// input other than quit keys.
    func begin(at now: Double, inputMayAbandon: Bool) {
        state.withLock { $0 = State(start: now, inputMayAbandon: inputMayAbandon) }
    }

    /// The frame ended (drawn or abandoned); returns why it was abandoned, if it was.
    func end() -> Reason? {
        state.withLock { s in
            defer { s = State() }
            return s.reason
        }
    }

    /// True when the frame being drawn is to be abandoned (see the type's description).
    func check() -> Bool {
        state.withLock { s in
            guard let start = s.start else { return false }
            if s.reason != nil { return true }
            let now = clock.now()
            guard now - s.lastLook >= Self.lookInterval else { return false }
            s.lastLook = now
            if signalsPending() {
                s.reason = .signal
                return true
            }
            let arrows = terminal.arrowCodes
            var other = false
            for input in terminal.pendingInput() {
                switch input {
                case .key(let code):
                    if ViewerCommand.from(code: code, arrows: arrows) == .quit {
                        s.reason = .quit
                        return true
                    }
                    other = true
                case .mouse(let m):
                    if m.kind != .moved { other = true }
                case .resize, .statusReply, .reply:
                    break
                }
            }
            if other && s.inputMayAbandon && now - start >= Self.inputAge {
                s.reason = .input
                return true
            }
            return false
        }
    }
}
