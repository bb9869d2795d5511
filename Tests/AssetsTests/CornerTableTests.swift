import Testing

@testable import Assets

/// `CornerTable`: the vertex unification table of the OBJ and COLLADA readers.
@Suite struct CornerTableTests {
    @Test func everyCornerFindsItsVertexThroughGrowthAndOnlyItsOwn() {
        var table = CornerTable()
        var expected: [MeshBuilder.Corner: UInt32] = [:]
        // Corners differing in one field only, and negative (absent) attributes.
        for p in 0..<60 {
            for uv in -1..<20 {
                for set in 0..<3 {
                    let c = MeshBuilder.Corner(
                        position: Int32(p), uv: Int32(uv), normal: Int32(p % 7) - 1, set: Int32(set))
                    #expect(table.vertex(of: c) == nil)
                    // Vertex numbers in another order than the entries.
                    let v = UInt32(7 * table.corners.count + 3)
                    expected[c] = v
                    table.append(c, vertex: v)
                }
            }
        }
        #expect(table.corners.count == 60 * 21 * 3)
        for (c, v) in expected { #expect(table.vertex(of: c) == v) }
        #expect(table.vertex(of: MeshBuilder.Corner(position: 60, uv: 0, normal: 0)) == nil)
        #expect(table.vertex(of: MeshBuilder.Corner(position: 0, uv: -1, normal: -1, set: 3)) == nil)
    }

    @Test func anEmptyTableFindsNothing() {
        #expect(CornerTable().vertex(of: MeshBuilder.Corner(position: 0, uv: 0, normal: 0)) == nil)
    }
}
