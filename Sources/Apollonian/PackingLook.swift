/// How a packing is coloured: what decides the colour, and the palette.
public struct PackingLook: Hashable, Sendable {
    /// What decides a sphere's colour. Default by generation.
    public var coloring: PackingColoring
    /// The colours. Default the original's.
    public var palette: PackingPalette
    /// Write each sphere's curvature on it (`--labels`; spheres with an integer
    /// curvature only). Default off.
    public var labels: Bool

    /// A look; see each property for its default.
    public init(coloring: PackingColoring = .generation, palette: PackingPalette = .original, labels: Bool = false) {
        self.coloring = coloring
        self.palette = palette
        self.labels = labels
    }

    /// The name of `record`'s scene node: `ApollonianScene.tagPrefix` and its integer
    /// curvature when `labels` is on and the curvature is an integer, else empty.
    public func nodeName(_ record: SphereRecord) -> String {
        guard labels, let k = record.curvature?.integer else { return "" }
        return ApollonianScene.tagPrefix + String(k)
    }

    /// The colour class of `record`: the colouring's class, or (when the record lacks what
    /// the colouring needs) its level, kept apart as `-level`.
    public func key(_ record: SphereRecord) -> Int {
        coloring.classIndex(record) ?? -record.level
    }

    /// The sRGB hex colour of class `key` (see `key(_:)`).
    public func hex(_ key: Int) -> String { key >= 0 ? palette.hex(key) : palette.hex(-key - 1) }

    /// The legend's name of class `key`.
    public func name(_ key: Int, integral: Bool) -> String {
        key >= 0 ? coloring.className(key, integral: integral) : "L \(-key)"
    }

    /// One legend line per colour class among `records` (those drawn: all, or only those
    /// reaching the shell when `edgeOnly`), sorted by class: its name, colour and count.
    public func legend(_ records: [SphereRecord], options: PackingOptions) -> [LegendEntry] {
        var counts: [Int: Int] = [:]
        for r in records where !options.edgeOnly || r.touchesShell(outerRadius: options.radius) {
            counts[key(r), default: 0] += 1
        }
        return counts.keys.sorted { ($0 < 0 ? 1 : 0, abs($0)) < ($1 < 0 ? 1 : 0, abs($1)) }.map {
            LegendEntry(name: name($0, integral: options.kind.isIntegral), hex: hex($0), count: counts[$0] ?? 0)
        }
    }
}
