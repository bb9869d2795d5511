extension PLYValues {
    /// The faces of a binary file whose face records are one list of an 8-bit count and
    /// 32-bit indices (as nearly every scanner and exporter writes them), read without the
    /// per-value path: each polygon fanned into `indices`.
    /// - Returns: false, reading nothing, when the file is ASCII.
    /// - Throws: `AssetError` as the per-value path would: truncated data, an index out
    ///   of range, too many corners or triangles.
    mutating func binaryFaces(
        _ records: Int, signed: Bool, vertexCount: Int, maxCorners: Int, into indices: inout [UInt32]
    ) throws(AssetError) -> Bool {
        guard case .binary(let bigEndian) = encoding else { return false }
        var at = offset
        var problem: String?
        bytes.withUnsafeBytes { raw in
            var corners = [UInt32](repeating: 0, count: maxCorners)
            for _ in 0..<records {
                guard at < raw.count else {
                    problem = "file ends inside the PLY data (truncated)"
                    return
                }
                let n = Int(raw[at])
                at += 1
                guard n <= maxCorners, at + 4 * n <= raw.count else {
                    problem =
                        n > maxCorners
                        ? "face list of \(n) entries (expected a whole number from 0 to \(maxCorners))"
                        : "file ends inside the PLY data (truncated)"
                    return
                }
                for k in 0..<n {
                    let word = raw.loadUnaligned(fromByteOffset: at + 4 * k, as: UInt32.self)
                    let v = bigEndian ? UInt32(bigEndian: word) : UInt32(littleEndian: word)
                    let value = signed ? Int(Int32(bitPattern: v)) : Int(v)
                    guard value >= 0, value < vertexCount else {
                        problem = "face vertex index \(value) out of range (\(vertexCount) vertices)"
                        return
                    }
                    corners[k] = UInt32(value)
                }
                at += 4 * n
                guard n >= 3 else { continue }
                guard indices.count / 3 + n - 2 <= AssetLimits.maxTriangles else {
                    problem = "more than \(AssetLimits.maxTriangles) triangles"
                    return
                }
                for c in 1..<(n - 1) {
                    indices.append(corners[0])
                    indices.append(corners[c])
                    indices.append(corners[c + 1])
                }
            }
        }
        if let problem { throw AssetError(file: name, problem) }
        offset = at
        return true
    }
}
