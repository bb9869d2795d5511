/// Text written over the picture's cells at a place, such as a sphere's curvature.
public struct CellTag: Hashable, Sendable {
    /// Row of the text, 0 at the top.
    public var row: Int
    /// Column of the first character, 0 at the left.
    public var column: Int
    /// The text (one cell per character).
    public var text: String

    /// A tag.
    public init(row: Int, column: Int, text: String) {
        self.row = row
        self.column = column
        self.text = text
    }
}
