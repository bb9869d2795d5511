import Apollonian
import Cells
import Display
import Raster
import SceneGraph
import Testing

/// The original palette's three greys (levels 8, 9, 10) stay apart once shaded: every
/// pixel of a darker grey sphere is darker than every pixel of the next one.
@Suite struct PackingGreys {
    /// Luminance (linear) of the pixels of a scene of one sphere, its darkest and
    /// lightest 1% left out (rim pixels are only partly covered).
    static func band(_ scene: Scene) -> ClosedRange<Float> {
        let pipeline = FramePipeline(columns: 120, rows: 40, glyphs: .blocks, colors: .truecolor)
        pipeline.render(scene)
        let s = pipeline.framebuffer.color.map { 0.2126 * $0.x + 0.7152 * $0.y + 0.0722 * $0.z }.filter { $0 > 0 }
            .sorted()
        return s[s.count / 100]...s[s.count - 1 - s.count / 100]
    }

    /// The bands of levels 8, 9 and 10, each a sphere alone at the centre, lit as the
    /// viewer lights the packing; `plain` gives every material its colour in full.
    static func bands(plain: Bool) -> [ClosedRange<Float>] {
        (8...10).map { level in
            var scene = ApollonianScene.make(
                records: [SphereRecord(x: 0, y: 0, z: 0, r: 0.5, level: level)],
                options: PackingOptions(edgeOnly: false))
            if plain {
                let hex = ApollonianScene.colorHex(level: level)
                scene.root.children[0].children[0].content?.material = Material(
                    ambientHex: hex, diffuseHex: hex, specularHex: hex, shininess: 0.7)
            }
            return band(scene)
        }
    }

    @Test func levelsEightToTenDoNotOverlapInBrightnessUnderTheOriginalLight() {
        let b = Self.bands(plain: false)
        #expect(b[0].upperBound < b[1].lowerBound, "\(b)")
        #expect(b[1].upperBound < b[2].lowerBound, "\(b)")
        // Each is still shaded (its lit side brighter than its shadow).
        #expect(b.allSatisfy { $0.upperBound > $0.lowerBound * 1.3 }, "\(b)")
        // The test can tell: with the greys fully diffuse, the bands overlap.
        let p = Self.bands(plain: true)
        #expect(p[0].upperBound > p[1].lowerBound && p[1].upperBound > p[2].lowerBound, "\(p)")
    }
}
