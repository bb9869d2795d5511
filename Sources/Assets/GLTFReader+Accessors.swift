import Foundation
import Math3D

extension GLTFReader {
    /// Buffer `index`'s bytes (at least its declared `byteLength`).
    mutating func buffer(_ index: Int) throws(AssetError) -> [UInt8] {
        if let b = buffers[index] { return b }
        let all = doc.buffers ?? []
        guard index >= 0, index < all.count else {
            throw AssetError(file: name, "buffer index \(index) out of range (\(all.count) buffers)")
        }
        let declared = all[index].byteLength
        guard declared >= 0, declared <= AssetLimits.maxFileBytes else {
            throw AssetError(
                file: name,
                "buffer \(index) declares \(declared) bytes, beyond the "
                    + "\(AssetLimits.maxFileBytes / 1_048_576) MB limit"
            )
        }
        let bytes: [UInt8]
        if let uri = all[index].uri {
            if uri.hasPrefix("data:") {
                bytes = try dataURI(uri, what: "buffer \(index)")
            } else {
                let path = uri.removingPercentEncoding ?? uri
                do throws(AssetError) {
                    let relative = try context.access.relativePath(
                        of: path, in: context.access.base, from: name, what: "buffer")
                    if let known = bufferFiles[relative] {
                        bytes = known
                    } else {
                        bytes = try context.access.read(relative: relative, from: name, what: "buffer")
                        try context.budget.read(bytes.count, file: relative)
                        bufferFiles[relative] = bytes
                    }
                } catch {
                    throw error.within(file: name, "buffer \(index)")
                }
            }
        } else if index == 0, let chunk = binaryChunk {
            bytes = chunk
        } else {
            throw AssetError(file: name, "buffer \(index) has no uri and there is no GLB binary chunk")
        }
        guard bytes.count >= declared else {
            throw AssetError(file: name, "buffer \(index) declares \(declared) bytes but holds \(bytes.count)")
        }
        buffers[index] = bytes
        return bytes
    }

    /// Buffer view `index`: its buffer's bytes, first byte, length and stride.
    mutating func bufferView(_ index: Int) throws(AssetError) -> (bytes: [UInt8], start: Int, length: Int, stride: Int?)
    {
        let all = doc.bufferViews ?? []
        guard index >= 0, index < all.count else {
            throw AssetError(file: name, "bufferView index \(index) out of range (\(all.count) views)")
        }
        let v = all[index]
        if let meshopt = v.extensions?.meshopt {
            let decoded = try decodeMeshopt(meshopt, view: index)
            guard v.byteLength >= 0, v.byteLength <= decoded.count else {
                throw AssetError(
                    file: name,
                    "bufferView \(index): \(v.byteLength) bytes but its meshopt data decodes to \(decoded.count)")
            }
            return (decoded, 0, v.byteLength, v.byteStride)
        }
        let bytes = try buffer(v.buffer)
        let start = v.byteOffset ?? 0
        let limit = min(bytes.count, doc.buffers?[v.buffer].byteLength ?? bytes.count)
        guard start >= 0, v.byteLength >= 0, start <= limit, v.byteLength <= limit - start else {
            throw AssetError(
                file: name,
                "bufferView \(index) (offset \(start), \(v.byteLength) bytes) lies outside buffer "
                    + "\(v.buffer) of \(limit) bytes"
            )
        }
        if let s = v.byteStride, s < 4 || s > 252 || s % 4 != 0 {
            throw AssetError(file: name, "bufferView \(index): byteStride \(s) is not a multiple of 4 in 4...252")
        }
        return (bytes, start, v.byteLength, v.byteStride)
    }

    /// Bytes per component of a glTF componentType, or nil when it is not one.
    static func componentSize(_ type: Int) -> Int? {
        switch type {
        case 5120, 5121: return 1
        case 5122, 5123: return 2
        case 5125, 5126: return 4
        default: return nil
        }
    }

    /// Components per element of an accessor type.
    static func componentCount(_ type: String) -> Int? {
        ["SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4, "MAT4": 16][type]
    }

    /// Accessor `index` read as floats, `count * components` values.
    /// - Parameters:
    ///   - type: the accessor type required ("VEC3").
    ///   - componentTypes: the component types allowed.
    ///   - what: what the accessor holds, for messages.
    mutating func floats(_ index: Int, type: String, componentTypes: Set<Int>, what: String) throws(AssetError) -> (
        values: [Float], count: Int
    ) {
        let all = doc.accessors ?? []
        guard index >= 0, index < all.count else {
            throw AssetError(file: name, "accessor index \(index) out of range (\(all.count) accessors)")
        }
        let a = all[index]
        guard a.type == type else {
            throw AssetError(
                file: name, "accessor \(index) (\(what)) has type \(AssetError.oneLine(a.type)), expected \(type)")
        }
        if let decoded = decodedAccessors[index] { return decoded }
        guard componentTypes.contains(a.componentType), GLTFReader.componentSize(a.componentType) != nil,
            let components = GLTFReader.componentCount(a.type)
        else {
            throw AssetError(
                file: name,
                "accessor \(index) (\(what)) has componentType \(a.componentType), expected one of "
                    + "\(componentTypes.sorted())"
            )
        }
        guard a.count >= 1, a.count <= AssetLimits.maxVertices else {
            throw AssetError(
                file: name, "accessor \(index) (\(what)) count \(a.count) is not in 1...\(AssetLimits.maxVertices)")
        }
        var values: [Float]
        if let viewIndex = a.bufferView {
            values = try elements(
                view: viewIndex, offset: a.byteOffset ?? 0, count: a.count, components: components,
                componentType: a.componentType, normalized: a.normalized ?? false, accessor: index, what: what)
        } else {
            // Without a buffer view the elements are zeros, replaced by sparse values: a count
            // taken on trust, so only allowed with sparse data that pays for it.
            guard a.sparse != nil else {
                throw AssetError(file: name, "accessor \(index) (\(what)) has no bufferView and no sparse values")
            }
            values = [Float](repeating: 0, count: a.count * components)
        }
        if let sparse = a.sparse {
            try substitute(sparse, into: &values, accessor: a, components: components, index: index, what: what)
        }
        if let bad = values.firstIndex(where: { !$0.isFinite }) {
            throw AssetError(file: name, "accessor \(index) (\(what)): element \(bad / components) is not finite")
        }
        return (values, a.count)
    }

    /// Accessor `index` read as vertex indices, each checked against `vertexCount`.
    mutating func indices(_ index: Int, vertexCount: Int) throws(AssetError) -> [UInt32] {
        let (values, _) = try floats(index, type: "SCALAR", componentTypes: [5121, 5123, 5125], what: "indices")
        var result = [UInt32](repeating: 0, count: values.count)
        for (k, v) in values.enumerated() {
            guard v < Float(vertexCount) else {
                throw AssetError(
                    file: name, "accessor \(index): index \(Int(v)) out of range (\(vertexCount) vertices)")
            }
            result[k] = UInt32(v)
        }
        return result
    }

    /// `count` elements of `components` components of `componentType` read from buffer
    /// view `view` at `offset`, as floats (normalized integers scaled to 0...1 or -1...1).
    mutating func elements(
        view viewIndex: Int, offset: Int, count: Int, components: Int, componentType: Int,
        normalized: Bool, accessor index: Int, what: String
    ) throws(AssetError) -> [Float] {
        guard let size = GLTFReader.componentSize(componentType) else {
            throw AssetError(file: name, "accessor \(index) (\(what)) has componentType \(componentType)")
        }
        let (bytes, start, length, stride) = try bufferView(viewIndex)
        let element = size * components
        let step = stride ?? element
        guard step >= element else {
            throw AssetError(
                file: name,
                "accessor \(index) (\(what)): byteStride \(step) is smaller than an element (\(element) bytes)")
        }
        guard offset >= 0, offset <= length, count >= 1, (count - 1) * step + element <= length - offset else {
            throw AssetError(
                file: name,
                "accessor \(index) (\(what)): \(count) elements from offset \(offset) overrun "
                    + "bufferView \(viewIndex) of \(length) bytes"
            )
        }
        var values = [Float](repeating: 0, count: count * components)
        bytes.withUnsafeBytes { raw in
            for e in 0..<count {
                let base = start + offset + e * step
                for k in 0..<components {
                    let p = base + k * size
                    let v: Float
                    switch componentType {
                    case 5126: v = Float(bitPattern: raw.loadUnaligned(fromByteOffset: p, as: UInt32.self).littleEndian)
                    case 5121: v = normalized ? Float(raw[p]) / 255 : Float(raw[p])
                    case 5120:
                        v =
                            normalized
                            ? max(Float(Int8(bitPattern: raw[p])) / 127, -1) : Float(Int8(bitPattern: raw[p]))
                    case 5123:
                        let u = raw.loadUnaligned(fromByteOffset: p, as: UInt16.self).littleEndian
                        v = normalized ? Float(u) / 65535 : Float(u)
                    case 5122:
                        let s = Int16(bitPattern: raw.loadUnaligned(fromByteOffset: p, as: UInt16.self).littleEndian)
                        v = normalized ? max(Float(s) / 32767, -1) : Float(s)
                    default: v = Float(raw.loadUnaligned(fromByteOffset: p, as: UInt32.self).littleEndian)
                    }
                    values[e * components + k] = v
                }
            }
        }
        return values
    }

    /// Replaces the elements a sparse accessor names (glTF 2.0, 3.6.2.3): `count` indices,
    /// strictly increasing and below the accessor's count, and as many tightly packed values.
    mutating func substitute(
        _ sparse: GLTFDocument.Sparse, into values: inout [Float], accessor a: GLTFDocument.Accessor,
        components: Int, index: Int, what: String
    ) throws(AssetError) {
        guard sparse.count >= 1, sparse.count <= a.count else {
            throw AssetError(
                file: name, "accessor \(index) (\(what)): sparse count \(sparse.count) is not in 1...\(a.count)")
        }
        guard [5121, 5123, 5125].contains(sparse.indices.componentType) else {
            throw AssetError(
                file: name,
                "accessor \(index) (\(what)): sparse indices of componentType \(sparse.indices.componentType)")
        }
        let at = try elements(
            view: sparse.indices.bufferView, offset: sparse.indices.byteOffset ?? 0, count: sparse.count, components: 1,
            componentType: sparse.indices.componentType, normalized: false, accessor: index,
            what: "\(what) sparse indices")
        let replacement = try elements(
            view: sparse.values.bufferView, offset: sparse.values.byteOffset ?? 0, count: sparse.count,
            components: components, componentType: a.componentType, normalized: a.normalized ?? false,
            accessor: index, what: "\(what) sparse values")
        var previous = -1
        for (k, f) in at.enumerated() {
            let i = Int(f)
            guard i > previous, i < a.count else {
                throw AssetError(
                    file: name,
                    "accessor \(index) (\(what)): sparse index \(i) is out of order or out of range "
                        + "(\(a.count) elements)"
                )
            }
            previous = i
            for c in 0..<components { values[i * components + c] = replacement[k * components + c] }
        }
    }
}
