/// Hand-written parsing of `orbit`'s command line (no argument-parsing package is
/// available). Accepts `--name value` and `--name=value`; every error names the argument.
public enum ArgumentParser {
    /// Options each command accepts (beyond `--help`).
    static let accepted: [String: Set<String>] = {
        let view: Set<String> = ["glyphs", "colors", "spin", "yaw", "pitch", "roll", "zoom", "friction", "gestures", "fps", "no-hud",
                                 "level", "min-radius", "all", "edge", "radius", "url", "timeout", "dither", "transparent",
                                 "threads", "max-spheres", "cell-aspect", "record"]
        let headless = view.subtracting(["fps", "no-hud", "record"]).union(["size", "frames"])
        return [
            "view": view,
            "demo": view,
            "render": headless.union(["record"]),
            "snapshot": headless.union(["output", "cells"]),
            "bench": headless,
            "apollonian export": ["level", "min-radius", "all", "edge", "radius", "decimals", "output", "url", "timeout", "max-spheres"],
            "apollonian stats": ["level", "min-radius", "radius", "dimension", "max-spheres"],
        ]
    }()

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

    /// `text` with each control character (U+0000-U+001F, U+007F) written as `\u{XX}`.
    static func visible(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// The parse itself; its errors quote arguments as given.
    static func parseArguments(_ arguments: [String]) throws(CLIError) -> (Command, Options) {
        var args = arguments[...]
        var command = Command.view
        var key = "view"
        if let first = args.first {
            switch first {
            case "render": command = .render; key = "render"; args = args.dropFirst()
            case "snapshot": command = .snapshot; key = "snapshot"; args = args.dropFirst()
            case "bench": command = .bench; key = "bench"; args = args.dropFirst()
            case "view": args = args.dropFirst()
            case "demo": command = .demo; key = "demo"; args = args.dropFirst()
            case "apollonian":
                args = args.dropFirst()
                switch args.first {
                case "export": command = .apollonianExport; key = "apollonian export"; args = args.dropFirst()
                case "stats": command = .apollonianStats; key = "apollonian stats"; args = args.dropFirst()
                case "--help", "-h": return (.help(.apollonianExport), Options())
                case let word? where !word.hasPrefix("-") && !word.contains(".") && !word.contains("/"):
                    throw .usage("unknown command 'apollonian \(word)': 'apollonian' takes export, stats, or viewer options"
                        + Suggestion.hint(for: word, in: ["export", "stats"], prefix: "apollonian "))
                default:
                    // `orbit apollonian [OPTIONS]` is the apollonian scene in the viewer.
                    args = ["apollonian"] + args
                }
            case "help":
                return (.help(nil), Options())
            default: break
            }
        }
        var options = Options()
        var sceneGiven = false
        let allowed = accepted[key] ?? []
        while let arg = args.popFirst() {
            if arg == "--help" || arg == "-h" { return (.help(key == "view" ? nil : command), options) }
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
            var name: String
            var inline: String?
            if arg == "-o" { name = "output" }
            else if arg.hasPrefix("--") {
                name = String(arg.dropFirst(2))
                if let eq = name.firstIndex(of: "=") {
                    inline = String(name[name.index(after: eq)...])
                    name = String(name[..<eq])
                }
            } else { throw .usage("unknown option '\(arg)'" + Suggestion.hint(for: arg, in: ["-o", "-h", "-V"])) }
            guard allowed.contains(name) else {
                if accepted.values.contains(where: { $0.contains(name) }) {
                    throw .usage("option '--\(name)' does not apply to '\(command.name)'")
                }
                throw .usage("unknown option '\(arg)'" + Suggestion.hint(for: name, in: allowed.sorted() + ["help", "version"], prefix: "--"))
            }
            func value() throws(CLIError) -> String {
                if let v = inline { return v }
                guard let v = args.popFirst() else { throw .usage("option '--\(name)' needs a value") }
                return v
            }
            try apply(name, value: value, to: &options)
        }
        return (command, options)
    }

    /// Sets option `name` on `options`, reading its value through `value` if it takes one.
    static func apply(_ name: String, value: () throws(CLIError) -> String, to o: inout Options) throws(CLIError) {
        switch name {
        case "size":
            let v = try value()
            let parts = v.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let c = Int(parts[0]), let r = Int(parts[1]), (1...2000).contains(c), (1...1000).contains(r) else {
                throw .usage("--size wants COLSxROWS with 1-2000 columns and 1-1000 rows, got '\(v)'")
            }
            o.columns = c; o.rows = r
        case "glyphs":
            let v = try value()
            guard GlyphChoice.names.contains(v) else {
                throw .usage("--glyphs wants one of \(GlyphChoice.names.joined(separator: ", ")), got '\(v)'")
            }
            o.glyphs = v
        case "colors":
            let v = try value()
            guard ["auto", "none", "16", "256", "truecolor"].contains(v) else {
                throw .usage("--colors wants auto, none, 16, 256 or truecolor, got '\(v)'")
            }
            o.colors = v
        case "frames": o.frames = try int(name, try value(), 1...1_000_000)
        case "spin": o.spin = try double(name, try value(), -360...360)
        case "yaw": o.yaw = try double(name, try value(), -100_000...100_000)
        case "pitch": o.pitch = try double(name, try value(), -100_000...100_000)
        case "roll": o.roll = try double(name, try value(), -100_000...100_000)
        case "zoom": o.zoom = try double(name, try value(), 0.01...100)
        case "friction": o.friction = try double(name, try value(), 0...10)
        case "gestures": o.gestures = try value()
        case "record":
            let v = try value()
            guard v.lowercased().hasSuffix(".cast") else { throw .usage("--record wants a FILE.cast (asciinema v2), got '\(v)'") }
            o.record = v
        case "fps": o.fps = try int(name, try value(), 1...240)
        case "no-hud": o.hud = false
        case "level": o.level = try int(name, try value(), 1...20)
        case "min-radius": o.minRadius = try double(name, try value(), 0...1)
        case "all": o.edgeOnly = false
        case "edge": o.edgeOnly = true
        case "radius": o.radius = try double(name, try value(), 1e-6...1e9)
        case "decimals": o.decimals = try int(name, try value(), 0...15)
        case "url": o.url = try value()
        case "timeout": o.timeout = try double(name, try value(), 0.001...3600)
        case "output": o.output = try value()
        case "dimension": o.dimension = try int(name, try value(), 3...24)
        case "dither": o.dither = true
        case "transparent": o.transparent = true
        case "threads": o.threads = try int(name, try value(), 0...64)
        case "max-spheres": o.maxSpheres = try int(name, try value(), 1...100_000_000)
        case "cells": o.cellsPicture = true
        case "cell-aspect": o.cellAspect = try double(name, try value(), 0.2...2)
        default: throw .usage("unknown option '--\(name)'")
        }
    }

    static func int(_ name: String, _ v: String, _ range: ClosedRange<Int>) throws(CLIError) -> Int {
        guard let n = Int(v), range.contains(n) else {
            throw .usage("--\(name) wants a whole number from \(range.lowerBound) to \(range.upperBound), got '\(v)'")
        }
        return n
    }

    static func double(_ name: String, _ v: String, _ range: ClosedRange<Double>) throws(CLIError) -> Double {
        guard let d = Double(v), d.isFinite, range.contains(d) else {
            throw .usage("--\(name) wants a number from \(formatted(range.lowerBound)) to \(formatted(range.upperBound)), got '\(v)'")
        }
        return d
    }

    static func formatted(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
    }
}

/// Names accepted by `--glyphs` (kept here so parsing does not depend on the encoder).
enum GlyphChoice {
    static let names = ["ascii", "edges", "blocks", "quadrants", "sextants", "braille"]
}
