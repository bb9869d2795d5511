/// How a packing is coloured: what decides the colour, and the palette.
public struct PackingLook: Hashable, Sendable {
    /// What decides a sphere's colour. Default by generation.
    public var coloring: PackingColoring
    /// The colours. Default the original's.
    public var palette: PackingPalette
    /// Write each sphere's curvature on it (`--labels`; spheres with an integer
    /// curvature only). Default off.
    public var labels: Bool
    /// Colouring by generation counts from this generation (0-based): it and every lower
    /// one take the palette's first colour, the next one the second, and so on. Browsing
    /// sets it to the lowest generation among the spheres no larger than the view, so a
    /// deep view shows the palette as level 1 onwards does at zoom 1. Default 0 (levels
    /// coloured as the original viewers did). Other colourings ignore it.
    public var generationBase: Int

    /// A look; see each property for its default.
    public init(
        coloring: PackingColoring = .generation, palette: PackingPalette = .original, labels: Bool = false,
        generationBase: Int = 0
    ) {
        self.coloring = coloring
        self.palette = palette
        self.labels = labels
        self.generationBase = max(0, generationBase)
    }

    /// The name of `record`'s scene node: `ApollonianScene.tagPrefix` and its integer
    /// curvature when `labels` is on and the curvature is an integer, else empty.
    public func nodeName(_ record: SphereRecord) -> String {
        guard labels, let k = record.curvature?.integer else { return "" }
        return ApollonianScene.tagPrefix + String(k)
    }

    /// The colour class of `record`: the colouring's class (by generation: counted from
    /// `generationBase`, lower ones joining it), or (when the record lacks what the
    /// colouring needs) its level, kept apart as `-level`.
    public func key(_ record: SphereRecord) -> Int {
        guard let index = coloring.classIndex(record) else { return -record.level }
        return max(0, index - base)
    }

    /// The class colouring by generation counts from: `generationBase`; 0 for the other
    /// colourings, which ignore it.
    private var base: Int { coloring == .generation ? generationBase : 0 }

    /// Whether the records need their clans (`SphereRecord.clan`): colouring by clan.
    public var needsClans: Bool { coloring == .clan }

    /// The sRGB hex colour of class `key` (see `key(_:)`).
    public func hex(_ key: Int) -> String { key >= 0 ? palette.hex(key) : palette.hex(-key - 1) }

    /// The legend's name of class `key`: `L 3`, or `L 1-23` for the first class of a
    /// generation colouring counted from L 23.
    public func name(_ key: Int, integral: Bool) -> String {
        guard key >= 0 else { return "L \(-key)" }
        if key == 0 && base > 0 { return "L 1-\(base + 1)" }
        return coloring.className(key + base, integral: integral)
    }

    /// What the colours stand for, one line for a legend's head: `colour: generation`,
    /// with `generationBase` `colour: generation from L 23 (largest spheres in view)`.
    public var meaning: String {
        switch coloring {
        case .generation:
            return generationBase > 0
                ? "colour: generation from L \(generationBase + 1) (largest spheres in view)"
                : "colour: generation (L = generation + 1)"
        case .clan: return "colour: clan (subtree of the service's tree)"
        case .curvature(let q): return "colour: curvature mod \(q)"
        }
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
