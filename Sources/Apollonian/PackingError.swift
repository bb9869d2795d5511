/// Why a packing could not be generated, read or fetched. `description` is one line that
/// names the input and the problem.
public enum PackingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An option is out of range: the option's name and what is wrong.
    case invalidOption(String, String)
    /// The generator was cancelled through its cancellation check.
    case cancelled
    /// More spheres than `PackingOptions.maxSpheres` would be made.
    case tooManySpheres(limit: Int)
    /// Sphere records (JSON) are malformed: where (source name) and what.
    case badRecords(source: String, problem: String)
    /// The web service could not be used: the URL and what happened.
    case service(url: String, problem: String)

    public var description: String {
        switch self {
        case .invalidOption(let name, let problem): return "\(name): \(problem)"
        case .cancelled: return "packing generation cancelled"
        case .tooManySpheres(let limit):
            return "packing: more than \(limit) spheres; raise the limit, lower the level or raise the minimum radius"
        case .badRecords(let source, let problem): return "\(source): \(problem)"
        case .service(let url, let problem): return "\(url): \(problem)"
        }
    }
}
