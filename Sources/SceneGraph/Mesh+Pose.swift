import Math3D

extension Mesh {
    /// A copy with new positions and normals (as many as this mesh has vertices) and the
    /// same texture coordinates, triangles and groups (shared, not copied): an animated
    /// pose of the mesh. Positions or normals of the wrong length keep this mesh's.
    public func replacingVertices(positions: [Vec3], normals: [Vec3]) -> Mesh {
        Mesh(
            trusted: name, positions: positions.count == vertexCount ? positions : self.positions,
            normals: normals.count == vertexCount ? normals : self.normals, uvs: uvs, indices: indices,
            groups: groups, primitive: primitive)
    }

    /// Rewrites this mesh's positions and normals in place (an animated pose): `body` gets
    /// both arrays as buffers of `vertexCount` elements, so their sizes cannot change, and
    /// the bounds are recomputed afterwards. Copy on write: the first call on a mesh whose
    /// storage other copies share copies the vertex arrays once; later calls on the same,
    /// unshared mesh write the same memory and allocate nothing.
    public mutating func withMutableVertices<R>(
        _ body: (UnsafeMutableBufferPointer<Vec3>, UnsafeMutableBufferPointer<Vec3>) throws -> R
    ) rethrows -> R {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        let s = storage
        let result = try s.positions.withUnsafeMutableBufferPointer { ps in
            try s.normals.withUnsafeMutableBufferPointer { ns in try body(ps, ns) }
        }
        s.bounds = Storage.bounds(of: s.positions)
        return result
    }

    /// The address of the first vertex position (nil for no vertices): two poses written
    /// to the same address reused the memory.
    public var positionsAddress: UnsafeRawPointer? {
        storage.positions.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    }
}
