import Testing
@testable import Apollonian

@Suite struct LevelOne {
    @Test func levelOneIsTheFourLargestSpheresTheCentralOneAndFourOuterOnes() throws {
        // Worked out by hand: kappa = 1 + sqrt(6)/2; generation 0 has r = 1/kappa at
        // distance 1 - r along (+-1, +-1, +-1)/sqrt 3 with an even number of minus signs;
        // generation 1 has the central sphere (curvature 4 kappa + 1, 4 + 1 = Descartes
        // with the container) and four of curvature 2 kappa - 1 at distance 1 - r in the
        // opposite directions.
        let k = 1 + 6.0.squareRoot() / 2, s3 = 3.0.squareRoot()
        let corners: [SIMD3<Double>] = [SIMD3(1, 1, 1), SIMD3(1, -1, -1), SIMD3(-1, 1, -1), SIMD3(-1, -1, 1)]
        var expected = corners.map { c -> SphereRecord in
            let p = c / s3 * (1 - 1 / k)
            return SphereRecord(x: p.x, y: p.y, z: p.z, r: 1 / k, level: 1)
        }
        expected.append(SphereRecord(x: 0, y: 0, z: 0, r: 1 / (4 * k + 1), level: 2))
        for c in corners {
            let r = 1 / (2 * k - 1), p = -c / s3 * (1 - r)
            expected.append(SphereRecord(x: p.x, y: p.y, z: p.z, r: r, level: 2))
        }
        let made = try PackingGenerator.records(PackingOptions(level: 1))
        #expect(made.count == 9)
        for e in expected {
            #expect(made.contains { max(abs($0.x - e.x), abs($0.y - e.y), abs($0.z - e.z), abs($0.r - e.r)) < 1e-15 && $0.level == e.level }, "\(e)")
        }
        let json = try SphereJSON.encodeString(made)
        #expect(json.hasPrefix(#"[{"X":0.3178,"Y":0.3178,"Z":0.3178,"R":0.4495,"L":1},"#))
        #expect(json.contains(#"{"X":0,"Y":0,"Z":0,"R":0.101,"L":2}"#))
        #expect(json.contains(#"{"X":-0.41,"Y":-0.41,"Z":-0.41,"R":0.2899,"L":2}"#))
    }
}
