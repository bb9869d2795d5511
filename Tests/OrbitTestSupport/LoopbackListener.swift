import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A socket listening on 127.0.0.1 (a free port) that hands each connection to a handler
/// on a thread of its own, so a slow answer never holds up the next connection. The test
/// servers (the sphere service stand-ins) are built on it. Stopped by `stop()` or deinit.
public final class LoopbackListener: @unchecked Sendable {
    /// The port it listens on.
    public let port: UInt16
    private let fd: Int32
    private let lock = NSLock()
    private var stopped = false
    private var accepted = 0

    /// Binds and listens; nothing is accepted before `start`.
    public init() throws {
        (fd, port) = try Loopback.listen()
    }

    deinit { stop() }

    /// Accepts connections until stopped, each handed to `serve` on its own thread (which
    /// owns the descriptor). Past `maxConnections` (default unlimited) a connection is
    /// closed at once.
    public func start(maxConnections: Int = .max, _ serve: @escaping @Sendable (Int32) -> Void) {
        Thread { [self] in
            while true {
                let client = accept(fd, nil, nil)
                if client < 0 && errno == EINTR { continue }
                lock.lock()
                let refused = stopped || accepted >= maxConnections
                accepted += 1
                lock.unlock()
                if client < 0 { return }
                if refused {
                    close(client)
                    if isStopped { return }
                    continue
                }
                Thread { serve(client) }.start()
            }
        }.start()
    }

    /// True once `stop()` was called.
    public var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    /// Stops accepting (once; later calls do nothing); open connections finish on their own.
    public func stop() {
        lock.lock()
        let wasStopped = stopped
        stopped = true
        lock.unlock()
        if !wasStopped {
            shutdown(fd, Int32(SHUT_RDWR))
            close(fd)
        }
    }
}

/// A test server built on a `LoopbackListener`: it answers each connection in `serve` and
/// gets its start, port, base URL and stop from here.
public protocol LoopbackServing: AnyObject, Sendable {
    /// The socket it listens on.
    var listener: LoopbackListener { get }
    /// Answers one connection on its own thread; owns (and closes) `client`.
    func serve(_ client: Int32)
}

extension LoopbackServing {
    /// Starts accepting; each connection goes to `serve` while the server lives (after
    /// that it is closed at once). Past `maxConnections` (default unlimited) a connection
    /// is closed at once.
    public func startServing(maxConnections: Int = .max) {
        listener.start(maxConnections: maxConnections) { [weak self] client in
            guard let self else {
                close(client)
                return
            }
            serve(client)
        }
    }

    /// The port it listens on.
    public var port: UInt16 { listener.port }

    /// True once `stop()` was called.
    public var isStopped: Bool { listener.isStopped }

    /// The base URL, `http://127.0.0.1:PORT`.
    public var base: String { "http://127.0.0.1:\(port)" }

    /// Stops accepting; open connections finish on their own.
    public func stop() { listener.stop() }
}
