import Cells
import Display
import Foundation
import Raster

/// `orbit bench`: times rendering and encoding headless and prints `name: value` lines.
///
/// Method (docs/PERFORMANCE.md): the scene is loaded and one frame is drawn untimed
/// (`startup_ms` covers load + that first frame); then each of `--frames` frames is posed,
/// rasterized (timed: render) and encoded (timed: encode). For cells, encoding is the
/// cell encoder, and the diffing terminal writer runs after it untimed (bytes counted);
/// for the graphics outputs, encoding is everything from pixels to protocol bytes
/// (`compress_ms_per_frame` is the PNG share of it where frames travel as PNG: kitty,
/// iterm).
/// Medians resist the noise of a shared machine; `color_error_lab` (cells) is the mean
/// CIELAB distance between what the last frame's cells show and its framebuffer;
/// `checksum` (FNV-1a of every frame's bytes) proves the work was done and lets two builds
/// be compared for identical output.
/// `cpu_ms_per_frame` is the process's CPU time (all threads) over the timed frames,
/// render + encode + writer: on a loaded machine it stays near the idle figure when
/// wall-clock medians do not. `fps` is 1000 / `total_ms_per_frame`. For an animated model,
/// `skinning_ms_per_frame` is the part of render spent morphing and skinning meshes.
enum BenchCommand {
    static func run(_ options: Options, environment: [String: String]) throws(CLIError) -> Int32 {
        let start = now()
        let (config, made) = try HeadlessCommands.configured(options, for: .bench, environment: environment)
        var s = made
        let frames = config.frames
        let cells = s.pipeline.cellOutput
        // Cells: the encoder is timed, the writer is not (as before graphics existed);
        // graphics: the whole output is the encoder.
        var writer = FrameWriter()
        var bytes: [UInt8] = []
        func encode() {
            if let cells {
                cells.encode(s.pipeline.framebuffer)
            } else {
                s.pipeline.write(into: &bytes)
            }
        }
        func written() -> [UInt8] {
            if let cells { writer.write(cells.cells, into: &bytes) }
            return bytes
        }
        var renderTimes: [Double] = []
        var encodeTimes: [Double] = []
        var compressTimes: [Double] = []
        var skinTimes: [Double] = []
        var bytesAfterFirst = 0
        var checksum: UInt64 = 0xcbf2_9ce4_8422_2325
        var drawn = 0
        // Frame 0: start-up (scene load, texture decode, first render and encode).
        let first = s.renderFrame(0)
        encode()
        let firstBytes = written().count
        let startup = ms(now() - start)
        for b in bytes { checksum = (checksum ^ UInt64(b)) &* 0x100_0000_01b3 }
        let png = s.pipeline.output as? any CompressedFrameOutput
        let motionAfterFirst = s.motion
        let checksumAfterFirst = checksum
        let cpuStart = cpuNow()
        var flight = s.loaded.browse.map {
            BrowseBench(
                source: $0, scene: s.loaded.viewerScene, columns: options.columns, rows: options.rows,
                cellAspect: options.headlessCellAspect)
        }
        for frame in 1...frames {
            if var f = flight {
                do { s.loaded.scene = try f.step().scene } catch { throw CLIError("apollonian: \(error)") }
                flight = f
            }
            let t0 = now()
            let stats = s.renderFrame(frame)
            let t1 = now()
            if let a = s.animation { skinTimes.append(ms(a.player.deformNanoseconds)) }
            let compressBefore = png?.compressNanoseconds ?? 0
            encode()
            let t2 = now()
            let out = written()
            renderTimes.append(ms(t1 - t0))
            encodeTimes.append(ms(t2 - t1))
            if let png { compressTimes.append(ms(png.compressNanoseconds - compressBefore)) }
            bytesAfterFirst += out.count
            drawn = stats.trianglesDrawn + stats.spheresDrawn
            for b in out { checksum = (checksum ^ UInt64(b)) &* 0x100_0000_01b3 }
        }
        // The flight's rebuilds are not frame work: the viewer runs them on another thread.
        let cpuAll = cpuNow() &- cpuStart
        let cpuPerFrame = ms(cpuAll &- min(flight?.buildCPU ?? 0, cpuAll)) / Double(frames)
        let total = median(zip(renderTimes, encodeTimes).map { $0 + $1 })
        // Graphics as the viewer draws them: the same frames again, each rendered while the
        // one before is encoded (`FramePipeline.beginWrite`).
        var overlapped: (ms: Double, same: Bool)?
        if cells == nil && flight == nil && s.pipeline.overlapHelps {
            s.motion = motionAfterFirst
            overlapped = Self.overlappedPass(&s, frames: frames, from: checksumAfterFirst, expected: checksum)
        }
        let fb = s.pipeline.framebuffer
        let hue = s.pipeline.grid.hueScore(against: s.pipeline.framebuffer, glyphs: cells?.glyphs ?? .blocks)
        var lines = [
            "scene: \(s.loaded.label ?? options.scene)",
            "size: \(options.columns)x\(options.rows)",
            "output: \(s.pipeline.mode.kind.rawValue)",
        ]
        if let cells {
            lines += ["glyphs: \(cells.glyphs.rawValue)", "colors: \(cells.colors.rawValue)"]
        }
        lines += [
            "threads: \(s.pipeline.rasterizer.threads)",
            "frames: \(frames)",
            "triangles: \(s.loaded.scene.triangleCount)",
            "drawn_per_frame: \(drawn)",
            "spheres_as_impostors: \(first.spheresDrawn)",
            "pixels: \(fb.width * fb.height)",
            "pixel_size: \(fb.width)x\(fb.height)",
            "startup_ms: \(fmt(startup))",
            "render_ms_per_frame: \(fmt(median(renderTimes)))",
            "encode_ms_per_frame: \(fmt(median(encodeTimes)))",
        ]
        if png != nil { lines.append("compress_ms_per_frame: \(fmt(median(compressTimes)))") }
        if let a = s.animation {
            lines += ["animation: \(a.name)", "skinning_ms_per_frame: \(fmt(median(skinTimes)))"]
        }
        lines += [
            "total_ms_per_frame: \(fmt(total))",
            "fps: \(String(format: "%.1f", total > 0 ? 1000 / total : 0))",
        ]
        if let overlapped {
            lines += [
                "overlapped_ms_per_frame: \(fmt(overlapped.ms))",
                "overlapped_fps: \(String(format: "%.1f", overlapped.ms > 0 ? 1000 / overlapped.ms : 0))",
                "overlapped_same_bytes: \(overlapped.same)",
            ]
        }
        lines += [
            "cpu_ms_per_frame: \(fmt(cpuPerFrame))",
            "bytes_per_frame: \(bytesAfterFirst / frames)",
            "first_frame_bytes: \(firstBytes)",
        ]
        if let cells {
            lines.append(
                "color_error_lab: "
                    + "\(String(format: "%.2f", cells.cells.meanColorError(against: fb, glyphs: cells.glyphs)))"
            )
            lines.append(
                "color_error_blurred: "
                    + "\(String(format: "%.2f", cells.cells.blurredColorError(against: fb, glyphs: cells.glyphs)))"
            )
            lines.append("hue_score: \(String(format: "%.3f", hue.score)) of \(hue.bluePixels) blue pixels")
        }
        if let png { lines.append("raw_bytes_per_frame: \(png.lastRawBytes)") }
        if let sixel = s.pipeline.output as? SixelOutput {
            lines.append("registers: \(sixel.registers)")
            lines.append("colors: \(sixel.colors)")
            lines.append("palette_error: \(String(format: "%.2f", sixel.meanPaletteError()))")
        }
        lines.append("checksum: \(String(checksum, radix: 16))")
        lines += flight?.lines ?? []
        return StandardOutput.write(lines.joined(separator: "\n") + "\n") ? 0 : 141
    }

    /// Draws `frames` frames again with each frame's encoding overlapping the next one's
    /// render, as the viewer does for graphics: the median wall time from one frame's bytes
    /// to the next's, and whether the bytes are those of the plain pass (FNV-1a from `start`,
    /// the checksum after frame 0, over frames 1 to `frames` gives `expected`).
    static func overlappedPass(
        _ s: inout HeadlessCommands.Setup, frames: Int, from start: UInt64, expected: UInt64
    ) -> (ms: Double, same: Bool) {
        var sum = start
        var bytes: [UInt8] = []
        var times: [Double] = []
        func take() {
            bytes.removeAll(keepingCapacity: true)
            s.pipeline.finishWrite(into: &bytes)
            for b in bytes { sum = (sum ^ UInt64(b)) &* 0x100_0000_01b3 }
        }
        var last = now()
        for frame in 1...frames {
            s.renderFrame(frame)
            take()
            s.pipeline.beginWrite()
            let t = now()
            // Each step renders, takes the bytes of the frame before and begins this one.
            if frame > 1 { times.append(ms(t - last)) }
            last = t
        }
        take()
        if frames == 1 { times.append(ms(now() - last)) }
        return (median(times), sum == expected)
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
