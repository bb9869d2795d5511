/// One command-line option, declared once: its name, the value it takes (and so its
/// type), which commands accept it, its help line (with its default) and how it sets
/// `Options`. The parser, the `unknown` / `does not apply` errors and every `--help`
/// text are made from the table in `OptionSpec+Table.swift`.
struct OptionSpec {
    /// Where the option is listed in help.
    enum Group: CaseIterable {
        /// Options of the command itself (sizes, frames, files).
        case command
        /// Glyphs, colours and the shape of cells.
        case look
        /// The starting motion.
        case motion
        /// The Apollonian packing.
        case apollonian
    }

    /// The name without the leading `--`, e.g. `size`.
    let name: String
    /// The value's placeholder in help, e.g. `COLSxROWS`; nil for a flag (no value).
    let metavar: String?
    /// The one-letter form, e.g. `o` for `-o`; nil for none.
    var short: Character?
    let group: Group
    /// The commands that accept it.
    let commands: Set<Command>
    /// The scenes it applies to (commands that take a SCENE); every kind unless the row
    /// says otherwise with `only(_:)`.
    var scenes: Set<SceneKind> = SceneKind.every
    /// Scenes of `scenes` the option is accepted for but changes nothing in, each with why
    /// (`orbit preview`, which a file manager runs with one command line for every file,
    /// takes every option of its table for every scene; docs/CLI.md lists these).
    var ignores: [SceneKind: String] = [:]
    /// The help text after the option's usage; `\n` starts a continuation line.
    let help: String
    /// Parses the value (the empty string for a flag) and sets it on `Options`; throws a
    /// usage error naming the option and the value.
    let apply: (String, inout Options) throws(CLIError) -> Void

    /// This option, applying only to the scenes of `kinds`.
    func only(_ kinds: Set<SceneKind>) -> OptionSpec {
        var o = self
        o.scenes = kinds
        return o
    }

    /// This option, accepted for the scenes of `kinds` but changing nothing there, because
    /// of `why`.
    func ignoring(_ kinds: Set<SceneKind>, _ why: String) -> OptionSpec {
        var o = self
        for k in kinds { o.ignores[k] = why }
        return o
    }

    /// Whether the option changes what is drawn of a scene of `kind`: it applies to the
    /// kind and the kind does not ignore it.
    func affects(_ kind: SceneKind) -> Bool { scenes.contains(kind) && ignores[kind] == nil }

    /// This option with the one-letter form `letter` (`-o`).
    func short(_ letter: Character) -> OptionSpec {
        var o = self
        o.short = letter
        return o
    }

    /// `--name METAVAR` (or `-s, --name METAVAR`), as shown in help.
    var usage: String {
        let long = "--" + name + (metavar.map { " " + $0 } ?? "")
        return short.map { "-\($0), " + long } ?? long
    }
}

extension OptionSpec {
    /// A flag: present or not.
    static func flag(
        _ name: String, _ group: Group, _ commands: Set<Command>, _ help: String,
        set: @escaping (inout Options) -> Void
    ) -> OptionSpec {
        OptionSpec(name: name, metavar: nil, group: group, commands: commands, help: help) { _, o in set(&o) }
    }

    /// A whole number in `range`.
    static func int(
        _ name: String, _ metavar: String, _ group: Group, _ commands: Set<Command>, _ range: ClosedRange<Int>,
        _ help: String, set: @escaping (inout Options, Int) -> Void
    ) -> OptionSpec {
        OptionSpec(name: name, metavar: metavar, group: group, commands: commands, help: help) {
            (v, o) throws(CLIError) in
            guard let n = Int(v), range.contains(n) else {
                throw .usage(
                    "--\(name) wants a whole number from \(range.lowerBound) to \(range.upperBound), got '\(v)'")
            }
            set(&o, n)
        }
    }

    /// A finite number in `range`.
    static func double(
        _ name: String, _ metavar: String, _ group: Group, _ commands: Set<Command>, _ range: ClosedRange<Double>,
        _ help: String, set: @escaping (inout Options, Double) -> Void
    ) -> OptionSpec {
        OptionSpec(name: name, metavar: metavar, group: group, commands: commands, help: help) {
            (v, o) throws(CLIError) in
            // Decimal only: Double("0x10") would read hexadecimal (16).
            let decimal = !v.isEmpty && v.unicodeScalars.allSatisfy { "0123456789+-.eE".unicodeScalars.contains($0) }
            guard decimal, let d = Double(v), d.isFinite, range.contains(d) else {
                throw .usage(
                    "--\(name) wants a number from \(formatted(range.lowerBound)) to "
                        + "\(formatted(range.upperBound)), got '\(v)'"
                )
            }
            set(&o, d)
        }
    }

    /// One of a list of names, turned into a typed value by `parse` (nil: not a name).
    static func choice<T>(
        _ name: String, _ metavar: String, _ group: Group, _ commands: Set<Command>, _ names: [String],
        _ help: String, parse: @escaping (String) -> T?, set: @escaping (inout Options, T) -> Void
    ) -> OptionSpec {
        OptionSpec(name: name, metavar: metavar, group: group, commands: commands, help: help) {
            (v, o) throws(CLIError) in
            guard let value = parse(v) else {
                throw .usage("--\(name) wants one of \(names.joined(separator: ", ")), got '\(v)'")
            }
            set(&o, value)
        }
    }

    /// Text, checked by `set` or where it is used.
    static func text(
        _ name: String, _ metavar: String, _ group: Group, _ commands: Set<Command>, _ help: String,
        set: @escaping (inout Options, String) throws(CLIError) -> Void
    ) -> OptionSpec {
        OptionSpec(name: name, metavar: metavar, group: group, commands: commands, help: help) {
            (v, o) throws(CLIError) in try set(&o, v)
        }
    }

    /// `d` without a fractional part when it is whole.
    static func formatted(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
    }
}
