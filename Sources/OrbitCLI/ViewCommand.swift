import Display
import Foundation
import Gestures
import Viewer

/// `orbit [SCENE]`: the interactive viewer; `orbit demo [SCENE]`: the same with a
/// narrated tour of the gestures until the first key.
enum ViewCommand {
    /// The last viewer's configuration (its scene), kept until the process ends: freed on
    /// return, two million sphere records took 0.3 s of node-by-node releases after the
    /// terminal was given back, and the shell waited for them.
    nonisolated(unsafe) private static var kept: ViewerConfig?

    static func run(_ options: Options, environment: [String: String], tour: DemoTour? = nil) throws(CLIError) -> Int32
    {
        var options = options
        // The tour's pinches move the camera; a browsed packing would ignore them, so the
        // demo shows the packing by level.
        if tour != nil { options.levelGiven = true }
        // A mistyped scene or command is the first thing to tell, even into a pipe.
        try SceneCatalog.checkName(options.scene)
        try SceneCatalog.checkReadable(options.scene)
        // Refuse early, before loading anything, when there is no terminal to draw on.
        guard isatty(1) == 1 else {
            throw CLIError(
                "standard output is not a terminal; use 'orbit render' for text frames or 'orbit snapshot' for a PNG")
        }
        guard isatty(0) == 1 else {
            throw CLIError(
                "standard input is not a terminal (the viewer reads keys from it); use 'orbit "
                    + "render' for headless frames"
            )
        }
        if let path = options.record {
            try OutputFile.check(path, example: "orbit.\(RecordingFormat.of(path)?.extensions[0] ?? "cast")")
        }
        // A scene can take long to make (a deep zoom, a large model): q and the signals
        // are acted on before the terminal opens.
        let config = try LoadingKeys.watch { () throws(CLIError) -> ViewerConfig in
            let loaded = try SceneCatalog.load(options, forViewer: true)
            return try options.viewerConfig(loaded: loaded, tour: tour)
        }
        let status = Viewer.run(config)
        kept = config
        return status
    }
}
