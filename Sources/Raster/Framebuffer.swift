import Math3D
import SceneGraph

/// The pixels a rasterizer draws into: colour in linear light, depth, normal and
/// coverage, `width * height` of each, row-major from the top-left.
///
/// Cell encoders read it; nothing in it knows about terminals.
public struct Framebuffer: Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Linear-light RGB per pixel; `background` where nothing was drawn.
    public var color: [Vec3]
    /// View-space depth per pixel (distance in front of the camera along its axis, world
    /// units); `.infinity` where nothing was drawn.
    public var depth: [Float]
    /// Unit surface normal per pixel in view space (+Z towards the viewer); zero where
    /// nothing was drawn. Empty after a render by a rasterizer that keeps no normals
    /// (`Rasterizer.keepsNormals` false).
    public var normal: [Vec3]
    /// 255 where a surface covers the pixel, 0 where it does not.
    public var coverage: [UInt8]
    /// The colour of uncovered pixels (linear).
    public var background: Vec3

    /// A cleared framebuffer of `width` x `height` pixels (each at least 1).
    public init(width: Int, height: Int, background: Vec3 = .zero) {
        self.width = max(1, width)
        self.height = max(1, height)
        let n = self.width * self.height
        color = [Vec3](repeating: background, count: n)
        depth = [Float](repeating: .infinity, count: n)
        normal = [Vec3](repeating: .zero, count: n)
        coverage = [UInt8](repeating: 0, count: n)
        self.background = background
    }

    /// Resets every pixel to the background, keeping the storage.
    public mutating func clear(background: Vec3? = nil) {
        if let b = background { self.background = b }
        let bg = self.background
        color.withUnsafeMutableBufferPointer { $0.update(repeating: bg) }
        depth.withUnsafeMutableBufferPointer { $0.update(repeating: .infinity) }
        normal.withUnsafeMutableBufferPointer { $0.update(repeating: .zero) }
        coverage.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }

    /// Number of covered pixels.
    public var coveredCount: Int { coverage.reduce(0) { $0 + ($1 != 0 ? 1 : 0) } }

    /// Index of pixel (`x`, `y`).
    @inlinable public func index(x: Int, y: Int) -> Int { y * width + x }
}
