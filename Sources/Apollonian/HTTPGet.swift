import CCurl
import Foundation

/// One HTTP(S) GET through libcurl, run on the calling thread, bounded three ways: the
/// decoded body (after gzip/deflate) stops at `maxBytes` as it arrives, the whole request
/// (connect, headers, body) stops at `timeout` seconds of wall time, and `isCancelled`
/// stops it within about 50 ms. Callbacks run on the calling thread only.
struct HTTPGet {
    /// How a GET ended without an answer.
    enum Failure: Error, Equatable {
        /// The decoded body passed `maxBytes`.
        case tooLarge
        /// `timeout` seconds passed before the answer was complete.
        case timedOut
        /// `isCancelled` returned true.
        case cancelled
        /// A transport failure, described in one line.
        case transport(String)
    }

    /// The status and the decoded body of a complete answer.
    struct Answer {
        var status: Int
        var body: [UInt8]
    }

    let url: URL
    /// Wall-time limit for the whole request, in seconds.
    let timeout: Double
    /// Largest decoded body accepted, in bytes.
    let maxBytes: Int

    /// Runs the GET.
    /// - Parameters:
    ///   - progress: called as the body arrives with the bytes received on the wire so far
    ///     and the length the server announced, if any.
    ///   - isCancelled: polled about every 50 ms and as data arrives.
    func run(progress: ((Int, Int?) -> Void)?, isCancelled: (() -> Bool)?) throws(Failure) -> Answer {
        guard HTTPGet.libraryReady, let easy = curl_easy_init() else { throw .transport("libcurl could not start") }
        defer { curl_easy_cleanup(easy) }
        let deadline = DispatchTime.now() + timeout
        let transfer = HTTPTransfer(
            maxBytes: maxBytes, deadline: deadline, progress: progress, isCancelled: isCancelled)
        let headers: UnsafeMutablePointer<curl_slist>? = curl_slist_append(nil, "Accept: application/json")
        defer { curl_slist_free_all(headers) }
        let context = Unmanaged.passUnretained(transfer).toOpaque()
        let milliseconds = max(1, Int((timeout * 1000).rounded(.up)))
        let configured = url.absoluteString.withCString { address in
            [
                orbit_curl_set_pointer(easy, CURLOPT_URL, address),
                orbit_curl_set_pointer(easy, CURLOPT_PROTOCOLS_STR, "http,https"),
                orbit_curl_set_pointer(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"),
                orbit_curl_set_long(easy, CURLOPT_FOLLOWLOCATION, 1),
                orbit_curl_set_long(easy, CURLOPT_MAXREDIRS, 5),
                // Decode gzip and deflate; the write callback counts the decoded bytes.
                orbit_curl_set_pointer(easy, CURLOPT_ACCEPT_ENCODING, ""),
                orbit_curl_set_long(easy, CURLOPT_TIMEOUT_MS, milliseconds),
                orbit_curl_set_long(easy, CURLOPT_NOSIGNAL, 1),
                orbit_curl_set_pointer(easy, CURLOPT_HTTPHEADER, headers),
                orbit_curl_set_pointer(easy, CURLOPT_USERAGENT, "orbit"),
                orbit_curl_set_write(easy, HTTPGet.write),
                orbit_curl_set_pointer(easy, CURLOPT_WRITEDATA, context),
                orbit_curl_set_xferinfo(easy, HTTPGet.xferinfo),
                orbit_curl_set_pointer(easy, CURLOPT_XFERINFODATA, context),
                orbit_curl_set_long(easy, CURLOPT_NOPROGRESS, 0),
            ].allSatisfy { $0 == CURLE_OK }
        }
        guard configured else { throw .transport("libcurl refused the request's settings") }
        let code = withExtendedLifetime(transfer) { perform(easy, transfer) }
        if let stop = transfer.stop { throw stop }
        if code == CURLE_OPERATION_TIMEDOUT { throw .timedOut }
        guard code == CURLE_OK else { throw .transport(HTTPGet.describe(code)) }
        var status = 0
        _ = orbit_curl_get_long(easy, CURLINFO_RESPONSE_CODE, &status)
        return Answer(status: status, body: transfer.body)
    }

    /// Drives the transfer with a multi handle so that cancellation and the deadline are
    /// checked every 50 ms even while nothing arrives; the transfer's result code.
    private func perform(_ easy: UnsafeMutableRawPointer, _ transfer: HTTPTransfer) -> CURLcode {
        guard let multi = curl_multi_init() else { return CURLE_OUT_OF_MEMORY }
        defer { curl_multi_cleanup(multi) }
        guard curl_multi_add_handle(multi, easy) == CURLM_OK else { return CURLE_OUT_OF_MEMORY }
        defer { curl_multi_remove_handle(multi, easy) }
        var running: Int32 = 1
        while true {
            guard curl_multi_perform(multi, &running) == CURLM_OK else { return CURLE_RECV_ERROR }
            var left: Int32 = 0
            while let message = curl_multi_info_read(multi, &left) {
                if message.pointee.msg == CURLMSG_DONE { return message.pointee.data.result }
            }
            if running == 0 { return CURLE_RECV_ERROR }
            if transfer.shouldStop() { return CURLE_ABORTED_BY_CALLBACK }
            _ = curl_multi_poll(multi, nil, 0, 50, nil)
        }
    }

    /// libcurl is initialised once per process, before the first handle.
    private static let libraryReady: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    /// Body bytes (decoded): kept while under the limit, otherwise the transfer stops.
    private static let write: orbit_curl_write_fn = { data, size, count, context in
        guard let context else { return 0 }
        let transfer = Unmanaged<HTTPTransfer>.fromOpaque(context).takeUnretainedValue()
        let n = size * count
        guard let data, transfer.accept(UnsafeRawBufferPointer(start: data, count: n)) else { return 0 }
        return n
    }

    /// Progress (wire bytes), called often while data flows and about once a second when
    /// it does not; non-zero stops the transfer.
    private static let xferinfo: orbit_curl_xferinfo_fn = { context, total, received, _, _ in
        guard let context else { return 1 }
        let transfer = Unmanaged<HTTPTransfer>.fromOpaque(context).takeUnretainedValue()
        transfer.report(received: Int(received), expected: total > 0 ? Int(total) : nil)
        return transfer.shouldStop() ? 1 : 0
    }

    /// A one-line account of a libcurl failure.
    private static func describe(_ code: CURLcode) -> String {
        switch code {
        case CURLE_COULDNT_CONNECT: return "connection refused (is the service running?)"
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: return "host not found"
        case CURLE_RECV_ERROR, CURLE_PARTIAL_FILE, CURLE_GOT_NOTHING, CURLE_SEND_ERROR:
            return "the connection was closed before the answer was complete"
        case CURLE_WEIRD_SERVER_REPLY, CURLE_UNSUPPORTED_PROTOCOL: return "the server's answer is not valid HTTP"
        case CURLE_BAD_CONTENT_ENCODING: return "the answer's compressed body is damaged"
        case CURLE_TOO_MANY_REDIRECTS: return "too many redirects"
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE:
            return "secure connection failed (TLS)"
        default:
            let text = curl_easy_strerror(code).map { String(cString: $0) } ?? "unknown"
            return "network error \(code.rawValue): \(text)"
        }
    }
}
