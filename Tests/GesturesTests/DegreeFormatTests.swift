import Testing

@testable import Gestures

/// `MotionState.format`: signed degrees without needless decimals (HUD and gesture text).
@Suite struct DegreeFormat {
    @Test(arguments: [
        (4.0, "+4"), (-2.0, "-2"), (0.5, "+0.5"), (10.0, "+10"), (100.0, "+100"),
        (0.0, "+0"), (-0.25, "-0.25"), (1.999, "+2"), (0.004, "+0"), (-12.3, "-12.3"),
    ])
    func degreesDropTrailingZerosAndABarePoint(degrees: Double, text: String) {
        #expect(MotionState.format(degrees) == text)
    }

    @Test func nonFiniteValuesPassThrough() {
        #expect(MotionState.format(.infinity) == "+inf")
        #expect(MotionState.format(-.infinity) == "-inf")
    }
}
