import Escapes

extension SixelEncoder {
    /// The working storage of one strip of sixel bands.
    struct BandScratch: Sendable {
        /// Per colour and column: the colour's pixels in the band (bit 0 the top row).
        private var masks: [UInt8] = []
        /// Per column: the band's pixels of any colour (each pixel is in exactly one colour's mask).
        private var occupied: [UInt8] = []
        /// Per column: the pixels of the colours already painted in the band. A colour may set
        /// its own pixels and those of the colours painted after it: `occupied & ~painted`.
        private var painted: [UInt8] = []
        private var firstColumn: [Int] = []
        private var lastColumn: [Int] = []
        private var population: [Int] = []
        private var used: [Int] = []

        /// Grows the storage for `colors` colours of `width` columns (never shrinks it).
        mutating func prepare(colors: Int, width: Int) {
            if masks.count < colors * width { masks = [UInt8](repeating: 0, count: colors * width) }
            if occupied.count < width {
                occupied = [UInt8](repeating: 0, count: width)
                painted = occupied
            }
            if firstColumn.count < colors {
                firstColumn = [Int](repeating: Int.max, count: colors)
                lastColumn = [Int](repeating: -1, count: colors)
                population = [Int](repeating: 0, count: colors)
            }
            used.reserveCapacity(colors)
        }

        /// Appends the bands starting at the rows of `bands` (a multiple of 6 apart, from a
        /// multiple of 6), each followed by `-` unless it is the image's last.
        mutating func encode(
            indices: [UInt8], width: Int, height: Int, bands: Range<Int>, colors: Int, transparentIndex: Int?,
            into bytes: inout [UInt8]
        ) {
            var band = bands.lowerBound
            while band < bands.upperBound {
                let rowsInBand = min(6, height - band)
                // Pinned: a store into a member array checks its uniqueness every time.
                indices.withUnsafeBufferPointer { idx in
                    masks.withUnsafeMutableBufferPointer { m in
                        occupied.withUnsafeMutableBufferPointer { o in
                            firstColumn.withUnsafeMutableBufferPointer { first in
                                lastColumn.withUnsafeMutableBufferPointer { last in
                                    population.withUnsafeMutableBufferPointer { count in
                                        for r in 0..<rowsInBand {
                                            let bit = UInt8(1) << UInt8(r)
                                            let row = (band + r) * width
                                            for x in 0..<width {
                                                let c = Int(idx[row + x])
                                                if c == transparentIndex || c >= colors { continue }
                                                if first[c] == Int.max { used.append(c) }
                                                if x < first[c] { first[c] = x }
                                                if x > last[c] { last[c] = x }
                                                count[c] += 1
                                                m[c * width + x] |= bit
                                                o[x] |= bit
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
                // Commonest first.
                used.sort { population[$0] != population[$1] ? population[$0] > population[$1] : $0 < $1 }
                for (i, c) in used.enumerated() {
                    bytes.append(0x23)
                    ANSI.appendDecimal(c, to: &bytes)
                    let first = firstColumn[c]
                    let last = lastColumn[c]
                    if first > 0 { SixelEncoder.appendRun(0, count: first, to: &bytes) }
                    masks.withUnsafeMutableBufferPointer { m in
                        occupied.withUnsafeBufferPointer { o in
                            painted.withUnsafeMutableBufferPointer { p in
                                SixelEncoder.appendRuns(
                                    must: m.baseAddress! + c * width, occupied: o.baseAddress!,
                                    painted: p.baseAddress!, first...last, to: &bytes)
                                for k in first...last {
                                    p[k] |= m[c * width + k]
                                    m[c * width + k] = 0
                                }
                            }
                        }
                    }
                    firstColumn[c] = Int.max
                    lastColumn[c] = -1
                    population[c] = 0
                    if i + 1 < used.count { bytes.append(0x24) }  // $
                }
                for k in 0..<width {
                    occupied[k] = 0
                    painted[k] = 0
                }
                used.removeAll(keepingCapacity: true)
                band += 6
                if band < height { bytes.append(0x2D) }  // -
            }
        }
    }
}
