import Display
import Foundation
import Raster
import Synchronization
import Viewer

#if canImport(Glibc)
    import Glibc
#endif

/// `orbit render MODEL --record FILE.gif|.apng|.mp4|.webm`: a turntable. The model turns
/// `--turns` times (default 1) about the vertical axis, from its `--yaw`/`--pitch`/`--roll`,
/// over `--frames` frames (default 60 a turn) at `--fps` (default 30): frame n shows the turn
/// at n / frames, at animation time `--time` + n / fps. The picture is `--size WxHpx`
/// pixels, `--size COLSxROWS` cells of `--cell-size` (default 8x16) pixels, else 480x480.
///
/// One thread renders while another encodes (`FrameQueue`). Ctrl-C, SIGTERM or SIGHUP
/// stop between frames: the temporary file is removed, the exit status is 128 + the signal.
enum TurntableCommand {
    /// Frames of one turn unless `--frames` says otherwise.
    static let framesPerTurn = 60
    /// The picture without `--size`.
    static let defaultPixels = PixelSize(width: 480, height: 480)
    /// The signals that stop a recording.
    static let stopping: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    private static let caught = Atomic<Int32>(0)

    /// The picture's size in pixels for `options`.
    static func pixels(_ options: Options) -> PixelSize {
        if let p = options.pixelSize { return p }
        guard options.sizeGiven else { return defaultPixels }
        let cell = options.cellSize ?? .standard
        return PixelSize(
            width: min(PreviewSize.maxPixels, options.columns * cell.width),
            height: min(PreviewSize.maxPixels, options.rows * cell.height))
    }

    static func run(_ options: Options, to path: String, format: RecordingFormat) throws(CLIError) -> Int32 {
        try OutputFile.check(path, example: "turntable.\(format.extensions[0])")
        let size = pixels(options)
        // Caught before the temporary file exists, so no signal can leave it behind.
        caught.store(0, ordering: .sequentiallyConsistent)
        for signo in stopping {
            signal(signo) { TurntableCommand.caught.store($0, ordering: .sequentiallyConsistent) }
        }
        defer { for signo in stopping { signal(signo, SIG_DFL) } }
        // A parent may have started us with them blocked; blocked, they would wait forever.
        var set = sigset_t()
        sigemptyset(&set)
        for signo in stopping { sigaddset(&set, signo) }
        sigprocmask(SIG_UNBLOCK, &set, nil)
        var drawn = options
        drawn.columns = size.width
        drawn.rows = size.height
        drawn.cellSize = CellSize(width: 1, height: 1)
        drawn.format = .fixed(.kitty)
        let o = drawn
        let (config, made) = try HeadlessCommands.configured(o, for: .render, environment: [:], toTerminal: false)
        nonisolated(unsafe) var setup = made
        let frames = options.frames ?? framesPerTurn * config.turns
        let writer: any MovieWriter
        do {
            guard let w = try format.writer(path: path, width: size.width, height: size.height, fps: config.fps)
            else { throw CLIError("\(path): not a picture format") }
            writer = w
        } catch let error as RecordingError {
            throw CLIError(error.description)
        } catch {
            throw CLIError("\(path): \(error)")
        }

        let queue = FrameQueue()
        let degrees = 360 * Double(config.turns)
        let fps = Double(config.fps)
        let renderer = Thread {  // owns `setup` from here on
            var rgb: [UInt8] = []
            for n in 0..<frames {
                if caught.load(ordering: .sequentiallyConsistent) != 0 { break }
                setup.animation?.pose(&setup.loaded.scene, seconds: config.time + Double(n) / fps)
                var turned = o
                turned.yaw = o.yaw + degrees * Double(n) / Double(frames)
                turned.spin = 0
                var motion = turned.startingMotion(for: setup.loaded)
                motion.setViewAspect(Double(size.width) / Double(size.height))
                setup.pipeline.render(ViewerScene.posed(setup.loaded.scene, by: motion))
                setup.pipeline.framebuffer.writeSRGB8(into: &rgb)
                if !queue.put(n, rgb) { break }
            }
            queue.end()
        }
        renderer.stackSize = 8 << 20
        renderer.start()
        var failure: String?
        while let frame = queue.take() {
            if caught.load(ordering: .sequentiallyConsistent) != 0 { break }
            do { try writer.add(frame.rgb, frame: frame.index) } catch {
                failure = error.description
                break
            }
        }
        queue.stop()
        let signo = caught.load(ordering: .sequentiallyConsistent)
        if signo != 0 {
            writer.abandon()
            return 128 + signo
        }
        if let failure {
            writer.abandon()
            throw CLIError(failure)
        }
        do { try writer.finish() } catch { throw CLIError(error.description) }
        return 0
    }
}
