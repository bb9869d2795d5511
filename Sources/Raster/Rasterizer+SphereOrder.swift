extension Rasterizer {
    /// Reorders the set-up spheres nearest first (by the depth of their front point; a
    /// stable radix sort, so ties keep scene order). Drawn in that order, hidden parts of
    /// farther spheres fail the early depth test instead of being shaded and overwritten.
    func sortSpheresFrontToBack() {
        let n = spheres.count
        if n < 2 { return }
        if sortKeys.count < n {
            sortKeys = [UInt64](repeating: 0, count: n)
            sortScratch = [UInt64](repeating: 0, count: n)
        }
        if histogram.count < 2048 { histogram = [Int](repeating: 0, count: 2048) }
        // Key: the bits of a positive Float order like the numbers; low 32 bits: the index.
        spheres.withUnsafeBufferPointer { sph in
            sortKeys.withUnsafeMutableBufferPointer { keys in
                for k in 0..<n { keys[k] = UInt64(max(sph[k].frontDepth, 0).bitPattern) << 32 | UInt64(k) }
            }
        }
        // Three passes of 11 bits over the upper 32 bits (a cancelled frame stops between them:
        // its spheres are never drawn).
        for pass in 0..<3 {
            if let probe, probe.check() { return }
            let shift = UInt64(32 + 11 * pass)
            sortKeys.withUnsafeMutableBufferPointer { src in
                sortScratch.withUnsafeMutableBufferPointer { dst in
                    histogram.withUnsafeMutableBufferPointer { count in
                        for b in 0..<2048 { count[b] = 0 }
                        for k in 0..<n { count[Int((src[k] >> shift) & 2047)] += 1 }
                        var sum = 0
                        for b in 0..<2048 {
                            let c = count[b]
                            count[b] = sum
                            sum += c
                        }
                        for k in 0..<n {
                            let bucket = Int((src[k] >> shift) & 2047)
                            dst[count[bucket]] = src[k]
                            count[bucket] += 1
                        }
                    }
                }
            }
            swap(&sortKeys, &sortScratch)
        }
        // Permute in place along the cycles of the permutation (no copy of the spheres: with
        // millions of them a copy is hundreds of megabytes). A key's bit 63 (the sign of a
        // depth that is never negative) marks a place already filled.
        let done: UInt64 = 1 << 63
        spheres.withUnsafeMutableBufferPointer { sph in
            sortKeys.withUnsafeMutableBufferPointer { keys in
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
                    }
                }
            }
        }
    }
}
