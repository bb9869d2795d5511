import CNcurses

/// ncurses and standard output as the viewer loop's terminal.
extension Terminal: ViewerTerminal {
    var arrowCodes: (left: Int32, right: Int32, up: Int32, down: Int32) { (KEY_LEFT, KEY_RIGHT, KEY_UP, KEY_DOWN) }
    @discardableResult func write(_ bytes: [UInt8]) -> Bool { output.write(bytes) }
    var isAlive: Bool { output.isAlive }
    func isBackedUp() -> Bool { output.isBackedUp() }
    var bytesWritten: Int { output.bytesWritten }
    var writeCalls: Int { output.writeCalls }
}

/// The monotonic clock of the system.
final class MonotonicClock: ViewerClock {
    func now() -> Double { cn_monotonic_seconds() }
}
