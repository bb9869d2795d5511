/// The pixels an output draws a picture of `columns` x `rows` cells with: the
/// framebuffer's size and the shape of one pixel on screen.
public struct PixelGrid: Equatable, Sendable {
    /// Framebuffer width in pixels (at least 1).
    public var width: Int
    /// Framebuffer height in pixels (at least 1).
    public var height: Int
    /// Width / height of one pixel on screen (1 for square pixels).
    public var pixelAspect: Float

    /// A grid of `width` x `height` pixels (each at least 1) of shape `pixelAspect`.
    public init(width: Int, height: Int, pixelAspect: Float) {
        self.width = max(1, width)
        self.height = max(1, height)
        self.pixelAspect = pixelAspect.isFinite && pixelAspect > 0 ? pixelAspect : 1
    }
}
