import Foundation
import OrbitTestSupport
import Testing

extension Reliability {
    /// A compressed service answer is bounded by what it decodes to, not by its size on
    /// the wire; asserted under an address-space limit, so a regression fails fast.
    @Suite struct ServiceMemory {
        /// The 1 GiB answer limit, the buffer's last doubling and what a debug binary maps.
        static let addressSpace = "--as=3000000000"

        @Test("A 26 MB gzip answer that inflates to 4 GiB stops at the 1 GiB decoded limit, in bounded memory")
        func gzipBombStopsAtTheDecodedLimit() throws {
            let bomb = GzipBomb.make(inflated: 4 << 30)
            let service = try TricklingService(gzipped: ["/api/spheres/1/9": bomb])
            defer { service.stop() }
            let orbit = try OrbitBinary.check()
            let r = try Spawn.run(
                [
                    "prlimit", Self.addressSpace, orbit, "render", "apollonian", "--url", service.base,
                    "--level", "9", "--size", "20x6",
                ], stdoutPath: "/dev/null", timeout: 600)
            print("gzip bomb (\(bomb.count) bytes on the wire): status \(r.status), peak \(r.maxRSSKiB) KiB")
            #expect(r.status == 1, "\(r.stderr)")
            #expect(r.stderr.hasSuffix("/api/spheres/1/9: the answer is larger than 1073741824 bytes\n"), "\(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
            // Measured 1.07 GB: the 1 GiB body and the binary. Before the decoded bytes were
            // counted as they arrived, a 1.25 GiB bomb already peaked at 1.6 GB.
            #expect(r.maxRSSKiB < 1_400_000, "peak \(r.maxRSSKiB) KiB")
        }
    }
}
