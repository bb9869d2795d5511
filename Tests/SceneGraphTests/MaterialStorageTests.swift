import Math3D
import SceneGraph
import Testing

/// A `Material` is a value held in shared copy-on-write storage: copies share it until one
/// is changed, and a scene node carries one reference.
@Suite struct MaterialStorage {
    @Test func copiesShareStorageUntilOneChanges() {
        let a = Material(name: "paint", diffuse: Color(hex: "336699") ?? .white, shininess: 8)
        var b = a
        #expect(b.isIdentical(to: a) && b.identity == a.identity && b == a)
        b.diffuse = .black
        #expect(!b.isIdentical(to: a) && b != a)
        // The original is untouched.
        #expect(a.diffuse == Color(hex: "336699") && a.name == "paint" && a.shininess == 8)
        #expect(b.name == "paint" && b.shininess == 8)
    }

    @Test func equalValuesInOtherStorageAreEqualNotIdentical() {
        let a = Material(name: "x", diffuse: .white)
        let b = Material(name: "x", diffuse: .white)
        #expect(a == b && a.hashValue == b.hashValue && !a.isIdentical(to: b))
        var c = b
        c.emissiveUVSet = 1
        #expect(c != b && b.emissiveUVSet == 0)
    }

    @Test func untexturedOpaqueReadsTheThreeFields() {
        var m = Material(diffuse: .white)
        #expect(m.isUntexturedOpaque)
        m.alphaMode = .blend
        #expect(!m.isUntexturedOpaque)
        let node = Node(mesh: .sphere(), material: m)
        #expect(
            !node.drawsUntexturedOpaque && node.drawsMaterial(identicalTo: m) && node.materialIdentity == m.identity)
        #expect(Node().drawsUntexturedOpaque && Node().materialIdentity == nil)
    }

    /// Two million sphere nodes took 672 MB with the material inline (336 bytes a node).
    @Test func aNodeCarriesItsMaterialAsOneReference() {
        #expect(MemoryLayout<Material>.size == MemoryLayout<AnyObject>.size)
        #expect(MemoryLayout<Node>.stride <= 160, "Node is \(MemoryLayout<Node>.stride) bytes")
    }
}
