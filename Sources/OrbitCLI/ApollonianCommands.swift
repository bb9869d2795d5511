import Foundation
import Apollonian

/// `orbit apollonian export` and `orbit apollonian stats`.
enum ApollonianCommands {
    /// Sphere records as service-compatible JSON, to stdout or `-o FILE`.
    static func export(_ o: Options) throws(CLIError) -> Int32 {
        let records: [SphereRecord]
        if let url = o.url {
            let bytes = try ServiceFetch.fetch(url, o)
            do { records = try SphereJSON.decode(bytes, source: url, maxRecords: o.maxSpheres) } catch { throw CLIError("\(error)") }
        } else {
            let options = ApollonianScenes.packingOptions(o, edgeDefault: false)
            do { records = try PackingGenerator.records(options) } catch { throw CLIError("apollonian: \(error)") }
        }
        let json: [UInt8]
        do { json = try SphereJSON.encode(records, decimals: o.decimals) + [10] } catch { throw CLIError("apollonian export: \(error)") }
        if let path = o.output {
            do { try Data(json).write(to: URL(fileURLWithPath: path)) } catch { throw CLIError("\(path): cannot write the file") }
            return 0
        }
        return StandardOutput.write(json) ? 0 : 141
    }

    /// Counts per generation, or per radius octave with the fractal dimension.
    static func stats(_ o: Options) throws(CLIError) -> Int32 {
        throw CLIError("apollonian stats: not built yet")
    }
}

/// Downloads sphere records from a web service (`--url`, `--timeout`).
enum ServiceFetch {
    static func fetch(_ url: String, _ o: Options) throws(CLIError) -> [UInt8] {
        throw CLIError("\(url): the web-service client is not built yet")
    }
}
