/// One line of a packing's colour legend.
public struct LegendEntry: Hashable, Sendable {
    /// What the colour stands for, e.g. `L 3` or `clan 2`.
    public var name: String
    /// The colour, sRGB hex.
    public var hex: String
    /// Spheres drawn in it.
    public var count: Int

    /// An entry.
    public init(name: String, hex: String, count: Int) {
        self.name = name
        self.hex = hex
        self.count = count
    }

    /// The entry as a line of text: `L 3     FFFF00  20 spheres`.
    public var line: String {
        let padded = name.count < 22 ? name + String(repeating: " ", count: 22 - name.count) : name
        return "\(padded) \(hex)  \(count) sphere\(count == 1 ? "" : "s")"
    }
}
