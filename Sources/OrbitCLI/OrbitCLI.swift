import Foundation

/// The `orbit` command line: parses arguments, runs the command, returns the exit status.
/// Every failure is one line on standard error starting `orbit:`.
public enum OrbitCLI {
    /// Runs `orbit` with `arguments` (without the program name).
    public static func main(_ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment)
        -> Int32
    {
        // A closed pipe or a file past its size limit is an error return from write(2),
        // not a fatal signal.
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
        let status = run(arguments, environment: environment)
        // 141 means the reader went away; any other failed write (disk full, file too
        // large) is an error the user must see.
        if status == 141 && StandardOutput.failure != 0 && StandardOutput.failure != EPIPE {
            StandardOutput.error("orbit: standard output: \(String(cString: strerror(StandardOutput.failure)))")
            return 1
        }
        return status
    }

    static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
        do {
            let (command, options) = try ArgumentParser.parse(arguments)
            try PreviewSize.checkPixels(options, for: command)
            switch command {
            case .help(let topic):
                return StandardOutput.write(Help.text(for: topic) + "\n") ? 0 : 141
            case .list(let name, let markdown):
                return StandardOutput.write(try Lists.lines(name, markdown: markdown).map { $0 + "\n" }.joined())
                    ? 0 : 141
            case .version:
                return StandardOutput.write(Help.version + "\n") ? 0 : 141
            case .render:
                return try HeadlessCommands.render(options, environment: environment)
            case .snapshot:
                return try HeadlessCommands.snapshot(options, environment: environment)
            case .bench:
                return try BenchCommand.run(options, environment: environment)
            case .preview:
                return PreviewCommand.run(options, environment: environment)
            case .apollonianExport:
                return try ApollonianCommands.export(options)
            case .apollonianStats:
                return try ApollonianCommands.stats(options)
            case .view:
                return try ViewCommand.run(options, environment: environment)
            case .demo:
                return try ViewCommand.run(
                    options, environment: environment, tour: options.scene == "ball" ? .ball : .standard)
            }
        } catch {
            StandardOutput.error(error.description)
            return error.status
        }
    }
}
