/// A decoded picture: 8-bit sRGB RGB pixels, rows top to bottom, and optionally their
/// alpha (straight, not premultiplied).
public struct Image: Hashable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 3` bytes, R G B per pixel, row-major from the top-left.
    public let pixels: [UInt8]
    /// `width * height` bytes of alpha (0 transparent, 255 opaque) in the order of `pixels`,
    /// or empty for an opaque image.
    public let alpha: [UInt8]

    /// An image from its pixels and (default none) their alpha; `nil` when the sizes
    /// disagree or are not positive.
    public init?(width: Int, height: Int, pixels: [UInt8], alpha: [UInt8] = []) {
        guard width > 0, height > 0, width.multipliedReportingOverflow(by: height).overflow == false,
            pixels.count == width * height * 3, alpha.isEmpty || alpha.count == width * height
        else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
        self.alpha = alpha
    }

    /// True when the image carries an alpha channel.
    public var hasAlpha: Bool { !alpha.isEmpty }

    /// The sRGB bytes of pixel (`x`, `y`).
    public subscript(x: Int, y: Int) -> SIMD3<UInt8> {
        let i = (y * width + x) * 3
        return SIMD3(pixels[i], pixels[i + 1], pixels[i + 2])
    }
}
