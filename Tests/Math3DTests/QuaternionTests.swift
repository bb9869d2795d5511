import Foundation
import Testing

@testable import Math3D

@Suite struct QuaternionRotations {
    @Test(arguments: [Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, 1), Vec3(1, 2, 3)])
    func quaternionAndMatrixRotateAlike(axis: Vec3) {
        let q = Quaternion(angle: .degrees(40), axis: axis)
        let v = Vec3(0.3, -1.2, 2.5)
        #expect(q.act(v).isApproximatelyEqual(to: q.matrix.transformDirection(v), tolerance: 1e-5))
    }

    @Test func compositionAppliesRightOperandFirst() {
        let qx = Quaternion(angle: .degrees(90), axis: Vec3(1, 0, 0))
        let qy = Quaternion(angle: .degrees(90), axis: Vec3(0, 1, 0))
        let v = Vec3(0, 0, 1)
        // qx first: (0,0,1) -> (0,-1,0); then qy leaves it.
        #expect((qy * qx).act(v).isApproximatelyEqual(to: qy.act(qx.act(v)), tolerance: 1e-6))
        #expect((qy * qx).act(v).isApproximatelyEqual(to: Vec3(0, -1, 0), tolerance: 1e-6))
    }

    @Test func conjugateUndoesTheRotation() {
        let q = Quaternion(angle: .degrees(123), axis: Vec3(-1, 2, 0.5))
        #expect((q * q.conjugate).isApproximatelyEqual(to: .identity, tolerance: 1e-6))
    }

    @Test(arguments: [SIMD3<Double>(10, 20, 30), SIMD3(-45, 60, 170), SIMD3(0, 0, 0), SIMD3(90, -30, 5)])
    func eulerAnglesRoundTrip(euler: SIMD3<Double>) {
        let q = Quaternion(eulerX: .degrees(euler.x), y: .degrees(euler.y), z: .degrees(euler.z))
        let back = q.eulerDegrees
        let q2 = Quaternion(eulerX: .degrees(back.x), y: .degrees(back.y), z: .degrees(back.z))
        #expect(q.isApproximatelyEqual(to: q2, tolerance: 1e-4))
    }

    @Test func eulerOrderIsXThenYThenZ() {
        let q = Quaternion(eulerX: .degrees(90), y: .degrees(90), z: .zero)
        // X first takes +Y to +Z, then Y takes +Z to +X.
        #expect(q.act(Vec3(0, 1, 0)).isApproximatelyEqual(to: Vec3(1, 0, 0), tolerance: 1e-5))
    }

    @Test func slerpHalfwayIsHalfTheAngle() {
        let a = Quaternion.identity
        let b = Quaternion(angle: .degrees(90), axis: Vec3(0, 0, 1))
        let mid = Quaternion.slerp(a, b, t: 0.5)
        #expect(abs(mid.angle.degrees - 45) < 1e-3)
        #expect(mid.axis.isApproximatelyEqual(to: Vec3(0, 0, 1), tolerance: 1e-5))
    }

    @Test func zeroAxisGivesIdentity() {
        #expect(Quaternion(angle: .degrees(30), axis: .zero) == .identity)
    }
}
