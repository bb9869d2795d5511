import Testing

@testable import OrbitCLI

/// Every option of `apollonian export` and `apollonian stats` arrives in
/// `PackingCommandConfig`: built with it, the configuration differs from the one built
/// without it. An option without a probe fails.
@Suite struct PackingCommandConfigFromOptions {
    static let probes: [String: [String]] = [
        "level": ["--level", "3"], "min-radius": ["--min-radius", "0.2"], "all": ["--edge", "--all"],
        "edge": ["--edge"], "radius": ["--radius", "2"], "decimals": ["--decimals", "2"],
        "url": ["--url", "http://127.0.0.1:1/"], "timeout": ["--timeout", "5"],
        "max-spheres": ["--max-spheres", "10"], "packing": ["--packing", "soddy"], "output": ["-o", "x.json"],
        "dimension": ["--dimension", "6"],
    ]

    static var cases: [String] {
        [Command.apollonianExport, .apollonianStats].flatMap { c in
            OptionSpec.all.filter { $0.commands.contains(c) }.map { "\(c.name)|\($0.name)" }
        }
    }

    @Test(arguments: cases) func optionArrivesInTheConfiguration(argument: String) throws {
        let parts = argument.split(separator: "|").map(String.init)
        let words = parts[0].split(separator: " ").map(String.init)
        let probe = try #require(Self.probes[parts[1]], "--\(parts[1]) has no probe")
        // `--all` is export's default: shown against `--edge`.
        let base = parts[1] == "all" ? ["--edge"] : []
        let without = try ArgumentParser.parse(words + base).1.packingCommandConfig
        let with = try ArgumentParser.parse(words + probe).1.packingCommandConfig
        #expect(without != with, "\(argument) changed nothing")
    }
}
