import TerminalText

/// Hand-written parsing of `orbit`'s command line (no argument-parsing package is
/// available). Accepts `--name value` and `--name=value`; every error names the argument.
public enum ArgumentParser {
    /// Parses `arguments` (without the program name). An argument quoted in an error
    /// message has its control characters written as `\u{XX}`, so the message stays one
    /// line and cannot send terminal escapes.
    public static func parse(_ arguments: [String]) throws(CLIError) -> (Command, Options) {
        do {
            return try parseArguments(arguments)
        } catch {
            throw CLIError(visible(error.message), status: error.status)
        }
    }

    /// `text` with each control character (C0, DEL, C1) written as `\u{XX}`.
    static func visible(_ text: String) -> String { TerminalText.visible(text) }

    /// The command words and the command each one starts (`orbit WORD ...`): each
    /// command's `name`, and `view` for the viewer (whose name is the program's).
    static let commandWords = Dictionary(
        uniqueKeysWithValues: [Command.render, .snapshot, .bench, .demo, .preview].map { ($0.name, $0) } + [
            ("view", .view)
        ])

    /// The words after `orbit apollonian` that start a command of their own: each
    /// command's `name` after `apollonian `.
    static let apollonianWords = Dictionary(
        uniqueKeysWithValues: [Command.apollonianExport, .apollonianStats].map {
            (String($0.name.dropFirst("apollonian ".count)), $0)
        })

    /// The parse itself; its errors quote arguments as given.
    static func parseArguments(_ arguments: [String]) throws(CLIError) -> (Command, Options) {
        var args = arguments[...]
        var command = Command.view
        if let first = args.first {
            switch first {
            case "apollonian":
                args = args.dropFirst()
                if let word = args.first, let found = apollonianWords[word] {
                    command = found
                    args = args.dropFirst()
                    break
                }
                switch args.first {
                case "--help", "-h": return (.help(.apollonianExport), Options())
                case let word? where !word.hasPrefix("-") && !word.contains(".") && !word.contains("/"):
                    throw .usage(
                        "unknown command 'apollonian \(word)': 'apollonian' takes export, stats, or viewer options"
                            + Suggestion.hint(for: word, in: apollonianWords.keys.sorted(), prefix: "apollonian "))
                default:
                    // `orbit apollonian [OPTIONS]` is the apollonian scene in the viewer.
                    args = ["apollonian"] + args
                }
            case "help":
                return (.help(nil), Options())
            case "--list":
                let markdown = args.count == 3 && args.last == "--markdown"
                guard args.count == 2 || markdown else {
                    throw .usage(
                        "--list wants one of \(Lists.names.joined(separator: ", ")) (and --markdown) and nothing else")
                }
                return (.list(args[args.startIndex + 1], markdown: markdown), Options())
            default:
                if let found = commandWords[first] {
                    command = found
                    args = args.dropFirst()
                }
            }
        }
        var options = Options()
        var sceneGiven = false
        var given: [OptionSpec] = []
        while let arg = args.popFirst() {
            if arg == "--help" || arg == "-h" { return (.help(command == .view ? nil : command), options) }
            if arg == "--version" || arg == "-V" { return (.version, options) }
            if arg == "-" || !arg.hasPrefix("-") {
                if command == .apollonianExport || command == .apollonianStats {
                    throw .usage("'\(command.name)' takes no scene, but got '\(arg)'")
                }
                if sceneGiven { throw .usage("more than one scene given: '\(options.scene)' and '\(arg)'") }
                options.scene = arg
                sceneGiven = true
                continue
            }
            let spec: OptionSpec
            var inline: String?
            if arg.hasPrefix("--") {
                var name = String(arg.dropFirst(2))
                if let eq = name.firstIndex(of: "=") {
                    inline = String(name[name.index(after: eq)...])
                    name = String(name[..<eq])
                }
                guard let found = OptionSpec.find(name, for: command) else {
                    if OptionSpec.exists(name) {
                        throw .usage("option '--\(name)' does not apply to '\(command.name)'")
                    }
                    let known =
                        OptionSpec.all.filter { $0.commands.contains(command) }.map(\.name) + ["help", "version"]
                    throw .usage("unknown option '\(arg)'" + Suggestion.hint(for: name, in: known, prefix: "--"))
                }
                spec = found
            } else if arg.count == 2, let letter = arg.last, let found = OptionSpec.find(short: letter, for: command) {
                spec = found
            } else if arg.count == 2, let letter = arg.last,
                let other = OptionSpec.all.first(where: { $0.short == letter })
            {
                throw .usage("option '--\(other.name)' does not apply to '\(command.name)'")
            } else {
                throw .usage("unknown option '\(arg)'" + Suggestion.hint(for: arg, in: ["-o", "-h", "-V"]))
            }
            var value = ""
            if spec.metavar != nil {
                if let v = inline {
                    value = v
                } else if let v = args.popFirst() {
                    value = v
                } else {
                    throw .usage("option '--\(spec.name)' needs a value")
                }
            }
            try spec.apply(value, &options)
            given.append(spec)
        }
        try checkScene(options.scene, given: given, command: command)
        try checkCombinations(options, given: given, command: command)
        return (command, options)
    }
}
