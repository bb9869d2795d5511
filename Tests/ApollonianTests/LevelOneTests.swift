import Testing

@testable import Apollonian

@Suite struct LevelOne {
    @Test func levelOneIsTheFourLargestSpheresTheCentralOneAndFourOuterOnesInTheServicesOrder() throws {
        // Worked out by hand from the service's facts: the seed spheres have r = sqrt(6) - 2
        // at 0.317837245195782 x (-1, 1, 1), (1, -1, 1), (1, 1, -1), (-1, -1, -1); clan 0's
        // root is the central sphere (curvature 4 kappa + 1); clan c's root replaces seed
        // sphere c: curvature 2 kappa - 1, at distance 1 - r in the opposite direction.
        let k = 1 + 6.0.squareRoot() / 2
        let s3 = 3.0.squareRoot()
        let d = 0.317837245195782
        let corners: [SIMD3<Double>] = [SIMD3(-1, 1, 1), SIMD3(1, -1, 1), SIMD3(1, 1, -1), SIMD3(-1, -1, -1)]
        var expected = [SphereRecord(x: 0, y: 0, z: 0, r: 1 / (4 * k + 1), level: 2)]
        for c in corners {
            let r = 1 / (2 * k - 1)
            let p = -c / s3 * (1 - r)
            expected.append(SphereRecord(x: c.x * d, y: c.y * d, z: c.z * d, r: 6.0.squareRoot() - 2, level: 1))
            expected.append(SphereRecord(x: p.x, y: p.y, z: p.z, r: r, level: 2))
        }
        let made = try PackingGenerator.records(PackingOptions(level: 1))
        #expect(made.count == 9)
        for (m, e) in zip(made, expected) {
            #expect(
                max(abs(m.x - e.x), abs(m.y - e.y), abs(m.z - e.z), abs(m.r - e.r)) < 1e-14 && m.level == e.level,
                "\(m) vs \(e)")
        }
        let json = try SphereJSON.encodeString(made)
        #expect(
            json.hasPrefix(
                #"[{"X":0,"Y":0,"Z":0,"R":0.101,"L":2},{"X":-0.3178,"Y":0.3178,"Z":0.3178,"R":0.4495,"L":1},"#
                    + #"{"X":0.41,"Y":-0.41,"Z":-0.41,"R":0.2899,"L":2},{"X":0.3178,"Y":-0.3178,"#
                    + #""Z":0.3178,"R":0.4495,"L":1},"#
            ))
    }
}
