extension Rasterizer {
    /// Pixels a row's spheres may examine in one frame: `sphereOverdrawLimit` widths.
    func sphereRowBudget(width: Int) -> Int {
        let layers = max(sphereOverdrawLimit, 1)
        let (product, overflow) = layers.multipliedReportingOverflow(by: max(width, 1))
        return overflow ? Int.max : product
    }

    /// Draws the spheres `list` (indices into the band's list, nearest first) over `rows`,
    /// within the overdraw budget: each row counts the pixels spheres examine in it and is
    /// closed once it passes `ctx.sphereRowBudget`; closed rows are skipped in O(1) (a
    /// next-open-row table with path halving), and the band stops when all its rows are
    /// closed. A row sees the same spheres in the same order whatever the band split, so the
    /// picture stays the same for every thread count.
    static func drawSpheres(_ list: Range<Int>, rows: Range<Int>, _ ctx: BandContext) {
        let count = rows.count
        if count == 0 || list.isEmpty { return }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { spent in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: count + 1) { next in
                // next[i]: an open row >= i, or a row closer to one (count: past the band).
                for i in 0..<count {
                    spent[i] = 0
                    next[i] = Int32(i)
                }
                next[count] = Int32(count)
                func open(_ from: Int) -> Int {
                    var i = from
                    while Int(next[i]) != i {
                        let skip = Int(next[Int(next[i])])
                        next[i] = Int32(skip)
                        i = skip
                    }
                    return i
                }
                var openRows = count
                let y0 = rows.lowerBound
                let y1 = rows.upperBound - 1
                for k in list {
                    if openRows == 0 { return }
                    if let cancel = ctx.cancel, k & 31 == 0, cancel.check() { return }
                    let s = ctx.spheres[ctx.sphereBins.map { Int($0[k]) } ?? k]
                    var lo = Int.max
                    var hi = Int.min
                    if s.minY <= s.maxY && s.minX <= s.maxX {
                        lo = Int(s.minY)
                        hi = Int(s.maxY)
                    }
                    if s.centerY >= 0 {
                        lo = min(lo, Int(s.centerY))
                        hi = max(hi, Int(s.centerY))
                    }
                    lo = max(lo, y0)
                    hi = min(hi, y1)
                    if lo > hi { continue }
                    let shade = ctx.shades[Int(s.material)]
                    var i = open(lo - y0)
                    while i <= hi - y0 {
                        spent[i] += sphereRow(s, y: y0 + i, shade: shade, ctx)
                        if spent[i] >= ctx.sphereRowBudget {
                            next[i] = Int32(i + 1)
                            openRows -= 1
                        }
                        i = open(i + 1)
                    }
                }
            }
        }
    }

    /// One row of a sphere impostor: the pixels of its bounds in row `y`, and the pixel
    /// holding the projected centre (always drawn when it wins the depth test, so a
    /// sub-pixel sphere stays visible). Returns the number of pixels examined.
    @inline(__always)
    static func sphereRow(_ s: SphereSetup, y: Int, shade: ShadeParams, _ ctx: BandContext) -> Int {
        var examined = 0
        let inBox = s.minX <= s.maxX && y >= Int(s.minY) && y <= Int(s.maxY)
        if inBox {
            for x in Int(s.minX)...Int(s.maxX) {
                spherePixel(s, x: x, y: y, isCentre: x == Int(s.centerX) && y == Int(s.centerY), shade: shade, ctx)
            }
            examined = Int(s.maxX - s.minX) + 1
        }
        let cx = s.centerX
        if cx >= 0, y == Int(s.centerY), !(inBox && cx >= s.minX && cx <= s.maxX) {
            spherePixel(s, x: Int(cx), y: y, isCentre: true, shade: shade, ctx)
            examined += 1
        }
        return examined
    }
}
