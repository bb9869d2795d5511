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

    /// Downloads the records for `radius` and `level`, blocking the calling thread (call
    /// it off the UI thread).
    /// - Parameters:
    ///   - radius: outer radius the service scales to. Default 1.
    ///   - level: the service's level. Default 7.
    ///   - maxRecords: refuse larger answers. Default `SphereJSON.defaultMaxRecords`.
    /// - Throws: `PackingError.service` with one line naming the URL and what happened:
    ///   connection refused, host not found, timeout, an HTTP status other than 200; or
    ///   `PackingError.badRecords` (source: the URL) when the body is not sphere records.
    public func fetch(radius: Double = 1, level: Int = 7, maxRecords: Int = SphereJSON.defaultMaxRecords) throws -> [SphereRecord] {
        let target = requestURL(radius: radius, level: level)
        let (data, response) = try download(target)
        let name = target.absoluteString
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
    private func download(_ target: URL) throws -> (Data, URLResponse) {
        let config = URLSessionConfiguration.ephemeral
        config.timeoutIntervalForRequest = timeout
        config.timeoutIntervalForResource = timeout
        config.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: config)
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: target, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let box = ResultBox()
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: request) { data, response, error in
            box.set(data: data, response: response, error: error)
            done.signal()
        }
        task.resume()
        // The session enforces the timeout; the extra margin only guards against a hang.
        if done.wait(timeout: .now() + timeout + 5) == .timedOut {
            task.cancel()
            throw PackingError.service(url: target.absoluteString, problem: "no answer within \(SphereJSON.format(timeout, decimals: 3)) s (timeout)")
        }
        let (data, response, error) = box.get()
        if let error { throw PackingError.service(url: target.absoluteString, problem: describe(error)) }
        guard let response else { throw PackingError.service(url: target.absoluteString, problem: "no response") }
        return (data ?? Data(), response)
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
