import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking  // HTTPURLResponse's status texts
#endif

/// A client for an Apollonian web service that answers `GET /api/spheres/{radius}/{level}`
/// with service-style JSON (see `SphereJSON`).
///
/// The URL may be a base (`http://host:port` or `http://host/prefix`): the client appends
/// `/api/spheres/{radius}/{level}`. A URL whose path already contains `/api/spheres` is
/// used exactly as given (radius and level are then whatever it says).
public struct SphereService: Sendable {
    /// The URL as given.
    public let url: URL
    /// Wall-time limit in seconds for the whole request: connection, headers and body,
    /// however slowly the bytes trickle in. Default 30.
    public let timeout: Double

    /// A client for `url` (http or https).
    /// - Throws: `PackingError.invalidOption` for a URL that is not absolute http(s) or a
    ///   timeout that is not a positive finite number of seconds, or an `answerLimit`
    ///   (decoded bytes, default `maxAnswerBytes`) below 1.
    public init(url: String, timeout: Double = 30, answerLimit: Int = SphereService.maxAnswerBytes) throws {
        guard let u = URL(string: url), let scheme = u.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = u.host, !host.isEmpty
        else {
            throw PackingError.invalidOption("url", "'\(url)' is not an http:// or https:// URL")
        }
        guard timeout.isFinite, timeout > 0 else {
            throw PackingError.invalidOption("timeout", "\(timeout) is not a positive number of seconds")
        }
        guard answerLimit > 0 else {
            throw PackingError.invalidOption("answer limit", "\(answerLimit) is not a positive number of bytes")
        }
        self.url = u
        self.timeout = timeout
        self.answerLimit = answerLimit
    }

    /// The URL fetched for `radius` and `level` (see the type's description).
    public func requestURL(radius: Double, level: Int) -> URL {
        if url.path.contains("/api/spheres") { return url }
        var base = url.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let path = "/api/spheres/\(SphereJSON.format(radius, decimals: 6))/\(level)"
        return URL(string: base + path) ?? url
    }

    /// Largest answer accepted by default, in bytes after gzip/deflate decoding (1 GiB).
    public static let maxAnswerBytes = 1 << 30

    /// Largest answer this client accepts, in decoded bytes: the download stops as soon as
    /// the decoded body would pass it, however small the compressed body on the wire.
    public let answerLimit: Int

    /// Downloads the records for `radius` and `level`, blocking the calling thread (call
    /// it off the UI thread).
    /// - Parameters:
    ///   - radius: outer radius the service scales to. Default 1.
    ///   - level: the service's level. Default 7.
    ///   - maxRecords: refuse larger answers. Default `SphereJSON.defaultMaxRecords`.
    ///   - progress: called as the body arrives with the bytes received on the wire so far
    ///     and the length the server announced, if any; on the calling thread. Default none.
    ///   - isCancelled: polled about every 50 ms (and as data arrives), from the calling
    ///     thread; true stops the transfer with `PackingError.cancelled`. Default none.
    /// - Throws: `PackingError.service` with one line naming the URL and what happened:
    ///   connection refused, host not found, no complete answer within `timeout` seconds of
    ///   wall time, an HTTP status other than 200, an answer over `answerLimit` decoded
    ///   bytes; `PackingError.badRecords` (source: the URL) when the body is not sphere
    ///   records; `PackingError.cancelled`.
    public func fetch(
        radius: Double = 1, level: Int = 7, maxRecords: Int = SphereJSON.defaultMaxRecords,
        progress: (@Sendable (_ received: Int, _ expected: Int?) -> Void)? = nil,
        isCancelled: (@Sendable () -> Bool)? = nil
    ) throws -> [SphereRecord] {
        let target = requestURL(radius: radius, level: level)
        let name = target.absoluteString
        let answer: HTTPGet.Answer
        do {
            answer = try HTTPGet(url: target, timeout: timeout, maxBytes: answerLimit)
                .run(progress: progress, isCancelled: isCancelled)
        } catch {
            switch error {
            case .cancelled: throw PackingError.cancelled
            case .tooLarge:
                throw PackingError.service(url: name, problem: "the answer is larger than \(answerLimit) bytes")
            case .timedOut:
                throw PackingError.service(
                    url: name, problem: "no answer within \(SphereJSON.format(timeout, decimals: 3)) s (timeout)")
            case .transport(let problem): throw PackingError.service(url: name, problem: problem)
            }
        }
        guard answer.status == 200 else {
            let reason = HTTPURLResponse.localizedString(forStatusCode: answer.status)
            throw PackingError.service(url: name, problem: "HTTP status \(answer.status) (\(reason)), expected 200")
        }
        return try SphereJSON.decode(answer.body, source: name, maxRecords: maxRecords)
    }

    /// Downloads the records without blocking a thread of the caller's: the blocking
    /// `fetch` runs on a global dispatch queue. Cancelling the calling task stops the
    /// transfer within about 50 ms and throws `PackingError.cancelled`. Same limits,
    /// defaults and errors as `fetch(radius:level:maxRecords:progress:isCancelled:)`.
    public func fetchAsync(radius: Double = 1, level: Int = 7, maxRecords: Int = SphereJSON.defaultMaxRecords)
        async throws -> [SphereRecord]
    {
        let service = self
        let stopped = CancelFlag()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global().async {
                    continuation.resume(
                        with: Result {
                            try service.fetch(
                                radius: radius, level: level, maxRecords: maxRecords, isCancelled: { stopped.isSet })
                        })
                }
            }
        } onCancel: {
            stopped.set()
        }
    }
}
