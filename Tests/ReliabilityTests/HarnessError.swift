/// A failure of the test harness itself (not of Orbit), with a one-line reason.
struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
