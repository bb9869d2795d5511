import Foundation
import Raster
import SceneGraph

extension Framebuffer {
    /// Replaces `bytes` with the pixels as 8-bit sRGB, row-major from the top-left: 3 bytes
    /// per pixel, or 4 with `alpha` (255 where a surface covers the pixel, 0 elsewhere).
    /// - Parameter threads: strips of rows converted at once (1...64, default 1); the bytes
    ///   are the same for every value.
    public func writeSRGB8(into bytes: inout [UInt8], alpha: Bool = false, threads: Int = 1) {
        let stride = alpha ? 4 : 3
        let n = width * height
        if bytes.count != n * stride { bytes = [UInt8](repeating: 0, count: n * stride) }
        // Strips of at least 64 rows: fewer rows are not worth a thread.
        let strips = max(1, min(threads, 64, height / 64))
        let w = width
        let h = height
        color.withUnsafeBufferPointer { src in
            coverage.withUnsafeBufferPointer { cov in
                SRGB.encodeTable.withUnsafeBufferPointer { table in
                    bytes.withUnsafeMutableBufferPointer { out in
                        // Each strip writes its own rows only.
                        nonisolated(unsafe) let (src, cov, table, out) = (src, cov, table, out)
                        // Pixels of the background's colour (most of a frame, often) take its
                        // bytes, converted once.
                        let b = Self.tableIndex(background)
                        let back = (table[Int(b.x)], table[Int(b.y)], table[Int(b.z)])
                        let bg = background
                        let strip: @Sendable (Int) -> Void = { s in
                            for i in (s * h / strips * w)..<((s + 1) * h / strips * w) {
                                let o = i &* stride
                                if src[i] == bg {
                                    (out[o], out[o &+ 1], out[o &+ 2]) = back
                                } else {
                                    let k = Self.tableIndex(src[i])
                                    out[o] = table[Int(k.x)]
                                    out[o &+ 1] = table[Int(k.y)]
                                    out[o &+ 2] = table[Int(k.z)]
                                }
                                if alpha { out[o &+ 3] = cov[i] }
                            }
                        }
                        if strips == 1 {
                            strip(0)
                        } else {
                            DispatchQueue.concurrentPerform(iterations: strips, execute: strip)
                        }
                    }
                }
            }
        }
    }

    /// The index in `SRGB.encodeTable` of each channel of a linear colour, all three at once
    /// (as `SRGB.encode8`: clamped to 0...1, NaN as 0, rounded).
    @inline(__always)
    private static func tableIndex(_ v: SIMD3<Float>) -> SIMD3<Float> {
        let low = v.replacing(with: 0, where: .!(v .>= 0))
        return low.replacing(with: 1, where: low .> 1) * 4095 + 0.5
    }
}
