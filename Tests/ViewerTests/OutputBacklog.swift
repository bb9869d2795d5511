import Testing

@testable import Viewer

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct OutputBacklog {
    /// A non-blocking pipe, as a stand-in for a terminal that stopped
    /// reading.
    static func pipePair() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        return (fds[0], fds[1])
    }

    @Test func aFullOutputIsBackedUpAndDrainingClearsIt() throws {
        let (r, w) = try Self.pipePair()
        defer {
            close(r)
            close(w)
        }
        let out = TerminalOutput(fd: w)
        #expect(!out.isBackedUp())
        // Fill the pipe until the kernel takes no more.
        let chunk = [UInt8](repeating: 0x41, count: 4096)
        while chunk.withUnsafeBytes({ Glibc.write(w, $0.baseAddress, $0.count) }) > 0 {}
        #expect(out.isBackedUp())
        // The reader catches up: frames may be sent again.
        var sink = [UInt8](repeating: 0, count: 1 << 16)
        while sink.withUnsafeMutableBytes({ read(r, $0.baseAddress, $0.count) }) > 0 {}
        #expect(!out.isBackedUp())
    }

    @Test func aClosedOutputMarksTheWriterDead() throws {
        let (r, w) = try Self.pipePair()
        close(r)
        defer { close(w) }
        signal(SIGPIPE, SIG_IGN)
        let out = TerminalOutput(fd: w)
        #expect(!out.write("frame"))
        #expect(!out.isAlive)
        #expect(out.bytesWritten == 0)
    }

    @Test func aFrameGoesOutInOneWriteCall() throws {
        let (r, w) = try Self.pipePair()
        defer {
            close(r)
            close(w)
        }
        let out = TerminalOutput(fd: w)
        let frame = [UInt8](repeating: 0x42, count: 30_000)
        #expect(out.write(frame))
        #expect(out.writeCalls == 1)
        #expect(out.bytesWritten == 30_000)
    }
}
