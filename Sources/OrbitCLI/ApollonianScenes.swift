import Apollonian
import Display
import Foundation
import Math3D
import SceneGraph
import TerminalText

/// Apollonian scenes from the generator, a JSON file, standard input or a web service.
enum ApollonianScenes {
    /// Highest level the viewer's `]` key steps to (the spheres then come from the
    /// `--min-radius` cut-off rather than the level).
    static let maxViewerLevel = 14
    /// Vertical field of view of packing scenes, in degrees.
    static let fieldOfViewDegrees = 27.0

    /// Packing options from the command line; the viewer and headless views default to
    /// edge spheres (the others are hidden behind them).
    static func packingOptions(_ o: Options, level: Int? = nil, edgeDefault: Bool) -> PackingOptions {
        PackingOptions(
            level: level ?? o.level, minRadius: o.minRadius, radius: o.radius,
            edgeOnly: o.edgeOnly ?? edgeDefault, maxSpheres: o.maxSpheres, kind: o.packing)
    }

    /// The packing scene, framed so that it fills most of the view from the original
    /// camera distance of 5 radii (a 27 degree field of view instead of 45).
    static func scene(records: [SphereRecord], options: PackingOptions, look: PackingLook) -> Scene {
        var scene = ApollonianScene.make(records: records, options: options, look: look)
        scene.camera.fieldOfView = .degrees(fieldOfViewDegrees)
        return scene
    }

    /// The scene of `records` with its status-line label (`level` when known) and legend;
    /// `total` is how many spheres the level holds before the edge filter.
    static func viewerScene(
        records: [SphereRecord], options: PackingOptions, level: Int?, look: PackingLook,
        total: Int, note: String? = nil
    ) -> ViewerScene {
        let s = scene(records: records, options: options, look: look)
        var v = ViewerScene(
            scene: s, label: label(level: level, drawn: drawnCount(s), total: total),
            legend: [look.meaning] + (note.map { [$0] } ?? []) + look.legend(records, options: options).map(\.line))
        if look.labels { v.tagPrefix = ApollonianScene.tagPrefix }
        return v
    }

    /// A loaded (still) packing scene from `viewerScene`.
    static func loaded(_ v: ViewerScene) -> LoadedScene {
        var loaded = LoadedScene(scene: v.scene, defaultSpin: 0, label: v.label, legend: v.legend)
        loaded.tagPrefix = v.tagPrefix
        return loaded
    }

    /// `level 1 (L 1-2 = generation + 1; 8 of 9 drawn)`: the legend's L values the level
    /// holds (level N is generations 0 to N, so L 1 to N + 1, as the web service numbers
    /// them), and the spheres drawn (edge spheres in the viewer) of the records the level
    /// holds; `... 6635 spheres)` when every one is drawn.
    static func label(level: Int?, drawn: Int, total: Int) -> String {
        let count = drawn == total ? "\(total) spheres" : "\(drawn) of \(total) drawn"
        if let level { return "level \(level) (L 1-\(level + 1) = generation + 1; \(count))" }
        return count
    }

    static func drawnCount(_ scene: Scene) -> Int {
        scene.root.first(named: ApollonianScene.containerName)?.children.count ?? 0
    }

    /// `apollonian` (or `--url`): generated locally, or fetched when `--url` is given.
    static func generated(_ o: Options, forViewer: Bool) throws(CLIError) -> LoadedScene {
        if let url = o.url { return try fetched(url, o, forViewer: forViewer) }
        if browses(o, forViewer: forViewer) { return try browsed(o, forViewer: forViewer) }
        let options = packingOptions(o, edgeDefault: true)
        let generated: (records: [SphereRecord], total: Int)
        do { generated = try PackingGenerator.counted(options) } catch { throw CLIError("apollonian: \(error)") }
        var loaded = loaded(
            viewerScene(
                records: generated.records, options: options, level: o.level, look: o.packingLook,
                total: generated.total))
        if forViewer { loaded.levels = levelSource(o) }
        return loaded
    }

    /// Keys 0-9 and [ ] in the viewer: regenerate at another level, with progress.
    static func levelSource(_ o: Options) -> LevelSource {
        let base = o
        return LevelSource(range: 1...maxViewerLevel, initial: o.level) { level, progress in
            let options = packingOptions(base, level: level, edgeDefault: true)
            let generated = try PackingGenerator.counted(
                options,
                progress: { p in
                    progress.report(p.fraction ?? 0, "generating level \(level): \(p.spheres) spheres")
                }, isCancelled: { progress.isCancelled })
            return viewerScene(
                records: generated.records, options: options, level: level, look: base.packingLook,
                total: generated.total)
        }
    }

    /// A `.json` file of sphere records (at most `SphereJSON.maxInputBytes`, however the
    /// file grows while it is read: a link to a device or a FIFO is cut off there too).
    static func fromFile(_ path: String, _ o: Options, forViewer: Bool) throws(CLIError) -> LoadedScene {
        try fromRecords(try readRecords(path, o), source: path, o)
    }

    /// Sphere records on standard input (`-`), at most `SphereJSON.maxInputBytes`.
    static func fromStandardInput(_ o: Options, forViewer: Bool) throws(CLIError) -> LoadedScene {
        try fromRecords(try readRecords("-", o), source: "standard input", o)
    }

    static func readRecords(_ path: String, _ o: Options) throws(CLIError) -> [SphereRecord] {
        do { return try SphereJSON.read(path: path, maxRecords: o.maxSpheres) } catch { throw CLIError("\(error)") }
    }

    static func fromRecords(_ records: [SphereRecord], source: String, _ o: Options) throws(CLIError) -> LoadedScene {
        if records.isEmpty { throw CLIError("\(source): no sphere records") }
        let colouring = Colouring(records, source: source, look: o.packingLook, maxSpheres: o.maxSpheres)
        let options = PackingOptions(
            level: o.level, minRadius: 0, radius: outerRadius(of: records), edgeOnly: o.edgeOnly ?? true,
            kind: colouring.kind)
        var loaded = loaded(
            viewerScene(
                records: colouring.records, options: options, level: records.map(\.level).max(),
                look: colouring.look, total: records.count, note: colouring.warning))
        if let warning = colouring.warning { loaded.warnings.append(warning) }
        return loaded
    }

    /// Sphere records read from JSON, made ready for the colouring `--color-by` asks for.
    /// JSON carries no clans, and curvatures only as an integral packing's `K`: records of
    /// a packing orbit generates get them from the sphere each one rounds
    /// (`PackingMatch`); other records are coloured by generation, with a warning naming
    /// the input.
    struct Colouring {
        /// The records, with clans and curvatures where they were found.
        var records: [SphereRecord]
        /// The look in effect: `--color-by`'s, or by generation when the records cannot
        /// carry it.
        var look: PackingLook
        /// The packing the records are of, as far as it shows (for the legend's names).
        var kind: PackingKind
        /// `p.json: sphere records carry no clans ...; colouring by generation`, or nil.
        var warning: String?

        init(_ records: [SphereRecord], source: String, look: PackingLook, maxSpheres: Int) {
            self.records = records
            self.look = look
            kind = records.allSatisfy { $0.curvature?.isIntegral == true } ? .soddy : .standard
            let missing: String
            switch look.coloring {
            case .generation: return
            case .clan:
                if records.allSatisfy({ $0.clan >= 0 }) { return }
                missing = "clans"
            case .curvature:
                if records.allSatisfy({ $0.curvature != nil }) { return }
                missing = "curvatures"
            }
            if let found = PackingMatch.identify(records, maxSpheres: maxSpheres) {
                self.records = found.records
                kind = found.kind
                return
            }
            self.look.coloring = .generation
            warning =
                "\(TerminalText.line(source)): sphere records carry no \(missing) and are not those of a packing "
                + "orbit generates (standard or soddy); colouring by generation"
        }
    }

    /// The outer radius a set of records sits in (`SphereRecord.enclosingRadius`), 1 when
    /// they give none.
    static func outerRadius(of records: [SphereRecord]) -> Double { SphereRecord.enclosingRadius(of: records) ?? 1 }

    /// Records from a web service; in the viewer, the level keys download other levels.
    static func fetched(_ url: String, _ o: Options, forViewer: Bool) throws(CLIError) -> LoadedScene {
        let records = try ServiceFetch.records(url, o, level: o.level)
        var loaded = try fromRecords(records, source: url, o)
        loaded.label = label(level: o.level, drawn: drawnCount(loaded.scene), total: records.count)
        if forViewer {
            let base = o
            loaded.levels = LevelSource(range: 1...10, initial: o.level) { level, progress in
                progress.report(0, "downloading level \(level) from \(url)")
                let records = try SphereService(url: url, timeout: base.timeout)
                    .fetch(
                        radius: base.radius, level: level, maxRecords: base.maxSpheres,
                        progress: { received, expected in
                            let fraction = expected.map { Double(received) / Double(max($0, 1)) } ?? 0
                            progress.report(fraction, "downloading level \(level) from \(url): \(received) bytes")
                        }, isCancelled: { progress.isCancelled })
                let colouring = Colouring(
                    records, source: url, look: base.packingLook, maxSpheres: base.maxSpheres)
                let options = PackingOptions(
                    level: level, minRadius: 0, radius: outerRadius(of: records), edgeOnly: base.edgeOnly ?? true,
                    kind: colouring.kind)
                return viewerScene(
                    records: colouring.records, options: options, level: level, look: colouring.look,
                    total: records.count, note: colouring.warning)
            }
        }
        return loaded
    }
}
