import Foundation
import Raster
import Cells
import Display

/// `orbit bench`: times rendering and encoding headless and prints `name: value` lines.
///
/// Method (docs/PERFORMANCE.md): the scene is loaded and one frame is drawn untimed
/// (`startup_ms` covers load + that first frame); then each of `--frames` frames is posed,
/// rasterized (timed: render), encoded to cells (timed: encode) and passed through the
/// diffing terminal writer (bytes counted, not timed). Medians resist the noise of a
/// shared machine; `color_error_lab` is the mean CIELAB distance between what the last
/// frame's cells show and its framebuffer, `color_error_blurred` the same after a blur of
/// about one cell (what a viewer sees from a normal distance) and `hue_score` the share of
/// the framebuffer's blue pixels whose cell still shows blue; `checksum` (FNV-1a of every frame's writer bytes) proves the work was
/// done and lets two builds be compared for identical output. `cpu_ms_per_frame` is the
/// process's CPU time (all threads) over the timed frames, render + encode + writer: on a
/// loaded machine it stays near the idle figure when wall-clock medians do not.
/// `fps` is 1000 / `total_ms_per_frame`; `writes_per_frame` is 1 because the writer hands the
/// terminal one buffer per frame.
enum BenchCommand {
    static func run(_ options: Options, environment: [String: String]) throws(CLIError) -> Int32 {
        let start = now()
        var s = try HeadlessCommands.setup(options, environment: environment)
        let frames = options.frames ?? 300
        var writer = FrameWriter()
        var renderTimes: [Double] = [], encodeTimes: [Double] = []
        renderTimes.reserveCapacity(frames)
        encodeTimes.reserveCapacity(frames)
        var bytesAfterFirst = 0
        var checksum: UInt64 = 0xcbf2_9ce4_8422_2325
        var triangles = 0
        var drawn = 0
        // Frame 0: start-up (scene load, texture decode, first render and encode).
        let first = s.renderFrame(0)
        s.pipeline.encode()
        let firstBytes = writer.frame(s.pipeline.grid)
        let startup = ms(now() - start)
        triangles = s.loaded.scene.triangleCount
        for b in firstBytes { checksum = (checksum ^ UInt64(b)) &* 0x100_0000_01b3 }
        let cpuStart = cpuNow()
        var flight = s.loaded.browse.map { BrowseBench(source: $0, scene: s.loaded.viewerScene, columns: options.columns, rows: options.rows) }
        for frame in 1...max(frames, 1) {
            if var f = flight {
                do { s.loaded.scene = try f.step().scene } catch { throw CLIError("apollonian: \(error)") }
                flight = f
            }
            let t0 = now()
            let stats = s.renderFrame(frame)
            let t1 = now()
            s.pipeline.encode()
            let t2 = now()
            let bytes = writer.frame(s.pipeline.grid)
            renderTimes.append(ms(t1 - t0))
            encodeTimes.append(ms(t2 - t1))
            bytesAfterFirst += bytes.count
            drawn = stats.trianglesDrawn + stats.spheresDrawn
            for b in bytes { checksum = (checksum ^ UInt64(b)) &* 0x100_0000_01b3 }
        }
        let n = max(frames, 1)
        // The flight's rebuilds are not frame work: the viewer runs them on another thread.
        let cpuAll = cpuNow() &- cpuStart
        let cpuPerFrame = ms(cpuAll &- min(flight?.buildCPU ?? 0, cpuAll)) / Double(n)
        let total = median(zip(renderTimes, encodeTimes).map { $0 + $1 })
        let fb = s.pipeline.framebuffer
        let glyphs = s.pipeline.cellOutput?.glyphs ?? .blocks
        let grid = s.pipeline.grid
        let hue = grid.hueScore(against: fb, glyphs: glyphs)
        let lines = [
            "scene: \(s.loaded.label ?? options.scene)",
            "size: \(options.columns)x\(options.rows)",
            "glyphs: \(glyphs.rawValue)",
            "colors: \(s.pipeline.colors.rawValue)",
            "threads: \(s.pipeline.rasterizer.threads)",
            "frames: \(n)",
            "triangles: \(triangles)",
            "drawn_per_frame: \(drawn)",
            "spheres_as_impostors: \(first.spheresDrawn)",
            "pixels: \(fb.width * fb.height)",
            "startup_ms: \(fmt(startup))",
            "render_ms_per_frame: \(fmt(median(renderTimes)))",
            "encode_ms_per_frame: \(fmt(median(encodeTimes)))",
            "total_ms_per_frame: \(fmt(total))",
            "fps: \(String(format: "%.1f", total > 0 ? 1000 / total : 0))",
            "cpu_ms_per_frame: \(fmt(cpuPerFrame))",
            "bytes_per_frame: \(bytesAfterFirst / n)",
            "first_frame_bytes: \(firstBytes.count)",
            "color_error_lab: \(String(format: "%.2f", grid.meanColorError(against: fb, glyphs: glyphs)))",
            "color_error_blurred: \(String(format: "%.2f", grid.blurredColorError(against: fb, glyphs: glyphs)))",
            "hue_score: \(String(format: "%.3f", hue.score)) of \(hue.bluePixels) blue pixels",
            "writes_per_frame: 1",
            "checksum: \(String(checksum, radix: 16))",
        ] + (flight?.lines ?? [])
        return StandardOutput.write(lines.joined(separator: "\n") + "\n") ? 0 : 141
    }

    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
    /// CPU time of the whole process (every thread), in nanoseconds.
    static func cpuNow() -> UInt64 {
        var t = timespec()
        guard clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t) == 0 else { return 0 }
        return UInt64(max(t.tv_sec, 0)) &* 1_000_000_000 &+ UInt64(max(t.tv_nsec, 0))
    }
    static func ms(_ ns: UInt64) -> Double { Double(ns) / 1e6 }
    static func fmt(_ v: Double) -> String { String(format: "%.3f", v) }
    static func median(_ v: [Double]) -> Double {
        guard !v.isEmpty else { return 0 }
        let s = v.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
}
