import CMeshopt

extension GLTFReader {
    /// Buffer view `view`'s bytes decoded from its `EXT_meshopt_compression` data
    /// (meshoptimizer's decoders: `ATTRIBUTES`, `TRIANGLES`, `INDICES`, then the `OCTAHEDRAL`,
    /// `QUATERNION` or `EXPONENTIAL` filter), cached. Sizes and strides are checked before
    /// the library sees them, the output is held to the file-size limit, and data that does
    /// not decode is an error naming the view.
    mutating func decodeMeshopt(_ m: GLTFDocument.Meshopt, view: Int) throws(AssetError) -> [UInt8] {
        if let known = decodedViews[view] { return known }
        let what = "bufferView \(view) (EXT_meshopt_compression)"
        let stride = m.byteStride
        let strideFits: Bool
        switch m.mode {
        case "ATTRIBUTES": strideFits = stride >= 4 && stride <= 256 && stride % 4 == 0
        case "TRIANGLES": strideFits = (stride == 2 || stride == 4) && m.count % 3 == 0
        case "INDICES": strideFits = stride == 2 || stride == 4
        default: throw AssetError(file: name, "\(what): mode \(AssetError.oneLine(m.mode)) is not known")
        }
        let filter = m.filter ?? "NONE"
        let filterFits: Bool
        switch filter {
        case "NONE": filterFits = true
        case "OCTAHEDRAL": filterFits = m.mode == "ATTRIBUTES" && (stride == 4 || stride == 8)
        case "QUATERNION": filterFits = m.mode == "ATTRIBUTES" && stride == 8
        case "EXPONENTIAL": filterFits = m.mode == "ATTRIBUTES" && stride % 4 == 0
        default: throw AssetError(file: name, "\(what): filter \(AssetError.oneLine(filter)) is not known")
        }
        guard strideFits, filterFits else {
            throw AssetError(
                file: name, "\(what): byteStride \(stride) does not fit mode \(m.mode) and filter \(filter)")
        }
        let (size, overflow) = m.count.multipliedReportingOverflow(by: stride)
        guard m.count >= 0, !overflow, size <= AssetLimits.maxFileBytes else {
            throw AssetError(file: name, "\(what): \(m.count) elements of \(stride) bytes is too large")
        }
        // Decoded bytes count against the load's budget like bytes read from files.
        try context.budget.read(size, file: name)
        let source = try buffer(m.buffer)
        let start = m.byteOffset ?? 0
        guard start >= 0, m.byteLength >= 0, start <= source.count, m.byteLength <= source.count - start else {
            throw AssetError(
                file: name, "\(what): \(m.byteLength) bytes from offset \(start) lie outside buffer \(m.buffer)")
        }
        var out = [UInt8](repeating: 0, count: size)
        let status = source.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBytes { dst -> Int32 in
                let input = src.baseAddress.map { $0 + start }
                switch m.mode {
                case "ATTRIBUTES":
                    return orbit_meshopt_decode_vertices(dst.baseAddress, m.count, stride, input, m.byteLength)
                case "TRIANGLES":
                    return orbit_meshopt_decode_triangles(dst.baseAddress, m.count, stride, input, m.byteLength)
                default: return orbit_meshopt_decode_indices(dst.baseAddress, m.count, stride, input, m.byteLength)
                }
            }
        }
        guard status == 0 else { throw AssetError(file: name, "\(what): data does not decode (\(status))") }
        out.withUnsafeMutableBytes { p in
            switch filter {
            case "OCTAHEDRAL": orbit_meshopt_decode_filter_octahedral(p.baseAddress, m.count, stride)
            case "QUATERNION": orbit_meshopt_decode_filter_quaternion(p.baseAddress, m.count, stride)
            case "EXPONENTIAL": orbit_meshopt_decode_filter_exponential(p.baseAddress, m.count, stride)
            default: break
            }
        }
        decodedViews[view] = out
        return out
    }
}
