import Display
import Viewer

extension Options {
    /// The viewer's configuration from the parsed options: every option the viewer accepts
    /// arrives here, through `ViewerConfig`'s initializer without defaults (a new field
    /// does not compile until it is passed). Pure: nothing is read from the terminal.
    /// - Parameters:
    ///   - loaded: the scene (and its levels or browse source).
    ///   - tour: the narrated tour of `orbit demo`, or nil.
    func viewerConfig(loaded: LoadedScene, tour: DemoTour?) throws(CLIError) -> ViewerConfig {
        ViewerConfig(
            scene: loaded.viewerScene, levels: loaded.levels, browse: loaded.browse, fps: fps, glyphs: glyphs,
            colors: colors, hud: hud, script: try gestureScript(), motion: startingMotion(for: loaded),
            dither: dither, transparent: transparent, threads: threads ?? 0, cellAspect: cellAspect,
            output: format, cellSize: cellSize, maxKbps: maxKbps, record: record, tour: tour,
            animation: try SceneAnimation.chosen(in: loaded.scene, animation, time: timeGiven ? time : nil)?.index,
            animationTime: time)
    }
}
