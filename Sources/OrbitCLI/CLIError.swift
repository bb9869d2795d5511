/// A command-line failure: printed as one line on standard error, with a non-zero exit.
public struct CLIError: Error, CustomStringConvertible, Equatable {
    /// The message, without the `orbit: ` prefix.
    public let message: String
    /// The process exit status: 2 for usage errors, 1 for everything else.
    public let status: Int32

    /// A failure with `message`; `status` defaults to 1.
    public init(_ message: String, status: Int32 = 1) {
        self.message = message
        self.status = status
    }

    /// A usage error (bad option or argument), exit status 2.
    public static func usage(_ message: String) -> CLIError { CLIError(message + " (see 'orbit --help')", status: 2) }

    public var description: String { "orbit: " + message }
}
