/// A hash table from corners (`MeshBuilder.Corner`) to vertex indices, faster than a
/// `Dictionary` for the OBJ and COLLADA readers' vertex unification: open addressing with
/// linear probing in a power-of-two array of entry numbers, the corners and their vertices
/// kept once in entry order (`corners`, `vertices`), and a cheap mixing hash with a random
/// seed per table (so a crafted file cannot predict collisions).
struct CornerTable {
    /// Entry index + 1 per slot; 0 is empty.
    private var slots: [UInt32] = []
    private var mask = 0
    /// The corner of each entry, in the order they were added.
    private(set) var corners: [MeshBuilder.Corner] = []
    /// The vertex of each entry.
    private var vertices: [UInt32] = []
    private let seed = UInt64.random(in: 0...UInt64.max)

    /// The slot to start probing at for `c`.
    @inline(__always)
    private func start(_ c: MeshBuilder.Corner) -> Int {
        var h = (UInt64(UInt32(bitPattern: c.position)) | UInt64(UInt32(bitPattern: c.uv)) << 32) ^ seed
        h ^= (UInt64(UInt32(bitPattern: c.normal)) | UInt64(UInt32(bitPattern: c.set)) << 32) &* 0x9E37_79B9_7F4A_7C15
        // MurmurHash3's 64-bit finalizer.
        h ^= h >> 33
        h &*= 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 33
        h &*= 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 33
        return Int(truncatingIfNeeded: h) & mask
    }

    /// The vertex of `c`, or nil when it has none yet.
    @inline(__always)
    func vertex(of c: MeshBuilder.Corner) -> UInt32? {
        if slots.isEmpty { return nil }
        var i = start(c)
        while true {
            let s = slots[i]
            if s == 0 { return nil }
            if corners[Int(s - 1)] == c { return vertices[Int(s - 1)] }
            i = (i + 1) & mask
        }
    }

    /// Records `vertex` as the vertex of `c`; `c` must not be present.
    mutating func append(_ c: MeshBuilder.Corner, vertex: UInt32) {
        if 2 * (corners.count + 1) > slots.count { grow() }
        corners.append(c)
        vertices.append(vertex)
        place(UInt32(corners.count))
    }

    /// Puts slot value `v` (entry + 1) at the first free slot of its probe sequence.
    private mutating func place(_ v: UInt32) {
        var i = start(corners[Int(v - 1)])
        while slots[i] != 0 { i = (i + 1) & mask }
        slots[i] = v
    }

    /// Doubles the slots (at least 1024) and places every entry again.
    private mutating func grow() {
        let size = max(1024, slots.count * 2)
        slots = [UInt32](repeating: 0, count: size)
        mask = size - 1
        for v in 0..<corners.count { place(UInt32(v + 1)) }
    }
}
