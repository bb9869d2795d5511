import TerminalText

/// The message box: an error that stays until a key is pressed, a notice that goes away
/// by itself, or the progress of a background job.
struct ViewerMessage: Equatable {
    enum Kind: Equatable {
        /// Stays until any key.
        case error
        /// Disappears at `until` (monotonic seconds).
        case notice(until: Double)
        /// A job's progress, replaced as it goes.
        case progress
    }

    var kind: Kind
    var title: String
    var text: String

    /// The box to draw.
    var box: OverlayBox {
        var lines = [TerminalText.visible(text)]
        if kind == .error { lines.append("(press any key)") }
        return OverlayBox(title: TerminalText.visible(title), lines: lines)
    }

    /// A progress line: `[#########-----------]  45%  generation 8`.
    static func progressText(fraction: Double, text: String, barWidth: Int = 20) -> String {
        let f = fraction.isFinite ? min(max(fraction, 0), 1) : 0
        let filled = Int((f * Double(barWidth)).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled)
        let percent = String(Int((f * 100).rounded(.down)))
        return "[\(bar)] " + String(repeating: " ", count: 3 - percent.count) + percent + "%  " + text
    }
}
