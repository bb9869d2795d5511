import Cells
import Display
import Foundation
import Math3D
import Raster
import Testing

@testable import OrbitCLI

/// The shared pipeline split over several threads (raster bands and encoder bands) gives
/// exactly the pixels and cells of one thread, frame after frame (the encoder's hysteresis
/// history included).
@Suite struct ParallelFrames {
    static let env = ["TERM": "xterm-256color", "LANG": "C.UTF-8"]

    /// What one run of `frames` frames produced: every frame's cells, and the last
    /// framebuffer's colour, depth and coverage as bit patterns.
    struct Run: Equatable {
        var cells: [[Cell]] = []
        var colorBits: [UInt32] = []
        var depthBits: [UInt32] = []
        var coverage: [UInt8] = []
        var threads = 0
    }

    func run(_ args: [String], threads: Int, frames: Int) throws -> Run {
        let (_, options) = try ArgumentParser.parse(["bench"] + args + ["--threads", String(threads)])
        var s = try HeadlessCommands.setup(options, environment: Self.env)
        var result = Run()
        result.threads = s.pipeline.threads
        for frame in 0..<frames {
            s.renderFrame(frame)
            s.pipeline.encode()
            result.cells.append(s.pipeline.grid.cells)
        }
        let fb = s.pipeline.framebuffer
        result.colorBits = fb.color.flatMap { [$0.x.bitPattern, $0.y.bitPattern, $0.z.bitPattern] }
        result.depthBits = fb.depth.map(\.bitPattern)
        result.coverage = fb.coverage
        return result
    }

    /// Runs `args` on 1 and on `threads` threads and compares everything but the count.
    func expectSameOutput(_ args: [String], threads: Int, frames: Int) throws {
        let serial = try run(args, threads: 1, frames: frames)
        let parallel = try run(args, threads: threads, frames: frames)
        #expect(serial.threads == 1)
        #expect(parallel.threads == threads)
        // The scene must really be on screen, or the comparison proves nothing.
        let covered = serial.coverage.filter { $0 != 0 }.count
        #expect(covered > serial.coverage.count / 10, "only \(covered) pixels covered")
        #expect(serial.cells.count == frames && parallel.cells.count == frames)
        for (i, (a, b)) in zip(serial.cells, parallel.cells).enumerated() {
            let differing = zip(a, b).filter { $0 != $1 }.count
            #expect(a.count == b.count && differing == 0, "frame \(i): \(differing) cells differ")
        }
        #expect(serial.colorBits == parallel.colorBits)
        #expect(serial.depthBits == parallel.depthBits)
        #expect(serial.coverage == parallel.coverage)
    }

    @Test(arguments: [2, 3])
    func spinningEarthInTruecolorHalfBlocksIsTheSameOnSeveralThreads(threads: Int) throws {
        try expectSameOutput(
            ["earth", "--size", "200x60", "--glyphs", "blocks", "--colors", "truecolor"],
            threads: threads, frames: 3)
    }

    @Test func spinningEarthInEdgeAsciiWith256ColoursIsTheSameOnTwoThreads() throws {
        try expectSameOutput(
            ["earth", "--size", "120x40", "--glyphs", "edges", "--colors", "256", "--spin", "7"],
            threads: 2, frames: 3)
    }

    @Test(arguments: ["blocks", "braille"])
    func turningApollonianPackingIsTheSameOnTwoThreads(glyphs: String) throws {
        try expectSameOutput(
            [
                "apollonian", "--level", "6", "--size", "200x60", "--glyphs", glyphs, "--colors", "truecolor",
                "--spin", "3", "--pitch", "20",
            ], threads: 2, frames: 3)
    }

    @Test func threadCountZeroMeansOnePerCore() {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        #expect(FramePipeline.resolvedThreads(0) == cores)
        #expect(FramePipeline.resolvedThreads(-3) == cores)
        #expect(FramePipeline.resolvedThreads(5) == 5)
        #expect(FramePipeline.resolvedThreads(1000) == 64)
        let pipeline = FramePipeline(columns: 10, rows: 5, glyphs: .blocks, colors: .truecolor, threads: 0)
        #expect(pipeline.threads == cores)
    }
}
