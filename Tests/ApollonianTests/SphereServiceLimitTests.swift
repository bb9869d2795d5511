import Foundation
import Synchronization
import Testing

@testable import Apollonian

/// The client's bounds against a hostile or broken server: decoded bytes, wall time,
/// cancellation.
@Suite(.serialized, .timeLimit(.minutes(2))) struct SphereServiceLimits {
    /// `bytes` compressed by the system's gzip.
    static func gzip(_ shell: String) throws -> [UInt8] {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", shell + " | gzip -c"]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return [UInt8](data)
    }

    /// The one-line error `body` throws (see `SphereServiceClient.message`).
    func message(_ body: () throws -> [SphereRecord]) -> String { SphereServiceClient().message(body) }

    @Test func aGzipAnswerIsDecoded() throws {
        let body = try Self.gzip("printf '%s' '\(SphereServiceClient.good)'")
        let server = try LoopbackServer(answers: [
            "/api/spheres/1/7": .init(raw: body, headers: ["Content-Encoding: gzip"])
        ])
        defer { server.stop() }
        #expect(try SphereService(url: server.base, timeout: 10).fetch().count == 2)
    }

    @Test func aGzipBombStopsAtTheDecodedLimitThoughTheWireBytesAreFarBelowIt() throws {
        // 64 MiB of zeros are about 64 KB of gzip: only counting decoded bytes catches it.
        let bomb = try Self.gzip("head -c 67108864 /dev/zero")
        let limit = 1 << 20
        #expect(bomb.count < limit / 4)
        let server = try LoopbackServer(answers: [
            "/api/spheres/1/7": .init(raw: bomb, headers: ["Content-Encoding: gzip"])
        ])
        defer { server.stop() }
        let service = try SphereService(url: server.base, timeout: 60, answerLimit: limit)
        let m = message { try service.fetch() }
        #expect(m.contains("the answer is larger than 1048576 bytes"), "\(m)")
    }

    @Test func aServerThatTricklesBytesForeverMeetsTheWholeRequestTimeout() throws {
        // A byte every 50 ms: an idle timeout never fires; the wall-time one must.
        let server = try LoopbackServer(answers: ["/api/spheres/1/7": .init(trickle: 0.05)])
        defer { server.stop() }
        let received = Atomic(0)
        let m = message {
            try SphereService(url: server.base, timeout: 1.5).fetch(progress: { n, _ in
                received.store(n, ordering: .relaxed)
            })
        }
        #expect(m.contains("no answer within 1.5 s (timeout)"), "\(m)")
        #expect(received.load(ordering: .relaxed) > 0, "the trickle never arrived, so this did not test a slow body")
    }

    @Test func cancellingStopsATransferInProgress() throws {
        let server = try LoopbackServer(answers: ["/api/spheres/1/7": .init(trickle: 0.05)])
        defer { server.stop() }
        let received = Atomic(0)
        #expect(throws: PackingError.cancelled) {
            try SphereService(url: server.base, timeout: 600).fetch(
                progress: { n, _ in received.store(n, ordering: .relaxed) },
                isCancelled: { received.load(ordering: .relaxed) >= 3 })
        }
    }

    @Test func cancellingTheTaskStopsTheAsyncFetch() async throws {
        let server = try LoopbackServer(answers: ["/api/spheres/1/7": .init(trickle: 0.05)])
        defer { server.stop() }
        let service = try SphereService(url: server.base, timeout: 600)
        let task = Task { try await service.fetchAsync() }
        let deadline = Date().addingTimeInterval(60)
        while server.requests.isEmpty && Date() < deadline { try await Task.sleep(nanoseconds: 20_000_000) }
        #expect(server.requests == ["/api/spheres/1/7"])
        task.cancel()
        await #expect(throws: PackingError.cancelled) { try await task.value }
    }

    @Test func aLimitBelowOneByteIsRefused() {
        #expect(throws: PackingError.self) { try SphereService(url: "http://127.0.0.1:1", answerLimit: 0) }
    }
}
