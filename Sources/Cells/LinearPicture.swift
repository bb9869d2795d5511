import SceneGraph

/// A linear-light picture, for the perceived metrics.
struct LinearPicture {
    let width: Int
    let height: Int
    var pixels: [SIMD3<Float>]

    /// The picture blurred by a (2 `radiusX` + 1) x (2 `radiusY` + 1) box twice; at the edges
    /// the box averages only the pixels inside the picture.
    func blurred(radiusX: Int, radiusY: Int) -> LinearPicture {
        var p = self
        for _ in 0..<2 {
            p = p.boxed(radius: radiusX, horizontal: true)
            p = p.boxed(radius: radiusY, horizontal: false)
        }
        return p
    }

    /// One pass of a running-sum box blur along rows (`horizontal`) or columns.
    private func boxed(radius: Int, horizontal: Bool) -> LinearPicture {
        let lines = horizontal ? height : width
        let length = horizontal ? width : height
        var out = pixels
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for line in 0..<lines {
                    let index: (Int) -> Int = horizontal ? { line * width + $0 } : { $0 * width + line }
                    var sum = SIMD3<Float>.zero
                    var lo = 0
                    var hi = -1
                    for k in 0..<length {
                        while hi < min(length - 1, k + radius) {
                            hi += 1
                            sum += src[index(hi)]
                        }
                        while lo < k - radius {
                            sum -= src[index(lo)]
                            lo += 1
                        }
                        dst[index(k)] = sum / Float(hi - lo + 1)
                    }
                }
            }
        }
        return LinearPicture(width: width, height: height, pixels: out)
    }
}
