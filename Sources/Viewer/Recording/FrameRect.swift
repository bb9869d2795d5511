/// A rectangle of a frame, in pixels from the top-left: what changed between two frames
/// of a recording, and so what a GIF or APNG frame needs to hold.
struct FrameRect: Equatable {
    var x: Int
    var y: Int
    var w: Int
    var h: Int

    /// The smallest rectangle holding every pixel of `rgb` that differs from `before`
    /// (both `width` x `height` x 3 bytes), or nil when none does.
    static func changed(_ rgb: [UInt8], from before: [UInt8], width: Int, height: Int) -> FrameRect? {
        var x0 = width
        var x1 = -1
        var y0 = height
        var y1 = -1
        let rowBytes = width * 3
        guard rgb.count == before.count, rgb.count == rowBytes * height else {
            return FrameRect(x: 0, y: 0, w: width, h: height)
        }
        rgb.withUnsafeBufferPointer { a in
            before.withUnsafeBufferPointer { b in
                for y in 0..<height {
                    let row = y * rowBytes
                    var first = -1
                    for i in 0..<rowBytes where a[row + i] != b[row + i] {
                        first = i / 3
                        break
                    }
                    if first < 0 { continue }
                    var last = first
                    var i = rowBytes - 1
                    while i >= first * 3 {
                        if a[row + i] != b[row + i] {
                            last = i / 3
                            break
                        }
                        i -= 1
                    }
                    x0 = min(x0, first)
                    x1 = max(x1, last)
                    y0 = min(y0, y)
                    y1 = y
                }
            }
        }
        return x1 < 0 ? nil : FrameRect(x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1)
    }

    /// Replaces `out` with this rectangle of `rgb` (a frame `width` pixels across), row
    /// after row, 3 bytes per pixel.
    func copy(from rgb: [UInt8], width: Int, into out: inout [UInt8]) {
        let count = w * h * 3
        if out.count != count { out = [UInt8](repeating: 0, count: count) }
        rgb.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                guard let s = src.baseAddress, let d = dst.baseAddress else { return }
                for row in 0..<h {
                    (d + row * w * 3).update(from: s + ((y + row) * width + x) * 3, count: w * 3)
                }
            }
        }
    }
}
