import Testing

@testable import SceneGraph

/// `TextureSampler.address`: wraps and nearest snapping, one coordinate at a time.
@Suite struct TextureSamplerAddressing {
    @Test func clampKeepsCoordinatesHalfATexelInsideTheEdges() {
        #expect(TextureSampler.address(-3, wrap: .clampToEdge, size: 4, nearest: false) == 0.125)
        #expect(TextureSampler.address(7, wrap: .clampToEdge, size: 4, nearest: false) == 0.875)
        #expect(TextureSampler.address(0.5, wrap: .clampToEdge, size: 4, nearest: false) == 0.5)
    }

    @Test func mirroredRepeatReflectsEveryOtherPeriod() {
        #expect(TextureSampler.address(1.25, wrap: .mirroredRepeat, size: 4, nearest: false) == 0.75)
        #expect(TextureSampler.address(-0.25, wrap: .mirroredRepeat, size: 4, nearest: false) == 0.25)
        #expect(TextureSampler.address(2.25, wrap: .mirroredRepeat, size: 4, nearest: false) == 0.25)
    }

    @Test func nearestSnapsToTheTexelCentre() {
        #expect(TextureSampler.address(0.3, wrap: .repeat, size: 4, nearest: true) == 0.375)
        #expect(TextureSampler.address(1.3, wrap: .repeat, size: 4, nearest: true) == 1.375)
        #expect(TextureSampler.address(1, wrap: .clampToEdge, size: 4, nearest: true) == 0.875)
    }

    @Test func repeatLeavesLinearCoordinatesAlone() {
        #expect(TextureSampler.address(5.3, wrap: .repeat, size: 4, nearest: false) == 5.3)
    }
}
