import Foundation
import TerminalText

#if canImport(Glibc)
    import Glibc
#endif

/// The interactive viewer: `orbit [SCENE]`.
public enum Viewer {
    /// Runs the viewer full screen until `q`, Esc, Ctrl-C or a signal that ends a process
    /// (SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGALRM, ...; see `Signals`), and restores the
    /// terminal on every exit path, crashes included.
    ///
    /// Standard input and output must be a terminal whose type (`TERM`) can move the
    /// cursor; otherwise a one-line message goes to standard error and nothing else
    /// happens.
    /// With the environment variable `ORBIT_STATS` set, one line of output figures goes to
    /// standard error on exit (frames, bytes and write calls per frame; see `OutputStats`;
    /// then the status answers counted by `FrameAcknowledger`).
    /// - Returns: the exit status: 0 after `q`, Esc or Ctrl-C; 1 on an error (message on
    ///   standard error); 128 + signal number after SIGTERM, SIGHUP and the
    ///   other ending signals.
    public static func run(_ config: ViewerConfig) -> Int32 {
        // Before the terminal is taken over: a tmux that never answers costs at most
        // `Deadline.externalCommand`, and until then signals end orbit with nothing to restore.
        let tmux = askTmuxIfInside()
        let terminal: Terminal
        do {
            terminal = try Terminal.open()
        } catch {
            printError(error.message)
            return 1
        }
        let renderer: any FrameRenderer
        let settings = rendererSettings(config, terminal: terminal, tmux: tmux)
        var config = config
        config.cellAspect = settings.look.cellAspect
        // With ORBIT_STATS and standard error not on the screen: the detection at once.
        if getenv("ORBIT_STATS") != nil && isatty(2) == 0 { printError(detectionSummary(settings, terminal: terminal)) }
        do {
            if let make = config.makeRenderer {
                renderer = try make(config.scene, settings)
            } else {
                renderer = try SceneRenderer(scene: config.scene, settings: settings)
            }
        } catch {
            terminal.close()
            printError("\(error)")
            return 1
        }
        let session = ViewerSession(terminal: terminal, renderer: renderer, config: config)
        session.startupHint = startupNote(settings)
        if let path = config.record {
            let size = terminal.size
            do {
                if let format = RecordingFormat.of(path), format.isPicture {
                    session.recorder = try PictureRecorder(
                        path: path, format: format, columns: size.columns, rows: size.rows)
                } else {
                    session.recorder = try CastRecorder(
                        path: path, columns: size.columns, rows: size.rows, title: "orbit")
                }
            } catch let error as RecordingError {
                terminal.close()
                printError(error.description)
                return 1
            } catch {
                terminal.close()
                printError("\(error)")
                return 1
            }
        }
        // tmux may drop a picture passed through it (placeholders too: their cells would name
        // an image that never came), so each new placement is made again later. Kitty
        // pictures at the pane's offset also follow the pane (hidden, moved): tmux is asked
        // where it is while the viewer runs. Placeholders need no watch (tmux draws them).
        let environment = ProcessInfo.processInfo.environment
        session.placesThroughTmux = settings.look.tmux?.passthrough == true
        if let tmux = settings.look.tmux, session.placesThroughTmux, !settings.look.kittyPlaceholders,
            settings.outputs.contains(.kitty), !(environment["TMUX"] ?? "").isEmpty
        {
            let watch = TmuxPaneWatch(environment: environment)
            session.paneSeen = TmuxPaneWatch.Pane(visible: true, top: tmux.paneTop, left: tmux.paneLeft)
            session.paneWatch = watch
            watch.start()
        }
        var status = session.run()
        session.paneWatch?.stop()
        let removal = renderer.removal()
        terminal.output.write(removal)
        // Left while its window was hidden: tmux would drop the deletion.
        if session.paneHidden { session.deletePastTmux(removal, waiting: true) }
        terminal.close()
        session.recorder?.close()
        if let message = session.recorder?.failureMessage {
            printError(message)
            if status == 0 { status = 1 }
        }
        if getenv("ORBIT_STATS") != nil {
            printError(
                session.stats.summary(skipped: session.framesSkipped)
                    + " frames_abandoned \(session.framesAbandoned) " + session.acknowledger.summary)
            printError(detectionSummary(settings, terminal: terminal))
        }
        return status
    }

    static func printError(_ message: String) {
        let line = "orbit: " + TerminalText.visible(message) + "\n"
        _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
    }
}
