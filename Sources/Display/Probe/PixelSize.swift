/// A width and a height in pixels, as a terminal reports them.
public struct PixelSize: Equatable, Hashable, Sendable {
    /// Pixels across.
    public var width: Int
    /// Pixels down.
    public var height: Int

    /// `width` x `height` pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}
