/// Byte builders for the per-cell sequences (cursor moves, SGR colours, UTF-8 glyphs).
/// They are `@inlinable` so the cell writer's inner loop does not pay a call per byte.
extension ANSI {
    /// Appends the decimal digits of a non-negative `value` (negative values write 0).
    @inlinable
    public static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        var v = max(0, value)
        if v >= 1000 {
            // Cursor positions on huge screens and graphics sizes: the simple path.
            bytes.append(contentsOf: String(v).utf8)
            return
        }
        if v >= 100 {
            bytes.append(UInt8(48 + v / 100))
            v %= 100
            bytes.append(UInt8(48 + v / 10))
            bytes.append(UInt8(48 + v % 10))
        } else if v >= 10 {
            bytes.append(UInt8(48 + v / 10))
            bytes.append(UInt8(48 + v % 10))
        } else {
            bytes.append(UInt8(48 + v))
        }
    }

    /// Appends CUP to `row`, `column` (0-based), omitting the column when it is the first.
    @inlinable
    public static func appendMove(row: Int, column: Int, to bytes: inout [UInt8]) {
        bytes.append(esc)
        bytes.append(bracket)
        appendDecimal(row + 1, to: &bytes)
        if column > 0 {
            bytes.append(0x3B)
            appendDecimal(column + 1, to: &bytes)
        }
        bytes.append(0x48)  // H
    }

    /// Appends CUF: the cursor `count` (>= 1) columns forward, `ESC [ C` for one.
    @inlinable
    public static func appendForward(_ count: Int, to bytes: inout [UInt8]) {
        bytes.append(esc)
        bytes.append(bracket)
        if count > 1 { appendDecimal(count, to: &bytes) }
        bytes.append(0x43)  // C
    }

    /// The length in bytes of `appendForward(count)`.
    @inlinable
    public static func forwardLength(_ count: Int) -> Int {
        count == 1 ? 3 : count < 10 ? 4 : count < 100 ? 5 : 6
    }

    /// Appends the UTF-8 encoding of a scalar.
    @inlinable
    public static func appendGlyph(_ s: Unicode.Scalar, to bytes: inout [UInt8]) {
        let v = s.value
        if v < 0x80 {
            bytes.append(UInt8(v))
        } else if v < 0x800 {
            bytes.append(UInt8(0xC0 | v >> 6))
            bytes.append(UInt8(0x80 | v & 0x3F))
        } else if v < 0x10000 {
            bytes.append(UInt8(0xE0 | v >> 12))
            bytes.append(UInt8(0x80 | v >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | v & 0x3F))
        } else {
            bytes.append(UInt8(0xF0 | v >> 18))
            bytes.append(UInt8(0x80 | v >> 12 & 0x3F))
            bytes.append(UInt8(0x80 | v >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | v & 0x3F))
        }
    }

    /// UTF-8 length of a scalar.
    @inlinable
    public static func utf8Length(_ s: Unicode.Scalar) -> Int {
        let v = s.value
        return v < 0x80 ? 1 : v < 0x800 ? 2 : v < 0x10000 ? 3 : 4
    }
}
