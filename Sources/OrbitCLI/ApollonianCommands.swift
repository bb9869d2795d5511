import Apollonian
import Foundation

/// `orbit apollonian export` and `orbit apollonian stats`.
enum ApollonianCommands {
    /// Sphere records as service-compatible JSON, to stdout or `-o FILE`.
    static func export(_ o: Options) throws(CLIError) -> Int32 {
        let c = o.packingCommandConfig
        if let path = c.outputFile { try OutputFile.check(path, example: "spheres.json") }
        let records: [SphereRecord]
        if let url = c.url {
            records = try ServiceFetch.records(url, o, level: c.packing.level)
        } else {
            do { records = try PackingGenerator.records(c.packing) } catch { throw CLIError("apollonian: \(error)") }
        }
        let json: [UInt8]
        do { json = try SphereJSON.encode(records, decimals: c.decimals) + [10] } catch {
            throw CLIError("apollonian export: \(error)")
        }
        if let path = c.outputFile {
            try OutputFile.write(json, to: path, example: "spheres.json")
            return 0
        }
        return StandardOutput.write(json) ? 0 : 141
    }

    /// Counts per generation, or per radius octave with the fractal dimension.
    static func stats(_ o: Options) throws(CLIError) -> Int32 {
        let c = o.packingCommandConfig
        let lines: [String]
        do {
            if let p = c.dimension {
                let progress = ApollonianProgress()
                defer { progress.finish() }
                do {
                    lines = try PackingStats.dimensionLines(
                        maxExponent: p, maxSpheres: c.dimensionLimit,
                        progress: { progress.report($0) }, isCancelled: { progress.isCancelled })
                } catch PackingError.cancelled {
                    throw CLIError("apollonian stats: interrupted", status: 130)
                }
            } else {
                lines = try PackingStats.generationLines(c.packing)
            }
        } catch let error as CLIError {
            // Ctrl-C's own message and status (130), as is.
            throw error
        } catch { throw CLIError("apollonian stats: \(error)") }
        return StandardOutput.write(lines.joined(separator: "\n") + "\n") ? 0 : 141
    }
}

/// Downloads sphere records from a web service (`--url`, `--timeout`).
enum ServiceFetch {
    /// The records of `level` from the service at `url` (a base URL gets
    /// `/api/spheres/{radius}/{level}` appended; see `SphereService`).
    static func records(_ url: String, _ o: Options, level: Int) throws(CLIError) -> [SphereRecord] {
        do {
            return try SphereService(url: url, timeout: o.timeout).fetch(
                radius: o.radius, level: level, maxRecords: o.maxSpheres)
        } catch { throw CLIError("\(error)") }
    }
}
