import Math3D

/// An image prepared for sampling: linear-light texels, shared between copies.
///
/// Texture coordinates: `u` 0...1 left to right, `v` 0...1 bottom to top (OpenGL/OBJ
/// convention), repeating outside that range.
public struct Texture: Hashable, Sendable {
    private final class Storage: Sendable {
        let width: Int
        let height: Int
        let texels: [Vec3]
        let source: Image
        init(_ image: Image) {
            width = image.width
            height = image.height
            source = image
            let lut = SRGB.toLinear
            let count = image.width * image.height
            // Pointers, not subscripts, and no zero fill first: no bounds check per texel
            // (start-up, docs/PERFORMANCE.md).
            texels = image.pixels.withUnsafeBufferPointer { p in
                lut.withUnsafeBufferPointer { table in
                    [Vec3](unsafeUninitializedCapacity: count) { out, initialized in
                        initialized = 0
                        guard p.count >= 3 * count, table.count == 256, let src = p.baseAddress,
                              let dst = out.baseAddress, let l = table.baseAddress else { return }
                        for i in 0..<count {
                            let s = src + 3 * i
                            (dst + i).initialize(to: Vec3(l[Int(s[0])], l[Int(s[1])], l[Int(s[2])]))
                        }
                        initialized = count
                    }
                }
            }
        }
    }

    private let storage: Storage
    /// A name for messages (usually the file it came from).
    public let name: String

    /// A texture from a decoded image.
    public init(image: Image, name: String = "") {
        storage = Storage(image)
        self.name = name
    }

    /// Width in texels.
    public var width: Int { storage.width }
    /// Height in texels.
    public var height: Int { storage.height }
    /// The image it was made from.
    public var image: Image { storage.source }
    /// Linear-light texels, row-major from the top-left.
    public var texels: [Vec3] { storage.texels }

    /// Bilinear sample in linear light at (`u`, `v`), repeating.
    public func sample(u: Float, v: Float) -> Vec3 {
        Texture.sampleBilinear(storage.texels, width: storage.width, height: storage.height, u: u, v: v)
    }

    /// 1.5 * 2^23: adding it rounds a Float below 2^22 in size to an integer.
    @usableFromInline static let floorMagic: Float = 12_582_912

    /// `floor(x)` as a Float and as an integer, for |x| < 2^22, with no library call or
    /// checked conversion (the rasterizer's inner loop calls it four times per pixel).
    @inlinable @inline(__always)
    public static func floorParts(_ x: Float) -> (Float, Int) {
        let shifted = x + floorMagic
        let r = shifted - floorMagic                              // x rounded to nearest
        let i = Int(Int32(bitPattern: shifted.bitPattern) &- 0x4B40_0000)
        return r > x ? (r - 1, i - 1) : (r, i)
    }

    /// Bilinear sample of `width` x `height` linear-light texels at (`u`, `v`): repeating in
    /// u, clamped in v (the poles of a map must not bleed), `v` = 0 the bottom row.
    /// Coordinates of 4,000,000 or more in size, infinite or NaN read as 0, so no input
    /// can trap.
    @inlinable @inline(__always)
    public static func sampleBilinear(_ texels: UnsafePointer<Vec3>, width: Int, height: Int, u: Float, v: Float) -> Vec3 {
        let u = abs(u) < 4_000_000 ? u : 0, v = abs(v) < 4_000_000 ? v : 0
        let fx = (u - floorParts(u).0) * Float(width) - 0.5
        let fy = (1 - (v - floorParts(v).0)) * Float(height) - 0.5
        let (x0f, xi) = floorParts(fx), (y0f, yi) = floorParts(fy)
        let tx = fx - x0f, ty = fy - y0f
        var x0 = xi, y0 = yi
        var x1 = x0 + 1
        var y1 = y0 + 1
        if x0 < 0 { x0 += width }
        if x1 >= width { x1 -= width }
        if y0 < 0 { y0 = 0 }
        if y1 >= height { y1 = height - 1 }
        x0 = min(max(x0, 0), width - 1); x1 = min(max(x1, 0), width - 1)
        y0 = min(max(y0, 0), height - 1); y1 = min(max(y1, 0), height - 1)
        let a = texels[y0 * width + x0], b = texels[y0 * width + x1]
        let c = texels[y1 * width + x0], d = texels[y1 * width + x1]
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

    public static func == (a: Texture, b: Texture) -> Bool { a.storage === b.storage && a.name == b.name }
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(storage)); h.combine(name) }
}
