import Foundation
import Testing

@testable import Apollonian

@Suite(.serialized) struct SphereServiceClient {
    static let good = #"[{"X":0.2595,"Y":0.2595,"Z":0.2595,"R":0.4495,"L":1},{"X":0,"Y":0,"Z":0,"R":0.101,"L":2}]"#
    static let old = #"[{"X":0.2595,"Y":0.2595,"Z":0.2595,"Radius":0.4495,"Level":1}]"#

    /// The error message of `body`, or a recorded issue when it does not throw.
    func message(_ body: () throws -> [SphereRecord]) -> String {
        do {
            let r = try body()
            Issue.record("no error; got \(r.count) records")
            return ""
        } catch {
            let m = String(describing: error)
            #expect(!m.contains("\n"))
            return m
        }
    }

    @Test func aBaseURLGetsTheServicePathAppendedAndTheRecordsAreRead() throws {
        let server = try LoopbackServer(answers: ["/api/spheres/1/1": .init(body: Self.good)])
        defer { server.stop() }
        let service = try SphereService(url: server.base + "/", timeout: 5)
        #expect(service.requestURL(radius: 2.5, level: 7).absoluteString == server.base + "/api/spheres/2.5/7")
        let records = try service.fetch(radius: 1, level: 1)
        #expect(
            records == [
                SphereRecord(x: 0.2595, y: 0.2595, z: 0.2595, r: 0.4495, level: 1),
                SphereRecord(x: 0, y: 0, z: 0, r: 0.101, level: 2),
            ])
        #expect(server.requests == ["/api/spheres/1/1"])
    }

    @Test func aWholeURLIsUsedAsGivenAndTheEarlyKeysAreRead() throws {
        let server = try LoopbackServer(answers: ["/api/spheres/1/3": .init(body: Self.old)])
        defer { server.stop() }
        let service = try SphereService(url: server.base + "/api/spheres/1/3", timeout: 5)
        let records = try service.fetch(radius: 9, level: 9)
        #expect(records == [SphereRecord(x: 0.2595, y: 0.2595, z: 0.2595, r: 0.4495, level: 1)])
    }

    @Test func anHTTPErrorStatusIsReported() throws {
        let server = try LoopbackServer(answers: [:])
        defer { server.stop() }
        let service = try SphereService(url: server.base, timeout: 5)
        let m = message { try service.fetch(level: 11) }
        #expect(m.hasPrefix(server.base + "/api/spheres/1/11: "))
        #expect(m.contains("HTTP status 404"), "\(m)")
    }

    @Test func aBodyThatIsNotSphereRecordsIsReported() throws {
        let server = try LoopbackServer(answers: [
            "/api/spheres/1/2": .init(body: "<html><body>Server Error</body></html>")
        ])
        defer { server.stop() }
        let m = message { try SphereService(url: server.base, timeout: 5).fetch(level: 2) }
        #expect(m.contains("/api/spheres/1/2: expected a JSON array"), "\(m)")
    }

    @Test func aSlowAnswerTimesOut() throws {
        let server = try LoopbackServer(answers: ["/api/spheres/1/7": .init(body: Self.good, delay: 3)])
        defer { server.stop() }
        let m = message { try SphereService(url: server.base, timeout: 0.3).fetch() }
        #expect(m.contains("no answer within 0.3 s (timeout)"), "\(m)")
    }

    @Test func aSubSecondTimeoutStillWaitsForAnAnswerThatComesInTime() throws {
        // A timeout below a second is kept exact: 0.9 s must not be truncated to 0 and
        // fail at once.
        let server = try LoopbackServer(answers: ["/api/spheres/1/7": .init(body: Self.good, delay: 0.05)])
        defer { server.stop() }
        #expect(try SphereService(url: server.base, timeout: 0.9).fetch().count == 2)
    }

    @Test func aClosedPortIsAConnectionRefused() throws {
        let port = try LoopbackServer.closedPort()
        let m = message { try SphereService(url: "http://127.0.0.1:\(port)", timeout: 5).fetch() }
        #expect(m.contains("connection refused"), "\(m)")
    }

    @Test(arguments: ["", "ftp://example.org/x", "not a url", "http://"])
    func urlsThatAreNotHTTPAreRefused(url: String) {
        #expect(throws: PackingError.self) { try SphereService(url: url) }
    }

    @Test func aTimeoutThatIsNotPositiveIsRefused() {
        #expect(throws: PackingError.self) { try SphereService(url: "http://127.0.0.1:1", timeout: 0) }
        #expect(throws: PackingError.self) { try SphereService(url: "http://127.0.0.1:1", timeout: .nan) }
    }

    @Test func progressReportsTheBytesReceivedAndTheLengthTheServerAnnounced() throws {
        let server = try LoopbackServer(answers: ["/api/spheres/1/7": .init(body: Self.good)])
        defer { server.stop() }
        let log = ProgressLog()
        let records = try SphereService(url: server.base, timeout: 5).fetch(progress: { log.add($0, $1) })
        #expect(records.count == 2)
        let last = try #require(log.entries.last)
        #expect(last.0 == Self.good.utf8.count)
        #expect(last.1 == Self.good.utf8.count)
    }

    @Test func aCancelledDownloadStopsWithoutWaitingForTheServer() throws {
        let server = try LoopbackServer(answers: ["/api/spheres/1/7": .init(body: Self.good, delay: 3)])
        defer { server.stop() }
        let start = DispatchTime.now()
        #expect(throws: PackingError.cancelled) {
            try SphereService(url: server.base, timeout: 10).fetch(isCancelled: { DispatchTime.now() > start + 0.2 })
        }
    }

    @Test func theAsyncFetchGivesTheSameRecords() async throws {
        let server = try LoopbackServer(answers: ["/api/spheres/1/7": .init(body: Self.good)])
        defer { server.stop() }
        let records = try await SphereService(url: server.base, timeout: 5).fetchAsync()
        #expect(records.count == 2)
    }
}

/// Progress calls, recorded under a lock.
private final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [(Int, Int?)] = []
    func add(_ received: Int, _ expected: Int?) {
        lock.lock()
        list.append((received, expected))
        lock.unlock()
    }
    var entries: [(Int, Int?)] {
        lock.lock()
        defer { lock.unlock() }
        return list
    }
}
