extension Rasterizer {
    /// Sorts the set-up triangles and spheres into per-band lists (a counting sort that keeps
    /// primitive order), so that each band visits only what touches its rows instead of
    /// scanning everything.
    func binPrimitives(bands: Int, rowsPerBand: Int) {
        let count = triangleCount
        triangles.withUnsafeBufferPointer { tris in
            Rasterizer.bin(into: &triangleBins, starts: &triangleBinStarts, bands: bands, items: count) { k in
                (Int(tris[k].minY) / rowsPerBand, Int(tris[k].maxY) / rowsPerBand)
            }
        }
        spheres.withUnsafeBufferPointer { sph in
            Rasterizer.bin(into: &sphereBins, starts: &sphereBinStarts, bands: bands, items: sph.count) { k in
                let s = sph[k]
                var lo = s.minY <= s.maxY ? Int(s.minY) : Int.max
                var hi = s.minY <= s.maxY ? Int(s.maxY) : -1
                if s.centerY >= 0 {
                    lo = min(lo, Int(s.centerY))
                    hi = max(hi, Int(s.centerY))
                }
                return lo <= hi ? (lo / rowsPerBand, hi / rowsPerBand) : (1, 0)
            }
        }
    }

    /// Counting sort of `items` primitives into `bands` lists: `bins[starts[b]..<starts[b+1]]`
    /// holds, in ascending order, the primitives whose band range (from `range`) includes `b`.
    @inline(__always)
    private static func bin(
        into bins: inout [Int32], starts: inout [Int], bands: Int, items: Int,
        range: (Int) -> (Int, Int)
    ) {
        if starts.count < bands + 1 { starts = [Int](repeating: 0, count: bands + 1) }
        for b in 0...bands { starts[b] = 0 }
        var total = 0
        for k in 0..<items {
            let (lo, hi) = range(k)
            let first = max(lo, 0)
            let last = min(hi, bands - 1)
            if first > last { continue }
            for b in first...last { starts[b + 1] += 1 }
            total += last - first + 1
        }
        for b in 0..<bands { starts[b + 1] += starts[b] }
        if bins.count < total { bins = [Int32](repeating: 0, count: max(total, bins.count * 2)) }
        // Fill, using `starts[b]` as the cursor of band b, then shift the starts back.
        bins.withUnsafeMutableBufferPointer { out in
            for k in 0..<items {
                let (lo, hi) = range(k)
                let first = max(lo, 0)
                let last = min(hi, bands - 1)
                if first > last { continue }
                for b in first...last {
                    out[starts[b]] = Int32(k)
                    starts[b] += 1
                }
            }
        }
        for b in stride(from: bands, to: 0, by: -1) { starts[b] = starts[b - 1] }
        starts[0] = 0
    }
}
