/// How a texture is read outside 0...1 and between texels (glTF's `sampler`).
public struct TextureSampler: Hashable, Sendable {
    /// What texture coordinates outside 0...1 read.
    public enum Wrap: UInt8, Hashable, Sendable {
        /// The texture tiles (the default).
        case `repeat`
        /// The edge texels continue outwards.
        case clampToEdge
        /// The texture tiles, every other copy mirrored.
        case mirroredRepeat
    }

    /// Wrap across u (glTF `wrapS`).
    public var wrapU: Wrap
    /// Wrap across v (glTF `wrapT`).
    public var wrapV: Wrap
    /// When true, a texture drawn at full size or larger shows its texels as sharp squares
    /// (glTF `magFilter` NEAREST) instead of blending neighbours.
    public var magnifyNearest: Bool
    /// When true, the smaller copies of a minified texture are read texel by texel (glTF
    /// `minFilter` NEAREST_MIPMAP_* or NEAREST) instead of blended.
    public var minifyNearest: Bool
    /// When false, a minified texture is read at full size (glTF `minFilter` NEAREST or
    /// LINEAR, without mipmaps) instead of from its smaller copies.
    public var mipmaps: Bool

    /// A sampler; every field is given.
    public init(wrapU: Wrap, wrapV: Wrap, magnifyNearest: Bool, minifyNearest: Bool, mipmaps: Bool) {
        self.wrapU = wrapU
        self.wrapV = wrapV
        self.magnifyNearest = magnifyNearest
        self.minifyNearest = minifyNearest
        self.mipmaps = mipmaps
    }

    /// Repeating, blended, mip-mapped: what a texture without a sampler does.
    public static let standard = TextureSampler(
        wrapU: .repeat, wrapV: .repeat, magnifyNearest: false, minifyNearest: false, mipmaps: true)

    /// (`u`, `v`) moved so that the repeating bilinear read of a `width` x `height` level
    /// (`Texture.bilinearTaps`) gives this sampler's result: clamped or mirrored into 0...1
    /// and half a texel in from the edges, and with `nearest` snapped to the centre of the
    /// texel it falls in. Non-finite values are left for `bilinearTaps` to refuse.
    @inlinable @inline(__always)
    public func address(u: Float, v: Float, width: Int, height: Int, nearest: Bool) -> (Float, Float) {
        (
            TextureSampler.address(u, wrap: wrapU, size: width, nearest: nearest),
            TextureSampler.address(v, wrap: wrapV, size: height, nearest: nearest)
        )
    }

    /// One coordinate of `address(u:v:width:height:nearest:)` over `size` texels.
    @inlinable @inline(__always)
    public static func address(_ x: Float, wrap: Wrap, size: Int, nearest: Bool) -> Float {
        guard abs(x) < 4_000_000, size > 0 else { return x }
        let n = Float(size)
        var t = x
        switch wrap {
        case .repeat: break
        case .clampToEdge: t = min(max(t, 0), 1)
        case .mirroredRepeat:
            let period = t - 2 * Texture.floorParts(t * 0.5).0  // 0..<2
            t = period > 1 ? 2 - period : period
        }
        if nearest { t = (Texture.floorParts(t * n).0 + 0.5) / n }
        if wrap != .repeat { t = min(max(t, 0.5 / n), 1 - 0.5 / n) }
        return t
    }
}
