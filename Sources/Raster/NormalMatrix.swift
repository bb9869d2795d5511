import Math3D

/// Transforms unit normals into view space: three columns, and whether they are orthogonal
/// with equal lengths (a rotation with uniform scale), in which case transformed normals keep
/// equal lengths and need no per-vertex normalization before interpolation.
struct NormalMatrix {
    let c0: Vec3, c1: Vec3, c2: Vec3
    let isSimilarity: Bool
    let scale: Float

    init(_ c0: Vec3, _ c1: Vec3, _ c2: Vec3) {
        self.c0 = c0
        self.c1 = c1
        self.c2 = c2
        let l0 = dot(c0, c0)
        let l1 = dot(c1, c1)
        let l2 = dot(c2, c2)
        let tol = 1e-4 * max(max(l0, l1), l2)
        isSimilarity =
            abs(l0 - l1) <= tol && abs(l0 - l2) <= tol
            && abs(dot(c0, c1)) <= tol && abs(dot(c0, c2)) <= tol && abs(dot(c1, c2)) <= tol
        scale = l0 > 0 ? 1 / l0.squareRoot() : 1
    }

    /// The view-space unit normal for model-space unit normal `n`.
    @inline(__always)
    func apply(_ n: Vec3) -> Vec3 {
        let v = c0 * n.x + c1 * n.y + c2 * n.z
        return isSimilarity ? v * scale : normalize(v)
    }
}
