extension Rasterizer {
    /// Keys (or moves) handled between two looks at `shouldCancel` while sorting: millions of
    /// spheres take a good part of a second to sort.
    static let sortChunk = 1 << 16

    /// Reorders the set-up spheres nearest first (by the depth of their front point; a
    /// stable radix sort, so ties keep scene order). Drawn in that order, hidden parts of
    /// farther spheres fail the early depth test instead of being shaded and overwritten.
    ///
    /// A cancelled frame (`probe`) leaves the sort within `sortChunk` keys or moves; its
    /// spheres are then in no particular order, and never drawn.
    func sortSpheresFrontToBack() {
        let n = spheres.count
        if n < 2 { return }
        if sortKeys.count < n {
            sortKeys = [UInt64](repeating: 0, count: n)
            sortScratch = [UInt64](repeating: 0, count: n)
        }
        if histogram.count < 2048 { histogram = [Int](repeating: 0, count: 2048) }
        let probe = probe
        /// Runs `body` over `0..<n` in chunks; false when the frame was cancelled on the way.
        func chunked(_ body: (Range<Int>) -> Void) -> Bool {
            var lo = 0
            while lo < n {
                let hi = min(n, lo + Self.sortChunk)
                body(lo..<hi)
                if let probe, probe.check() { return false }
                lo = hi
            }
            return true
        }
        // Key: the bits of a positive Float order like the numbers; low 32 bits: the index.
        let keyed = spheres.withUnsafeBufferPointer { sph in
            sortKeys.withUnsafeMutableBufferPointer { keys in
                chunked { range in
                    for k in range { keys[k] = UInt64(max(sph[k].frontDepth, 0).bitPattern) << 32 | UInt64(k) }
                }
            }
        }
        if !keyed { return }
        // Three passes of 11 bits over the upper 32 bits.
        for pass in 0..<3 {
            let shift = UInt64(32 + 11 * pass)
            let sorted = sortKeys.withUnsafeMutableBufferPointer { src in
                sortScratch.withUnsafeMutableBufferPointer { dst in
                    histogram.withUnsafeMutableBufferPointer { count in
                        for b in 0..<2048 { count[b] = 0 }
                        let counted = chunked { range in
                            for k in range { count[Int((src[k] >> shift) & 2047)] += 1 }
                        }
                        if !counted { return false }
                        var sum = 0
                        for b in 0..<2048 {
                            let c = count[b]
                            count[b] = sum
                            sum += c
                        }
                        return chunked { range in
                            for k in range {
                                let bucket = Int((src[k] >> shift) & 2047)
                                dst[count[bucket]] = src[k]
                                count[bucket] += 1
                            }
                        }
                    }
                }
            }
            if !sorted { return }
            swap(&sortKeys, &sortScratch)
        }
        // Permute in place along the cycles of the permutation (no copy of the spheres: with
        // millions of them a copy is hundreds of megabytes). A key's bit 63 (the sign of a
        // depth that is never negative) marks a place already filled.
        let done: UInt64 = 1 << 63
        spheres.withUnsafeMutableBufferPointer { sph in
            sortKeys.withUnsafeMutableBufferPointer { keys in
                var moves = 0
                for start in 0..<n where keys[start] & done == 0 {
                    let first = sph[start]
                    var j = start
                    while true {
                        let from = Int(keys[j] & 0xFFFF_FFFF)
                        keys[j] |= done
                        if from == start {
                            sph[j] = first
                            break
                        }
                        sph[j] = sph[from]
                        j = from
                        // Leaving inside a cycle loses a sphere: no matter, a cancelled
                        // frame's spheres are never drawn, and the next frame sets them up anew.
                        moves &+= 1
                        if moves & (Self.sortChunk - 1) == 0, let probe, probe.check() { return }
                    }
                }
            }
        }
    }
}
