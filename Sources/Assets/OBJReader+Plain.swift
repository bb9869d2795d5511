import Math3D

/// The OBJ statements that make up nearly all of a large file (`v`, `vt`, `vn`, `f`, comments
/// and blank lines), read straight from the file's bytes: no line copies, no token arrays.
/// A line in any other form (another keyword, a continuation, an unusual token, an error)
/// is left untouched to the token reader (`statement`), so the results and messages are
/// those of the token reader.
///
/// The bytes must end in a line break (`p[n - 1]` is LF or CR): every scan stops at the
/// line's break without checking `n`.
extension OBJReader.State {
    /// Reads the line at `p[start]` when it is a plain `v`, `vt`, `vn` or `f` statement, a
    /// comment or blank; returns the index after its line break, or nil (nothing read) to
    /// leave the line to `statement`.
    @inline(__always)
    mutating func plainStatement(_ p: UnsafePointer<UInt8>, _ start: Int, _ n: Int, line: Int) throws(AssetError)
        -> Int?
    {
        var i = start
        while TextScanner.isSpace(p[i]) { i &+= 1 }
        let keyword = p[i]
        if keyword == 10 || keyword == 13 || keyword == 35 { return Self.lineEnd(p, i, n) }
        let second = p[i &+ 1]
        if keyword == 118 {
            if TextScanner.isSpace(second) {
                i &+= 1
                guard let x = Self.number(p, &i, n), let y = Self.number(p, &i, n), let z = Self.number(p, &i, n),
                    let next = Self.lineEnd(p, i, n)
                else { return nil }
                positions.append(Vec3(x, y, z))
                return next
            }
            // `v` followed by a line break has no third byte to read.
            guard second != 10, second != 13, TextScanner.isSpace(p[i &+ 2]) else { return nil }
            i &+= 2
            if second == 110 {
                guard let x = Self.number(p, &i, n), let y = Self.number(p, &i, n), let z = Self.number(p, &i, n),
                    let next = Self.lineEnd(p, i, n)
                else { return nil }
                normals.append(Vec3(x, y, z))
                return next
            }
            if second == 116 {
                guard let u = Self.number(p, &i, n) else { return nil }
                // The second coordinate is optional (0).
                var v: Float = 0
                var j = i
                while TextScanner.isSpace(p[j]) { j &+= 1 }
                if p[j] != 10, p[j] != 13, p[j] != 35 {
                    guard let value = Self.number(p, &i, n) else { return nil }
                    v = value
                }
                guard let next = Self.lineEnd(p, i, n) else { return nil }
                uvs.append(Vec2(u, v))
                return next
            }
            return nil
        }
        i &+= 1
        guard keyword == 102, TextScanner.isSpace(second), plainCorners(p, &i, n, line: line),
            let next = Self.lineEnd(p, i, n)
        else { return nil }
        if rawCount == 3 {
            let a = rawCorners[0]
            let b = rawCorners[1]
            let c = rawCorners[2]
            try addTriangle(
                try vertex(Int(a.x), Int(a.y), Int(a.z), line: line),
                try vertex(Int(b.x), Int(b.y), Int(b.z), line: line),
                try vertex(Int(c.x), Int(c.y), Int(c.z), line: line), line: line)
        } else {
            corners.removeAll(keepingCapacity: true)
            for c in rawCorners[..<rawCount] { corners.append(try vertex(Int(c.x), Int(c.y), Int(c.z), line: line)) }
            try addFace(line: line)
        }
        return next
    }

    /// Reads the corners of a face (`v`, `v/vt`, `v//vn`, `v/vt/vn`) from `p[i]` up to the end
    /// of the line or a comment into `rawCorners[..<rawCount]`, resolved to 0-based indices
    /// (-1: none; also a normal index when the file has had no `vn` lines, see
    /// `namesMissingNormals`). False when a corner is in another form or out of range, or
    /// there are fewer than 3.
    @inline(__always)
    private mutating func plainCorners(_ p: UnsafePointer<UInt8>, _ i: inout Int, _ n: Int, line: Int) -> Bool {
        rawCount = 0
        var j = i
        let counts = (positions.count, uvs.count, normals.count)
        while true {
            while TextScanner.isSpace(p[j]) { j &+= 1 }
            if p[j] == 10 || p[j] == 13 || p[j] == 35 { break }
            guard let v = NumberScanner.int(p, j, n, NumberScanner.Unchecked.self),
                let position = Self.resolve(v.value, counts.0)
            else { return false }
            j = v.next
            var uv = -1
            var normal = -1
            if p[j] == 47 {
                j &+= 1
                if p[j] != 47, !Self.endsToken(p[j]) {
                    guard let t = NumberScanner.int(p, j, n, NumberScanner.Unchecked.self),
                        let r = Self.resolve(t.value, counts.1)
                    else { return false }
                    uv = r
                    j = t.next
                }
                if p[j] == 47 {
                    j &+= 1
                    if !Self.endsToken(p[j]) {
                        guard let m = NumberScanner.int(p, j, n, NumberScanner.Unchecked.self) else { return false }
                        if counts.2 == 0 {
                            // No `vn` lines: the normal is computed (one warning for the file).
                            namesMissingNormals = namesMissingNormals ?? line
                        } else {
                            guard let r = Self.resolve(m.value, counts.2) else { return false }
                            normal = r
                        }
                        j = m.next
                    }
                }
            }
            guard Self.endsToken(p[j]) else { return false }
            let corner = SIMD3(
                Int32(truncatingIfNeeded: position), Int32(truncatingIfNeeded: uv), Int32(truncatingIfNeeded: normal))
            if rawCount < rawCorners.count {
                rawCorners[rawCount] = corner
            } else {
                rawCorners.append(corner)
            }
            rawCount &+= 1
        }
        i = j
        return rawCount >= 3
    }

    /// True for a byte that ends a token: a blank or a line break.
    @inline(__always)
    private static func endsToken(_ b: UInt8) -> Bool { TextScanner.isSpace(b) || b == 10 || b == 13 }

    /// The number token after the blanks at `p[i]` (which follows a blank or ends a token),
    /// as a finite `Float`; `i` moves past it. Nil when there is none or the token is not
    /// just a number.
    @inline(__always)
    private static func number(_ p: UnsafePointer<UInt8>, _ i: inout Int, _ n: Int) -> Float? {
        var j = i
        while TextScanner.isSpace(p[j]) { j &+= 1 }
        guard
            let r = NumberScanner.plainDouble(p, j) ?? NumberScanner.double(p, j, n, NumberScanner.Unchecked.self),
            endsToken(p[r.next])
        else {
            return nil
        }
        guard let f = TextScanner.finiteFloat(r.value) else { return nil }
        i = r.next
        return f
    }

    /// The index after the line break of the line holding `p[start]`, or nil when the line
    /// ends in `\` (a continuation, joined by the token reader).
    @inline(__always)
    private static func lineEnd(_ p: UnsafePointer<UInt8>, _ start: Int, _ n: Int) -> Int? {
        var i = start
        var last: UInt8 = 0
        while true {
            let b = p[i]
            if b == 10 { return last == 92 ? nil : i &+ 1 }
            if b == 13 {
                if last == 92 { return nil }
                return i &+ 1 < n && p[i &+ 1] == 10 ? i &+ 2 : i &+ 1
            }
            if b != 32, b != 9 { last = b }
            i &+= 1
        }
    }
}
