import Apollonian
import Cells
import Display
import Viewer

/// Every option of every command, each declared once (docs/CLI.md).
extension OptionSpec {
    static let viewer: Set<Command> = [.view, .demo]
    static let headless: Set<Command> = [.render, .snapshot, .bench]
    static let drawing: Set<Command> = viewer.union(headless)
    static let packing: Set<Command> = drawing.union([.apollonianExport])
    static let everyPacking: Set<Command> = packing.union([.apollonianStats])
    /// The commands where the packing's hidden inner spheres count: the viewer's label and
    /// legend, bench's work, export's records (a picture shows only the edge spheres).
    static let counting: Set<Command> = viewer.union([.bench, .apollonianExport])
    /// The commands where the outer radius shows: the records' values and the statistics'
    /// radii (a picture is framed to the packing whatever its radius).
    static let measuring: Set<Command> = [.apollonianExport, .apollonianStats]
    /// The options `orbit preview` shares with the drawing commands (the rest do not apply).
    static let previewing: Set<Command> = drawing.union([.preview])
    /// The commands whose output a terminal shows (a snapshot's image has no terminal
    /// background to keep).
    static let showing: Set<Command> = previewing.subtracting([.snapshot])

    /// The table, in help order within each group.
    static var all: [OptionSpec] {
        [
            // The commands' own options.
            .text(
                "size", "COLSxROWS", .command, headless.union([.preview]),
                "cell grid (default 80x24; preview: the pane's);\npreview -o: WxHpx, the PNG's pixels"
            ) { (o, v) throws(CLIError) in
                if let pixels = try PreviewSize.pixels(v) {
                    o.pixelSize = pixels
                    return
                }
                let parts = v.lowercased().split(separator: "x", omittingEmptySubsequences: false)
                guard parts.count == 2, let c = Int(parts[0]), let r = Int(parts[1]), (1...2000).contains(c),
                    (1...1000).contains(r)
                else {
                    throw .usage("--size wants COLSxROWS with 1-2000 columns and 1-1000 rows, got '\(v)'")
                }
                o.columns = c
                o.rows = r
                o.sizeGiven = true
            },
            .int(
                "frames", "N", .command, headless, 1...1_000_000,
                "frames to produce (default 1; bench 300); snapshot keeps the last"
            ) { $0.frames = $1 },
            .int(
                "threads", "N", .command, drawing, 0...64,
                "render threads, 0 = one per core (default 1; viewer 0)"
            ) { $0.threads = $1 },
            .int(
                "fps", "N", .command, viewer.union([.render]), 1...240,
                "frame cap (default 30); render --record: frames per second"
            ) { $0.fps = $1 },
            .int(
                "turns", "N", .command, [.render], 1...100,
                "render --record FILE.gif|.apng|.mp4|.webm: whole turns\nof the turntable (default 1; "
                    + "60 frames a turn)"
            ) { $0.turns = $1 },
            .text(
                "animation", "NAME|INDEX", .command, drawing,
                "the model animation to play (default the first)"
            ) { $0.animation = $1 }.only([.model]),
            .double(
                "time", "SECONDS", .command, drawing, 0...1_000_000,
                "animation time of the first frame (default 0);\nframe n is n/30 s later"
            ) {
                $0.time = $1
                $0.timeGiven = true
            }.only([.model]),
            .flag("no-hud", .command, viewer, "hide the status line") { $0.hud = false },
            .text(
                "record", "FILE", .command, viewer.union([.render]),
                "a recording by the file's extension (\(RecordingFormat.extensionList));\n.cast: "
                    + "asciinema v2 of every frame with the status line,\nframe n at n/30 s; pictures: "
                    + "the session as the terminal\nshowed it; render: a turntable of --turns, --fps,\n"
                    + "--size WxHpx (default 480x480)"
            ) { (o, v) throws(CLIError) in
                guard RecordingFormat.of(v) != nil else {
                    throw .usage("--record wants a file ending in \(RecordingFormat.extensionList), got '\(v)'")
                }
                o.record = v
            },
            .text(
                "output", "FILE", .command, [.snapshot, .apollonianExport, .preview],
                "snapshot: the image to write (required), PNG or JPEG by\nits extension "
                    + "(\(ImageFileFormat.extensionList)); export: write to FILE\ninstead of stdout; "
                    + "preview: a PNG\ninstead of text; '-o -' writes to standard output (a PNG\n"
                    + "for snapshot and preview)"
            ) { $0.outputFile = $1 }.short("o"),
            .double(
                "budget", "S", .command, [.preview], 0.05...60,
                "seconds a preview may take before the model is drawn\nas its bounding box (default 1)"
            ) { $0.previewBudget = $1 }.ignoring(
                [.earth, .ball, .packing], "built-in scenes load and draw within the smallest budget"),
            .text(
                "asset-root", "DIR", .command, previewing,
                "folder a model's textures and materials may be read\nfrom (default: the model's "
                    + "folder); model:// and\npackage:// resolve under it"
            ) { $0.assetRoot = $1 }.only([.model]),
            .flag(
                "cells", .command, [.snapshot],
                "a picture of the cells as a terminal draws them\n(8x16 pixels per cell) instead of the pixels"
            ) { $0.cellsPicture = true },
            .int("decimals", "N", .command, [.apollonianExport], 0...15, "export: rounding of values (default 4)") {
                $0.decimals = $1
            },
            .int(
                "dimension", "P", .command, [.apollonianStats], 3...24,
                "stats: counts of spheres with radius >= 2^-p, p = 3..P,\nand the dimension fitted "
                    + "over the finest four octaves"
            ) { $0.dimension = $1 },

            // Look.
            .choice(
                "format", "MODE", .look, viewer.union([.render, .bench]), OutputChoice.names,
                OutputChoice.names.joined(separator: ", ") + " (default auto: graphics where\nthe terminal "
                    + "shows them, else cells; headless: cells)",
                parse: { OutputChoice($0) }
            ) { $0.format = $1 },
            .text(
                "cell-size", "WxH", .look, previewing,
                "pixels of one cell where the terminal does not say\n(default 8x16)"
            ) { (o, v) throws(CLIError) in
                guard let size = CellSize(v) else {
                    throw .usage("--cell-size wants WxH with 1-1000 pixels each, got '\(v)'")
                }
                o.cellSize = size
            },
            .int(
                "max-kbps", "N", .look, viewer, 1...100_000_000,
                "cap graphics output at N kilobits per second (default:\nno cap; flow control adapts to the link)"
            ) { $0.maxKbps = $1 },
            .choice(
                "glyphs", "G", .look, previewing, GlyphSet.allCases.map(\.rawValue),
                "\(GlyphSet.allCases.map(\.rawValue).joined(separator: ", "))\n(default: blocks in "
                    + "a UTF-8 locale, else ascii)",
                parse: { GlyphSet(rawValue: $0) }
            ) { $0.glyphs = $1 },
            .choice(
                "colors", "C", .look, previewing, ColorChoice.names,
                "\(ColorChoice.names.joined(separator: ", ")) (default auto: NO_COLOR,\nthen COLORTERM, then terminfo)",
                parse: { ColorChoice($0) }
            ) { $0.colors = $1 },
            .flag("dither", .look, previewing, "ordered dithering of quantized colours") { $0.dither = true },
            .flag("transparent", .look, showing, "uncovered cells keep the terminal's background") {
                $0.transparent = true
            }.only(SceneKind.allButBall),
            .double(
                "cell-aspect", "F", .look, previewing, 0.2...2,
                "width / height of a terminal cell (default: from the\ncell size)"
            ) { $0.cellAspect = $1 },

            // Motion.
            .double("spin", "DEG", .motion, drawing, -360...360, "degrees about Y per frame (earth 0.5; others 0)") {
                $0.spin = $1
            }.only(SceneKind.allButBall),
            .double("yaw", "DEG", .motion, previewing, -100_000...100_000, "initial turn about Y (default 0)") {
                $0.yaw = $1
            }.only(SceneKind.allButBall),
            .double("pitch", "DEG", .motion, previewing, -100_000...100_000, "initial turn about X (default 0)") {
                $0.pitch = $1
            }.only(SceneKind.allButBall),
            .double("roll", "DEG", .motion, previewing, -100_000...100_000, "initial turn about Z (default 0)") {
                $0.roll = $1
            }.only(SceneKind.allButBall),
            .double(
                "zoom", "F", .motion, previewing, 0.01...1e30,
                "camera distance factor, > 1 is closer (default 1; clamped\nso the camera stays "
                    + "outside the scene; up to 100, or\n1e30 for the browsed apollonian packing)"
            ) {
                $0.zoom = $1
                $0.zoomGiven = true
            }.only(SceneKind.allButBall),
            .double(
                "friction", "R", .motion, drawing, 0...10,
                "swipe spins slow down at rate R per second (default 0:\na constant spin)"
            ) { $0.friction = $1 }.only(SceneKind.allButBall),
            .text(
                "gestures", "SCRIPT", .motion, drawing,
                "gestures at frame numbers, e.g. \"right@0 tap@20 pinch-out@30\""
            ) { $0.gestures = $1 },

            // The Apollonian packing.
            .int(
                "level", "N", .apollonian, everyPacking, 1...20,
                "deepest level, L = generation + 1 (default 7; the viewer\nbrowses by zoom without it)"
            ) {
                $0.level = $1
                $0.levelGiven = true
            }.only([.packing]),
            .text(
                "center", "X,Y,Z", .apollonian, drawing,
                "browsing: the point zoomed into, in outer radii (default\nwhere two large spheres touch)"
            ) { (o, v) throws(CLIError) in
                let parts = v.split(separator: ",", omittingEmptySubsequences: false).map { Double(String($0)) }
                guard parts.count == 3, let x = parts[0], let y = parts[1], let z = parts[2],
                    [x, y, z].allSatisfy({ $0.isFinite && abs($0) <= 10 })
                else {
                    throw .usage("--center wants X,Y,Z: three numbers within -10...10 (outer radii), got '\(v)'")
                }
                o.center = SIMD3(x, y, z)
            }.only([.packing]),
            .flag(
                "labels", .apollonian, drawing,
                "write each sphere's curvature on it when it has room\n(the integral packing: --packing soddy)"
            ) { $0.packingLook.labels = true }.only(SceneKind.packings),
            .double(
                "min-radius", "R", .apollonian, everyPacking, 0...1,
                "drop spheres smaller than R x outer radius (default 0.01)"
            ) { $0.minRadius = $1 }.only([.packing]),
            .flag("all", .apollonian, counting, "every sphere (default for export)") { $0.edgeOnly = false }.only(
                SceneKind.packings),
            .flag(
                "edge", .apollonian, counting,
                "only the spheres touching the outer sphere (default\nfor the viewer and bench)"
            ) { $0.edgeOnly = true }.only(SceneKind.packings),
            .double("radius", "R", .apollonian, measuring, 1e-6...1e9, "outer radius (default 1)") {
                $0.radius = $1
            }.only([.packing]),
            .text("url", "URL", .apollonian, packing, "fetch sphere records from a web service") { $0.url = $1 }.only([
                .packing
            ]),
            .double("timeout", "S", .apollonian, packing, 0.001...3600, "network timeout in seconds (default 30)") {
                $0.timeout = $1
            }.only([.packing]),
            .int(
                "max-spheres", "N", .apollonian, everyPacking, 1...100_000_000,
                "refuse larger packings (default 2000000;\nstats --dimension: no limit)"
            ) {
                $0.maxSpheres = $1
                $0.maxSpheresGiven = true
            }.only(SceneKind.packings),
            .choice(
                "packing", "NAME", .apollonian, everyPacking, PackingKind.allCases.map(\.rawValue),
                "standard (the web service's) or soddy (integer curvatures\n-1, 2, 2, 3, 3)",
                parse: { PackingKind(rawValue: $0) }
            ) { $0.packing = $1 }.only([.packing]),
            .choice(
                "color-by", "WHAT", .apollonian, previewing, PackingColoring.names,
                "generation (default; browsing counts from the largest\n"
                    + "spheres in view), clan, or curvature modulo Q: modQ,\ne.g. mod3",
                parse: { PackingColoring($0) }
            ) { $0.packingLook.coloring = $1 }.only(SceneKind.packings),
            .choice(
                "palette", "NAME", .apollonian, previewing, PackingPalette.allCases.map(\.rawValue),
                "original (default; the web viewers' colours by level) or\ndistinct (made for "
                    + "telling deep levels apart)",
                parse: { PackingPalette(rawValue: $0) }
            ) { $0.packingLook.palette = $1 }.only(SceneKind.packings),
        ]
    }

    /// The option `name` as `command` accepts it, or nil.
    static func find(_ name: String, for command: Command) -> OptionSpec? {
        all.first { $0.name == name && $0.commands.contains(command) }
    }

    /// The option whose one-letter form is `short` for `command`, or nil.
    static func find(short: Character, for command: Command) -> OptionSpec? {
        all.first { $0.short == short && $0.commands.contains(command) }
    }

    /// True when some command accepts an option called `name`.
    static func exists(_ name: String) -> Bool {
        all.contains { $0.name == name }
    }
}
