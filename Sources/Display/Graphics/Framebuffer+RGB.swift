import Raster
import SceneGraph

extension Framebuffer {
    /// Replaces `bytes` with the pixels as 8-bit sRGB, row-major from the top-left: 3 bytes
    /// per pixel, or 4 with `alpha` (255 where a surface covers the pixel, 0 elsewhere).
    public func writeSRGB8(into bytes: inout [UInt8], alpha: Bool = false) {
        let stride = alpha ? 4 : 3
        let n = width * height
        if bytes.count != n * stride { bytes = [UInt8](repeating: 0, count: n * stride) }
        color.withUnsafeBufferPointer { src in
            coverage.withUnsafeBufferPointer { cov in
                bytes.withUnsafeMutableBufferPointer { out in
                    for i in 0..<n {
                        let c = src[i]
                        let o = i * stride
                        out[o] = SRGB.encode8(c.x)
                        out[o + 1] = SRGB.encode8(c.y)
                        out[o + 2] = SRGB.encode8(c.z)
                        if alpha { out[o + 3] = cov[i] }
                    }
                }
            }
        }
    }
}
