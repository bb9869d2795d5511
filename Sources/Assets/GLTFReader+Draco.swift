import CDraco

extension GLTFReader {
    /// Decodes a primitive's `KHR_draco_mesh_compression` bitstream (libdraco) and records
    /// its attributes and indices as the values of the primitive's accessors
    /// (`decodedAccessors`), which the usual reading then takes. The decoded mesh must have
    /// as many points as the accessors say, and is held to the vertex and triangle limits.
    mutating func decodeDraco(
        _ draco: GLTFDocument.Draco, primitive: GLTFDocument.Primitive, what: String
    ) throws(AssetError) {
        let (bytes, start, length, _) = try bufferView(draco.bufferView)
        var message = [CChar](repeating: 0, count: 256)
        let decoded = bytes.withUnsafeBufferPointer { p in
            orbit_draco_decode(p.baseAddress.map { $0 + start }, length, &message, message.count)
        }
        guard let mesh = decoded else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw AssetError(file: name, "\(what): Draco data does not decode (\(AssetError.oneLine(reason)))")
        }
        defer { orbit_draco_free(mesh) }
        let points = Int(orbit_draco_points(mesh))
        let faces = Int(orbit_draco_faces(mesh))
        guard points >= 1, points <= AssetLimits.maxVertices, faces <= AssetLimits.maxTriangles else {
            throw AssetError(
                file: name, "\(what): Draco mesh of \(points) points and \(faces) triangles is out of bounds")
        }
        let accessors = doc.accessors ?? []
        try checkDracoCounts(primitive, points: points, faces: faces, what: what)
        for (semantic, id) in draco.attributes {
            guard let a = primitive.attributes[semantic], a >= 0, a < accessors.count else { continue }
            guard let components = GLTFReader.componentCount(accessors[a].type), components <= 4,
                accessors[a].count == points, let unique = UInt32(exactly: id)
            else {
                throw AssetError(
                    file: name, "\(what): Draco attribute \(AssetError.oneLine(semantic)) does not match accessor \(a)")
            }
            let decodedComponents = Int(orbit_draco_attribute_components(mesh, unique))
            guard decodedComponents >= components else {
                throw AssetError(
                    file: name,
                    "\(what): Draco attribute \(AssetError.oneLine(semantic)) has \(decodedComponents) components, "
                        + "accessor \(a) declares \(components)")
            }
            var values = [Float](repeating: 0, count: points * components)
            let status = values.withUnsafeMutableBufferPointer {
                orbit_draco_attribute(mesh, unique, Int32(components), $0.baseAddress)
            }
            guard status == 0 else {
                throw AssetError(file: name, "\(what): Draco data has no attribute \(id) for \(semantic)")
            }
            guard values.allSatisfy(\.isFinite) else {
                throw AssetError(file: name, "\(what): Draco attribute \(semantic) is not finite")
            }
            decodedAccessors[a] = (values, points)
        }
        if let i = primitive.indices {
            var list = [UInt32](repeating: 0, count: faces * 3)
            list.withUnsafeMutableBufferPointer { orbit_draco_indices(mesh, $0.baseAddress) }
            decodedAccessors[i] = (list.map { Float($0) }, list.count)
        }
    }

    /// Refuses a Draco primitive whose accessors declare other sizes than the decoded mesh
    /// has: the index accessor other than 3 indices per decoded triangle (a SCALAR), the
    /// position accessor other than the decoded point count. The decoded values then
    /// replace exactly what the accessors declare, and nothing is read past them.
    func checkDracoCounts(_ primitive: GLTFDocument.Primitive, points: Int, faces: Int, what: String)
        throws(AssetError)
    {
        let accessors = doc.accessors ?? []
        if let i = primitive.indices {
            guard i >= 0, i < accessors.count else {
                throw AssetError(file: name, "\(what): index accessor \(i) out of range (\(accessors.count) accessors)")
            }
            guard accessors[i].type == "SCALAR", accessors[i].count == faces * 3 else {
                throw AssetError(
                    file: name,
                    "\(what): accessor \(i) declares \(accessors[i].count) indices, Draco data has \(faces * 3)")
            }
        }
        if let p = primitive.attributes["POSITION"], p >= 0, p < accessors.count, accessors[p].count != points {
            throw AssetError(
                file: name, "\(what): accessor \(p) declares \(accessors[p].count) positions, Draco data has \(points)")
        }
    }
}
