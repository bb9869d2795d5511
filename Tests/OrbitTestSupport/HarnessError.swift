/// A failure of the test harness itself (not of Orbit), with a one-line reason that says
/// what was awaited or what could not be started, and what was seen.
public struct HarnessError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
