import Foundation

/// Line and token scanning over the bytes of a text file (OBJ, MTL, ASCII STL), with a
/// locale-independent number parser (`strtod` would follow `LC_NUMERIC`, which the viewer
/// sets for ncurses).
enum TextScanner {
    /// Calls `body` with each line's 1-based number and its text (see `line(in:at:joinContinuations:)`).
    static func forEachLine(
        _ bytes: [UInt8], _ body: (_ line: Int, _ text: ArraySlice<UInt8>) throws(AssetError) -> Void
    ) throws(AssetError) {
        var i = 0
        var number = 1
        while i < bytes.count {
            let logical = line(in: bytes, at: i)
            try body(number, logical.text)
            number += logical.lines
            i = logical.next
        }
    }

    /// The line starting at `bytes[start]` (`start < bytes.count`): its text without the line
    /// break (LF, CRLF or CR) and trailing blanks, the number of physical lines it spans and
    /// the index after its last line break. When `joinContinuations` is true, a line ending
    /// in `\` is joined with the next one (OBJ's continuation), the mark replaced by a space;
    /// a continued last line keeps that space. A plain line's text is a slice of `bytes`;
    /// only a joined line is a copy.
    static func line(in bytes: [UInt8], at start: Int, joinContinuations: Bool = false)
        -> (text: ArraySlice<UInt8>, lines: Int, next: Int)
    {
        bytes.withUnsafeBufferPointer { b in
            let n = b.count
            var joined: [UInt8] = []
            var lines = 0
            var i = start
            while true {
                var end = i
                while end < n, b[end] != 10, b[end] != 13 { end += 1 }
                var next = end
                if next < n {
                    next += 1
                    if b[end] == 13, next < n, b[next] == 10 { next += 1 }
                }
                // Trailing blanks do not hide a continuation mark.
                var textEnd = end
                while textEnd > i, b[textEnd - 1] == 32 || b[textEnd - 1] == 9 { textEnd -= 1 }
                lines += 1
                guard joinContinuations, textEnd > i, b[textEnd - 1] == 92 else {
                    if lines == 1 { return (bytes[i..<textEnd], 1, next) }
                    joined.append(contentsOf: UnsafeBufferPointer(rebasing: b[i..<textEnd]))
                    return (joined[...], lines, next)
                }
                joined.append(contentsOf: UnsafeBufferPointer(rebasing: b[i..<(textEnd - 1)]))
                joined.append(32)
                if next >= n { return (joined[...], lines, next) }
                i = next
            }
        }
    }

    /// True for space, tab, vertical tab and form feed.
    @inline(__always) static func isSpace(_ b: UInt8) -> Bool { b == 32 || (b &- 9 < 4 && b != 10) }

    /// Splits `line` at whitespace; stops at `#` when `comments` is true.
    static func tokens(_ line: ArraySlice<UInt8>, comments: Bool = true) -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        tokens(line, into: &result, comments: comments)
        return result
    }

    /// Splits `line` at whitespace into `result` (emptied first, capacity kept, so a
    /// reader can reuse one array for every line).
    static func tokens(_ line: ArraySlice<UInt8>, into result: inout [ArraySlice<UInt8>], comments: Bool = true) {
        result.removeAll(keepingCapacity: true)
        var i = line.startIndex
        let end = line.endIndex
        while i < end {
            while i < end, isSpace(line[i]) { i += 1 }
            if i >= end || (comments && line[i] == 35) { break }
            let s = i
            while i < end, !isSpace(line[i]) { i += 1 }
            result.append(line[s..<i])
        }
    }

    /// The token as text for messages (at most 40 characters).
    static func text(_ token: ArraySlice<UInt8>) -> String {
        let s = String(decoding: token.prefix(40), as: UTF8.self)
        return token.count > 40 ? s + "..." : s
    }

    /// Parses a decimal floating-point number (`-1.5`, `.5`, `3e-2`), or nil when the token
    /// is not one or the value is not finite as a `Float` (NaN, infinities, overflow).
    static func float(_ token: ArraySlice<UInt8>) -> Float? {
        guard let d = double(token) else { return nil }
        return finiteFloat(d)
    }

    /// `d` narrowed to a `Float`, or nil when that is not finite (NaN, infinities, overflow).
    @inline(__always) static func finiteFloat(_ d: Double) -> Float? {
        let f = Float(d)
        return f.isFinite ? f : nil
    }

    /// Parses a decimal floating-point number as a `Double`, or nil when the token is not
    /// one or is not finite.
    static func double(_ token: ArraySlice<UInt8>) -> Double? {
        whole(token) { NumberScanner.double($0, 0, $1, NumberScanner.Checked.self) }
    }

    /// Parses a decimal integer with an optional sign, or nil (also when its magnitude
    /// exceeds 2^31).
    static func int(_ token: ArraySlice<UInt8>) -> Int? {
        whole(token) { NumberScanner.int($0, 0, $1, NumberScanner.Checked.self) }
    }

    /// What `scan` (given the token's bytes and count) reads when it reads the whole token;
    /// nil when it reads nothing or stops before the end.
    @inline(__always)
    private static func whole<T>(
        _ token: ArraySlice<UInt8>, _ scan: (UnsafePointer<UInt8>, Int) -> (value: T, next: Int)?
    ) -> T? {
        token.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress, let r = scan(base, b.count), r.next == b.count else { return nil }
            return r.value
        }
    }

    /// True when `token` equals the ASCII keyword `word`.
    @inline(__always) static func equals(_ token: ArraySlice<UInt8>, _ word: StaticString) -> Bool {
        guard token.count == word.utf8CodeUnitCount else { return false }
        return word.withUTF8Buffer { w in
            var j = 0
            for b in token {
                if b != w[j] { return false }
                j += 1
            }
            return true
        }
    }
}
