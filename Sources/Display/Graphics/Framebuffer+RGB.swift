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
                        // A pixel whose bits are the background's (x and y as one word, then
                        // z) has its bytes; any other is read as four lanes (a Vec3 is stored
                        // in 16 bytes; the fourth is ignored). Equal bits convert to equal
                        // bytes, so this also holds for -0 and NaN backgrounds.
                        let backXY = UInt64(background.y.bitPattern) << 32 | UInt64(background.x.bitPattern)
                        let backZ = background.z.bitPattern
                        nonisolated(unsafe) let pixels = UnsafeRawPointer(src.baseAddress)
                        let strip: @Sendable (Int) -> Void = { s in
                            guard let pixels else { return }
                            for i in (s * h / strips * w)..<((s + 1) * h / strips * w) {
                                let o = i &* stride
                                let p = pixels + i &* MemoryLayout<SIMD3<Float>>.stride
                                let z = p.load(fromByteOffset: 8, as: UInt32.self)
                                if p.load(as: UInt64.self) == backXY, z == backZ {
                                    (out[o], out[o &+ 1], out[o &+ 2]) = back
                                } else {
                                    let k = Self.tableIndices(p.load(as: SIMD4<Float>.self))
                                    out[o] = table[Int(k[0])]
                                    out[o &+ 1] = table[Int(k[1])]
                                    out[o &+ 2] = table[Int(k[2])]
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

    /// `tableIndex` of the first three lanes, truncated to integers, all lanes at once (the
    /// fourth is whatever its lane makes of it): the index is 0.5...4095.5, so adding
    /// 1.5 x 2^23 rounds it to an integer in the low bits, one less where that rounded up
    /// (the floor, which is what `Int(_:)` makes of a positive Float), with no checked
    /// conversion per channel.
    @inline(__always)
    static func tableIndices(_ v: SIMD4<Float>) -> SIMD4<Int32> {
        let low = v.replacing(with: 0, where: .!(v .>= 0))
        let k = low.replacing(with: 1, where: low .> 1) * 4095 + 0.5
        let shifted = k + 12_582_912
        let rounded = shifted - 12_582_912
        let i = unsafeBitCast(shifted, to: SIMD4<Int32>.self) &- 0x4B40_0000
        return i.replacing(with: i &- 1, where: rounded .> k)
    }
}
