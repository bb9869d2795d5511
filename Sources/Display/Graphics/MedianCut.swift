import Dispatch

/// A palette of at most `registers` colours for one frame: median cut over a 15-bit
/// (5 bits per channel) sRGB histogram (boxes of colours split, most populous and widest
/// first, at their median), then a few k-means rounds over the histogram (each colour moved
/// to the mean of the pixels nearest it, `refinements`), which spends the colours where the
/// pixels are: the Earth's many dark-blue ocean pixels and each packing level's hue get
/// colours of their own. The mapping of a pixel is the colour nearest its 15-bit key.
public struct MedianCut: Sendable {
    /// The palette, 8-bit sRGB per channel.
    public private(set) var colors: [SIMD3<UInt8>] = []
    /// Palette index for each 15-bit colour key present in the last frame.
    public private(set) var lookup = [UInt8](repeating: 0, count: 1 << 15)

    /// k-means rounds after the median cut (default 3; 0 keeps the boxes' means).
    public var refinements = 3
    /// Threads that find each colour key's nearest centre at once (1...64; the palette does
    /// not depend on it).
    public var threads = 1

    private var counts = [Int32](repeating: 0, count: 1 << 15)
    /// The histograms of the strips after the first (`threads` - 1 of them, at most 7).
    private var histograms: [Histogram] = []
    private var sums = [SIMD3<Int32>](repeating: .zero, count: 1 << 15)
    /// The keys present in the frame, in order of first appearance, and the mean colour of
    /// each one's pixels (`sums / counts`).
    private var used: [Int] = []
    private var means: [SIMD3<Float>] = []
    /// The nearest centre of each of `used`, from the last `assign`.
    private var nearestCentre: [UInt8] = []

    /// Weights of the red, green and blue differences: green shows most, blue least (luma
    /// weights, roughly 3:4:2), in the median cut's spread and in nearest-colour distances.
    static let channelWeights = SIMD3<Int>(3, 4, 2)

    /// An empty palette.
    public init() {}

    /// The 15-bit key of an sRGB colour.
    @inline(__always)
    public static func key(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
        Int(r >> 3) << 10 | Int(g >> 3) << 5 | Int(b >> 3)
    }

    private struct Box {
        var keys: [Int]
        var population: Int
        var spread: Int
        var axis: Int
    }

    /// Adds the pixels of `range` to `counts` and `sums` by key, appending each key not
    /// counted before to `used`.
    @inline(__always)
    static func count(
        _ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, counts c: UnsafeMutableBufferPointer<Int32>,
        sums s: UnsafeMutableBufferPointer<SIMD3<Int32>>, used: inout [Int]
    ) {
        for i in range {
            let r = p[3 * i]
            let g = p[3 * i + 1]
            let b = p[3 * i + 2]
            let k = key(r, g, b)
            if c[k] == 0 { used.append(k) }
            c[k] &+= 1
            s[k] &+= SIMD3(Int32(r), Int32(g), Int32(b))
        }
    }

    /// One strip's histogram after the first (kept from frame to frame, emptied by `add`).
    final class Histogram: @unchecked Sendable {
        private var counts = [Int32](repeating: 0, count: 1 << 15)
        private var sums = [SIMD3<Int32>](repeating: .zero, count: 1 << 15)
        private var used: [Int] = []

        func count(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
            used.removeAll(keepingCapacity: true)
            counts.withUnsafeMutableBufferPointer { c in
                sums.withUnsafeMutableBufferPointer { s in MedianCut.count(p, range, counts: c, sums: s, used: &used) }
            }
        }

        /// Adds this strip's counts and sums into the first strip's, keys new there appended
        /// to `into` in this strip's order, and empties this one.
        func add(
            into c: UnsafeMutableBufferPointer<Int32>, sums s: UnsafeMutableBufferPointer<SIMD3<Int32>>,
            used into: inout [Int]
        ) {
            for k in used {
                if c[k] == 0 { into.append(k) }
                c[k] &+= counts[k]
                s[k] &+= sums[k]
                counts[k] = 0
                sums[k] = .zero
            }
            used.removeAll(keepingCapacity: true)
        }
    }

    /// Builds the palette for `pixels` (3 bytes per pixel, sRGB) with at most `registers`
    /// colours (2...256).
    public mutating func build(rgb pixels: [UInt8], registers: Int) {
        let limit = min(max(registers, 2), 256)
        let n = pixels.count / 3
        var used = self.used
        self.used = []
        used.removeAll(keepingCapacity: true)
        // The histogram in strips of pixels on the threads, each strip into its own counts,
        // sums and keys, then added into the first strip's in order: a key new to the
        // first strips comes after theirs, in order of its first appearance, so `used` is in
        // order of first appearance over the whole frame, as one strip makes it.
        let strips = max(1, min(threads, 8, n / 65_536))
        while histograms.count < strips - 1 { histograms.append(Histogram()) }
        counts.withUnsafeMutableBufferPointer { c in
            sums.withUnsafeMutableBufferPointer { s in
                pixels.withUnsafeBufferPointer { p in
                    nonisolated(unsafe) let (c, s, p) = (c, s, p)
                    nonisolated(unsafe) var first = used
                    let others = histograms
                    let strip: @Sendable (Int) -> Void = { k in
                        let range = (k * n / strips)..<((k + 1) * n / strips)
                        if k == 0 {
                            Self.count(p, range, counts: c, sums: s, used: &first)
                        } else {
                            others[k - 1].count(p, range)
                        }
                    }
                    if strips == 1 {
                        strip(0)
                    } else {
                        DispatchQueue.concurrentPerform(iterations: strips, execute: strip)
                    }
                    used = first
                    for h in others.prefix(strips - 1) { h.add(into: c, sums: s, used: &used) }
                }
            }
        }
        means.removeAll(keepingCapacity: true)
        for k in used { means.append(SIMD3<Float>(sums[k]) / Float(counts[k])) }
        var boxes = [makeBox(used)]
        while boxes.count < limit {
            // Split the box with the most pixels times spread; stop when none can split.
            var best = -1
            var bestScore = 0
            for (i, b) in boxes.enumerated() where b.keys.count > 1 {
                let score = b.population * b.spread
                if score > bestScore {
                    bestScore = score
                    best = i
                }
            }
            if best < 0 { break }
            let (a, b) = split(boxes[best])
            boxes[best] = a
            boxes.append(b)
        }
        var centres: [SIMD3<Float>] = boxes.map { box in
            var total = SIMD3<Int64>(repeating: 0)
            var count: Int64 = 0
            for k in box.keys {
                total &+= SIMD3<Int64>(truncatingIfNeeded: sums[k])
                count += Int64(counts[k])
            }
            return count > 0 ? SIMD3<Float>(total) / Float(count) : .zero
        }
        refine(&centres, keys: used)
        colors.removeAll(keepingCapacity: true)
        for c in centres {
            let v = (c + 0.5).clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 255))
            colors.append(SIMD3(UInt8(v.x), UInt8(v.y), UInt8(v.z)))
        }
        assign(used.count, to: centres)
        for (i, k) in used.enumerated() {
            lookup[k] = nearestCentre[i]
            counts[k] = 0
            sums[k] = .zero
        }
        self.used = used
    }

    /// `refinements` k-means rounds: each centre moves to the mean of the histogram's
    /// pixels nearest to it (a centre no pixel is nearest to stays). `keys[i]` has the mean
    /// `means[i]`.
    private mutating func refine(_ centres: inout [SIMD3<Float>], keys: [Int]) {
        guard centres.count > 1 else { return }
        var totals = [SIMD3<Float>](repeating: .zero, count: centres.count)
        var weights = [Float](repeating: 0, count: centres.count)
        for _ in 0..<refinements {
            for i in totals.indices {
                totals[i] = .zero
                weights[i] = 0
            }
            assign(keys.count, to: centres)
            for (i, k) in keys.enumerated() {
                let c = Int(nearestCentre[i])
                totals[c] += SIMD3<Float>(sums[k])
                weights[c] += Float(counts[k])
            }
            for i in centres.indices where weights[i] > 0 { centres[i] = totals[i] / weights[i] }
        }
    }

    /// Sets `nearestCentre[i]` to the centre nearest `means[i]` for the first `count` means,
    /// in strips on `threads` threads (at most 256 centres).
    private mutating func assign(_ count: Int, to centres: [SIMD3<Float>]) {
        if nearestCentre.count < count { nearestCentre = [UInt8](repeating: 0, count: count) }
        let strips = max(1, min(threads, 64, count / 256))
        let table = CentreTable(centres)
        means.withUnsafeBufferPointer { m in
            nearestCentre.withUnsafeMutableBufferPointer { out in
                // Each strip writes its own entries only.
                nonisolated(unsafe) let (m, out) = (m, out)
                let strip: @Sendable (Int) -> Void = { s in
                    for i in (s * count / strips)..<((s + 1) * count / strips) {
                        out[i] = UInt8(truncatingIfNeeded: table.nearest(m[i]))
                    }
                }
                if strips == 1 { strip(0) } else { DispatchQueue.concurrentPerform(iterations: strips, execute: strip) }
            }
        }
    }

    /// The centres as three planes of coordinates, eight centres a step, for the nearest
    /// centre of a colour: squared distance with each channel's difference weighted by
    /// `channelWeights`, summed red, green, blue in that order (as `(d * d * w).sum()`), the
    /// first of equal distances kept.
    struct CentreTable: Sendable {
        private var x: [SIMD8<Float>] = []
        private var y: [SIMD8<Float>] = []
        private var z: [SIMD8<Float>] = []

        init(_ centres: [SIMD3<Float>]) {
            // Lanes past the last centre lie infinitely far.
            let steps = (centres.count + 7) / 8
            x = Array(repeating: SIMD8(repeating: .infinity), count: steps)
            y = x
            z = x
            for (i, c) in centres.enumerated() {
                x[i / 8][i % 8] = c.x
                y[i / 8][i % 8] = c.y
                z[i / 8][i % 8] = c.z
            }
        }

        /// The index of the centre nearest `p`.
        @inline(__always)
        func nearest(_ p: SIMD3<Float>) -> Int {
            let w = SIMD3<Float>(MedianCut.channelWeights)
            var best = 0
            var bestDistance = Float.infinity
            x.withUnsafeBufferPointer { xs in
                y.withUnsafeBufferPointer { ys in
                    z.withUnsafeBufferPointer { zs in
                        for step in 0..<xs.count {
                            let dx = SIMD8(repeating: p.x) - xs[step]
                            let dy = SIMD8(repeating: p.y) - ys[step]
                            let dz = SIMD8(repeating: p.z) - zs[step]
                            let distance = dx * dx * w.x + dy * dy * w.y + dz * dz * w.z
                            guard any(distance .< bestDistance) else { continue }
                            for lane in 0..<8 where distance[lane] < bestDistance {
                                bestDistance = distance[lane]
                                best = step * 8 + lane
                            }
                        }
                    }
                }
            }
            return best
        }
    }

    private func channel(_ k: Int, _ axis: Int) -> Int { k >> (10 - 5 * axis) & 31 }

    private func makeBox(_ keys: [Int]) -> Box {
        var lo = SIMD3<Int>(repeating: 31)
        var hi = SIMD3<Int>(repeating: 0)
        var population = 0
        for k in keys {
            let v = SIMD3(channel(k, 0), channel(k, 1), channel(k, 2))
            lo = pointwiseMin(lo, v)
            hi = pointwiseMax(hi, v)
            population += Int(counts[k])
        }
        let spread = Self.channelWeights &* (hi &- lo)
        let axis = spread.x >= spread.y && spread.x >= spread.z ? 0 : spread.y >= spread.z ? 1 : 2
        return Box(keys: keys, population: population, spread: spread[axis] + 1, axis: axis)
    }

    private func split(_ box: Box) -> (Box, Box) {
        let axis = box.axis
        let sorted = box.keys.sorted { channel($0, axis) < channel($1, axis) }
        var half = 0
        var cut = 1
        for (i, k) in sorted.enumerated() {
            half += Int(counts[k])
            if half * 2 >= box.population {
                cut = i + 1
                break
            }
        }
        cut = min(max(cut, 1), sorted.count - 1)
        return (makeBox(Array(sorted[..<cut])), makeBox(Array(sorted[cut...])))
    }
}
