import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
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
    /// Seconds to wait for the connection and for each piece of the response, and for
    /// the whole exchange. Default 30.
    public let timeout: Double

    /// A client for `url` (http or https).
    /// - Throws: `PackingError.invalidOption` for a URL that is not absolute http(s) or a
    ///   timeout that is not a positive finite number of seconds.
    public init(url: String, timeout: Double = 30) throws {
        guard let u = URL(string: url), let scheme = u.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = u.host, !host.isEmpty else {
            throw PackingError.invalidOption("url", "'\(url)' is not an http:// or https:// URL")
        }
        guard timeout.isFinite, timeout > 0 else {
            throw PackingError.invalidOption("timeout", "\(timeout) is not a positive number of seconds")
        }
        self.url = u
        self.timeout = timeout
    }

    /// The URL fetched for `radius` and `level` (see the type's description).
    public func requestURL(radius: Double, level: Int) -> URL {
        if url.path.contains("/api/spheres") { return url }
        var base = url.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let path = "/api/spheres/\(SphereJSON.format(radius, decimals: 6))/\(level)"
        return URL(string: base + path) ?? url
    }

    /// Largest answer accepted, in bytes (1 GiB).
    public static let maxAnswerBytes = 1 << 30

    /// Downloads the records for `radius` and `level`, blocking the calling thread (call
    /// it off the UI thread).
    /// - Parameters:
    ///   - radius: outer radius the service scales to. Default 1.
    ///   - level: the service's level. Default 7.
    ///   - maxRecords: refuse larger answers. Default `SphereJSON.defaultMaxRecords`.
    ///   - progress: called as the body arrives with the bytes received so far and the
    ///     expected total when the server sent a length; on URLSession's thread. Default none.
    ///   - isCancelled: polled about every 50 ms; true stops the download with
    ///     `PackingError.cancelled`. Default none.
    /// - Throws: `PackingError.service` with one line naming the URL and what happened:
    ///   connection refused, host not found, timeout, an HTTP status other than 200, an
    ///   answer over `maxAnswerBytes`; `PackingError.badRecords` (source: the URL) when
    ///   the body is not sphere records; `PackingError.cancelled`.
    public func fetch(radius: Double = 1, level: Int = 7, maxRecords: Int = SphereJSON.defaultMaxRecords,
                      progress: (@Sendable (_ received: Int, _ expected: Int?) -> Void)? = nil,
                      isCancelled: (@Sendable () -> Bool)? = nil) throws -> [SphereRecord] {
        let target = requestURL(radius: radius, level: level)
        let name = target.absoluteString
        let (data, response) = try download(target, progress: progress, isCancelled: isCancelled)
        guard let http = response as? HTTPURLResponse else {
            throw PackingError.service(url: name, problem: "the answer is not an HTTP response")
        }
        guard http.statusCode == 200 else {
            let reason = HTTPURLResponse.localizedString(forStatusCode: http.statusCode)
            throw PackingError.service(url: name, problem: "HTTP status \(http.statusCode) (\(reason)), expected 200")
        }
        return try SphereJSON.decode([UInt8](data), source: name, maxRecords: maxRecords)
    }

    /// Downloads the records without blocking a thread (see the blocking `fetch`).
    public func fetchAsync(radius: Double = 1, level: Int = 7, maxRecords: Int = SphereJSON.defaultMaxRecords) async throws -> [SphereRecord] {
        let service = self
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try service.fetch(radius: radius, level: level, maxRecords: maxRecords) })
            }
        }
    }

    /// One GET with this client's timeouts; transport errors become `PackingError.service`.
    private func download(_ target: URL, progress: (@Sendable (Int, Int?) -> Void)?,
                          isCancelled: (@Sendable () -> Bool)?) throws -> (Data, URLResponse) {
        let name = target.absoluteString
        // swift-corelibs-foundation truncates timeouts to whole seconds (0.3 s becomes 0
        // and fails at once), so URLSession gets the timeout rounded up plus one second as
        // a backstop, and the wait below enforces the exact one.
        let sessionTimeout = timeout.rounded(.up) + 1
        let config = URLSessionConfiguration.ephemeral
        config.timeoutIntervalForRequest = sessionTimeout
        config.timeoutIntervalForResource = sessionTimeout
        config.requestCachePolicy = .reloadIgnoringLocalCacheData
        let delegate = DownloadDelegate(maxBytes: Self.maxAnswerBytes, progress: progress)
        let session = URLSession(configuration: config, delegate: delegate, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: target, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: sessionTimeout)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let task = session.dataTask(with: request)
        task.resume()
        // The whole exchange must finish within `timeout`.
        let deadline = DispatchTime.now() + timeout
        while delegate.done.wait(timeout: min(deadline, .now() + 0.05)) == .timedOut {
            if let c = isCancelled, c() {
                task.cancel()
                throw PackingError.cancelled
            }
            if DispatchTime.now() >= deadline {
                task.cancel()
                throw PackingError.service(url: name, problem: "no answer within \(SphereJSON.format(timeout, decimals: 3)) s (timeout)")
            }
        }
        let outcome = delegate.outcome
        if outcome.tooLarge { throw PackingError.service(url: name, problem: "the answer is larger than \(Self.maxAnswerBytes) bytes") }
        if let error = outcome.error { throw PackingError.service(url: name, problem: describe(error)) }
        guard let response = outcome.response else { throw PackingError.service(url: name, problem: "no response") }
        return (outcome.body, response)
    }

    /// A one-line account of a transport error.
    private func describe(_ error: Error) -> String {
        guard let e = error as? URLError else { return String(describing: error).replacingOccurrences(of: "\n", with: " ") }
        switch e.code {
        case .cannotConnectToHost: return "connection refused (is the service running?)"
        case .timedOut: return "no answer within \(SphereJSON.format(timeout, decimals: 3)) s (timeout)"
        case .cannotFindHost, .dnsLookupFailed: return "host not found"
        case .notConnectedToInternet: return "no network connection"
        case .networkConnectionLost: return "the connection was closed before the answer was complete"
        case .badServerResponse: return "the server's answer is not valid HTTP"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return "secure connection failed (TLS)"
        default: return "network error \(e.code.rawValue): \(e.localizedDescription)".replacingOccurrences(of: "\n", with: " ")
        }
    }
}
