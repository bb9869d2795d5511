import Math3D

/// An image prepared for sampling, shared between copies.
///
/// The texels stay in the image's 8-bit sRGB bytes (3 bytes per texel) and are turned into
/// linear light as they are read, through `SRGB.toLinear`; no second copy is kept.
///
/// Texture coordinates: `u` 0...1 left to right, `v` 0...1 bottom to top (OpenGL/OBJ
/// convention), repeating outside that range.
public struct Texture: Hashable, Sendable {
    private final class Storage: Sendable {
        let source: Image
        init(_ image: Image) { source = image }
    }

    private let storage: Storage
    /// A name for messages (usually the file it came from).
    public let name: String
    /// How the texture is read outside 0...1 and between texels. Default
    /// `TextureSampler.standard` (repeating, blended, mip-mapped).
    public var sampler: TextureSampler

    /// A texture from a decoded image.
    public init(image: Image, name: String = "", sampler: TextureSampler = .standard) {
        storage = Storage(image)
        self.name = name
        self.sampler = sampler
    }

    /// Width in texels.
    public var width: Int { storage.source.width }
    /// Height in texels.
    public var height: Int { storage.source.height }
    /// The image it was made from: its pixels are the texels (sRGB-encoded).
    public var image: Image { storage.source }
    /// Linear-light texels, row-major from the top-left: a new array (16 bytes per texel)
    /// made on each call.
    public var texels: [Vec3] {
        let pixels = storage.source.pixels
        return SRGB.toLinear.withUnsafeBufferPointer { lut in
            (0..<(pixels.count / 3)).map {
                Vec3(lut[Int(pixels[3 * $0])], lut[Int(pixels[3 * $0 + 1])], lut[Int(pixels[3 * $0 + 2])])
            }
        }
    }

    /// Bilinear sample in linear light at (`u`, `v`), repeating.
    public func sample(u: Float, v: Float) -> Vec3 {
        let image = storage.source
        return image.pixels.withUnsafeBufferPointer { p in
            SRGB.toLinear.withUnsafeBufferPointer { lut in
                guard let base = p.baseAddress, let table = lut.baseAddress else { return .zero }
                return Texture.sampleBilinear(
                    srgb: base, lut: table, width: image.width, height: image.height, u: u, v: v)
            }
        }
    }

    /// 1.5 * 2^23: adding it rounds a Float below 2^22 in size to an integer.
    @usableFromInline static let floorMagic: Float = 12_582_912

    /// `floor(x)` as a Float and as an integer, for |x| < 2^22, with no library call or
    /// checked conversion (the rasterizer's inner loop calls it four times per pixel).
    @inlinable @inline(__always)
    public static func floorParts(_ x: Float) -> (Float, Int) {
        let shifted = x + floorMagic
        let r = shifted - floorMagic  // x rounded to nearest
        let i = Int(Int32(bitPattern: shifted.bitPattern) &- 0x4B40_0000)
        return r > x ? (r - 1, i - 1) : (r, i)
    }

    /// The four texel indices and the weights of a bilinear sample of a `width` x `height`
    /// texture at (`u`, `v`): repeating in u, clamped in v (the poles of a map must not
    /// bleed), `v` = 0 the bottom row. Coordinates of 4,000,000 or more in size, infinite or
    /// NaN read as 0, so no input can trap.
    @inlinable @inline(__always)
    public static func bilinearTaps(width: Int, height: Int, u: Float, v: Float) -> (SIMD4<Int>, Float, Float) {
        let u = abs(u) < 4_000_000 ? u : 0
        let v = abs(v) < 4_000_000 ? v : 0
        let fx = (u - floorParts(u).0) * Float(width) - 0.5
        let fy = (1 - (v - floorParts(v).0)) * Float(height) - 0.5
        let (x0f, xi) = floorParts(fx)
        let (y0f, yi) = floorParts(fy)
        let tx = fx - x0f
        let ty = fy - y0f
        var x0 = xi
        var y0 = yi
        var x1 = x0 + 1
        var y1 = y0 + 1
        if x0 < 0 { x0 += width }
        if x1 >= width { x1 -= width }
        if y0 < 0 { y0 = 0 }
        if y1 >= height { y1 = height - 1 }
        x0 = min(max(x0, 0), width - 1)
        x1 = min(max(x1, 0), width - 1)
        y0 = min(max(y0, 0), height - 1)
        y1 = min(max(y1, 0), height - 1)
        return (SIMD4(y0 * width + x0, y0 * width + x1, y1 * width + x0, y1 * width + x1), tx, ty)
    }

    /// Bilinear sample of `width` x `height` linear-light texels at (`u`, `v`) (see
    /// `bilinearTaps`).
    @inlinable @inline(__always)
    public static func sampleBilinear(_ texels: UnsafePointer<Vec3>, width: Int, height: Int, u: Float, v: Float)
        -> Vec3
    {
        let (i, tx, ty) = bilinearTaps(width: width, height: height, u: u, v: v)
        return blend(texels[i.x], texels[i.y], texels[i.z], texels[i.w], tx, ty)
    }

    /// Bilinear sample of `width` x `height` sRGB-encoded RGB texels (3 bytes each) at
    /// (`u`, `v`), in linear light through `lut` (256 entries, `SRGB.toLinear`): the same
    /// value as `sampleBilinear` over the texels `lut` makes of them.
    @inlinable @inline(__always)
    public static func sampleBilinear(
        srgb texels: UnsafePointer<UInt8>, lut: UnsafePointer<Float>, width: Int, height: Int, u: Float, v: Float
    ) -> Vec3 {
        let (i, tx, ty) = bilinearTaps(width: width, height: height, u: u, v: v)
        @inline(__always) func texel(_ k: Int) -> Vec3 {
            let p = texels + 3 * k
            return Vec3(lut[Int(p[0])], lut[Int(p[1])], lut[Int(p[2])])
        }
        return blend(texel(i.x), texel(i.y), texel(i.z), texel(i.w), tx, ty)
    }

    /// Top-left `a`, top-right `b`, bottom-left `c`, bottom-right `d` mixed by `tx`, `ty`.
    @inlinable @inline(__always)
    public static func blend(_ a: Vec3, _ b: Vec3, _ c: Vec3, _ d: Vec3, _ tx: Float, _ ty: Float) -> Vec3 {
        let top = a + (b - a) * tx
        let bottom = c + (d - c) * tx
        return top + (bottom - top) * ty
    }

    /// Bilinear sample of a texel array (linear light), repeating.
    public static func sampleBilinear(_ texels: [Vec3], width: Int, height: Int, u: Float, v: Float) -> Vec3 {
        guard width > 0, height > 0, texels.count >= width * height else { return .zero }
        return texels.withUnsafeBufferPointer { p in
            guard let base = p.baseAddress else { return .zero }
            return sampleBilinear(base, width: width, height: height, u: u, v: v)
        }
    }

    public static func == (a: Texture, b: Texture) -> Bool {
        a.storage === b.storage && a.name == b.name && a.sampler == b.sampler
    }
    public func hash(into h: inout Hasher) {
        h.combine(ObjectIdentifier(storage))
        h.combine(name)
        h.combine(sampler)
    }

    /// True when both textures share the same decoded image (whatever their samplers).
    public func sharesImage(with other: Texture) -> Bool { storage === other.storage }
}
