import Foundation

/// Why a gesture script could not be read. `description` is one line naming the token
/// and the problem.
public struct GestureScriptError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// The offending token (empty when the whole script is at fault).
    public let token: String
    /// The problem, without the token.
    public let problem: String

    /// An error about `token`.
    public init(token: String, problem: String) {
        self.token = token
        self.problem = problem
    }

    public var description: String {
        token.isEmpty ? "gesture script: \(problem)" : "gesture script: '\(token)': \(problem)"
    }

    public var errorDescription: String? { description }
}
