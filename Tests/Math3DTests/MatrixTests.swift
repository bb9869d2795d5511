import Foundation
import Testing

@testable import Math3D

@Suite struct MatrixAlgebra {
    @Test func identityLeavesPointsAlone() {
        let p = Vec3(1.5, -2, 3)
        #expect(Matrix4.identity.transformPoint(p) == p)
    }

    @Test func translationMovesPointsButNotDirections() {
        let m = Matrix4.translation(Vec3(1, 2, 3))
        #expect(m.transformPoint(Vec3(1, 1, 1)) == Vec3(2, 3, 4))
        #expect(m.transformDirection(Vec3(1, 1, 1)) == Vec3(1, 1, 1))
    }

    @Test func rotationAboutYTurnsXTowardsMinusZ() {
        // Right-hand rule: +90 degrees about +Y takes +X to -Z.
        let m = Matrix4.rotation(.degrees(90), axis: Vec3(0, 1, 0))
        #expect(m.transformDirection(Vec3(1, 0, 0)).isApproximatelyEqual(to: Vec3(0, 0, -1)))
    }

    @Test func inverseUndoesAComposedTransform() throws {
        let m = Transform(
            position: Vec3(1, -2, 0.5), rotation: Quaternion(angle: .degrees(33), axis: Vec3(1, 2, 3)),
            scale: Vec3(2, 0.5, 3), pivot: Vec3(0.1, 0.2, 0.3)
        ).matrix
        let inv = try #require(m.inverse)
        #expect((m * inv).isApproximatelyEqual(to: .identity, tolerance: 1e-5))
        #expect((inv * m).isApproximatelyEqual(to: .identity, tolerance: 1e-5))
    }

    @Test func singularMatrixHasNoInverse() {
        #expect(Matrix4.scale(Vec3(1, 0, 1)).inverse == nil)
    }

    @Test func determinantOfScaleIsProductOfFactors() {
        #expect(abs(Matrix4.scale(Vec3(2, 3, 4)).determinant - 24) < 1e-5)
    }

    @Test func rowMajorAndColumnMajorAgree() {
        let values: [Float] = (0..<16).map(Float.init)
        let cm = Matrix4(columnMajor: values)
        let rm = Matrix4(rowMajor: values)
        #expect(cm.transposed == rm)
        #expect(cm[1, 0] == 1 && cm[0, 1] == 4)
    }

    @Test func perspectiveMapsNearAndFarPlanesToMinusOneAndOne() {
        let p = Matrix4.perspective(fovY: .degrees(60), aspect: 2, near: 0.5, far: 10)
        let nearClip = p * Vec4(0, 0, -0.5, 1)
        let farClip = p * Vec4(0, 0, -10, 1)
        #expect(abs(nearClip.z / nearClip.w + 1) < 1e-5)
        #expect(abs(farClip.z / farClip.w - 1) < 1e-5)
        // A point on the top edge of the field of view lands on y = 1.
        let top = p * Vec4(0, Float(tan(Double.pi / 6)) * 2, -2, 1)
        #expect(abs(top.y / top.w - 1) < 1e-5)
    }

    @Test func lookAtPutsTargetStraightAhead() {
        let v = Matrix4.lookAt(eye: Vec3(3, 4, 5), target: Vec3(1, 1, 1), up: Vec3(0, 1, 0))
        let t = v.transformPoint(Vec3(1, 1, 1))
        #expect(abs(t.x) < 1e-5 && abs(t.y) < 1e-5)
        #expect(abs(t.z + length(Vec3(2, 3, 4))) < 1e-4)
    }

    @Test func lookAtStraightDownDoesNotDegenerate() {
        let v = Matrix4.lookAt(eye: Vec3(0, 5, 0), target: .zero, up: Vec3(0, 1, 0))
        #expect(v.determinant.isFinite && abs(v.determinant - 1) < 1e-4)
    }

    @Test func normalMatrixKeepsNormalsPerpendicularUnderNonUniformScale() {
        let m = Matrix4.scale(Vec3(4, 1, 1))
        let tangent = m.transformDirection(normalize(Vec3(1, -1, 0)))
        let n = normalize(m.normalMatrix.transformDirection(normalize(Vec3(1, 1, 0))))
        #expect(abs(dot(tangent, n)) < 1e-5)
    }
}

@Suite struct AnglesAndTransforms {
    @Test func degreesAndRadiansConvert() {
        #expect(abs(Angle.degrees(180).radians - .pi) < 1e-12)
        #expect(abs(Angle.radians(.pi / 2).degrees - 90) < 1e-12)
        var a = Angle.degrees(10)
        a += .degrees(20)
        #expect(abs(a.degrees - 30) < 1e-12)
    }

    @Test func pivotStaysFixedUnderRotationAndScale() {
        let pivot = Vec3(1, 2, 3)
        let t = Transform(
            position: pivot, rotation: Quaternion(angle: .degrees(70), axis: Vec3(0, 1, 1)), scale: Vec3(2, 2, 2),
            pivot: pivot)
        #expect(t.matrix.transformPoint(pivot).isApproximatelyEqual(to: pivot, tolerance: 1e-5))
    }

    @Test func transformAppliesScaleThenRotationThenTranslation() {
        let t = Transform(
            position: Vec3(10, 0, 0), rotation: Quaternion(angle: .degrees(90), axis: Vec3(0, 0, 1)),
            scale: Vec3(2, 1, 1))
        // (1,0,0) -> scale (2,0,0) -> rotate 90 about Z (0,2,0) -> translate (10,2,0)
        #expect(t.matrix.transformPoint(Vec3(1, 0, 0)).isApproximatelyEqual(to: Vec3(10, 2, 0), tolerance: 1e-5))
    }

    @Test func exactEqualityIsExactAndApproximateIsSeparate() {
        let a = Vec3(1, 2, 3)
        let b = a + Vec3(1e-6, 0, 0)
        #expect(a != b)
        #expect(a.isApproximatelyEqual(to: b, tolerance: 1e-5))
        #expect(!a.isApproximatelyEqual(to: b, tolerance: 1e-7))
    }
}
