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
}
