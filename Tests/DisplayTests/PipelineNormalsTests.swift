import Cells
import Display
import Testing

/// Only edge glyphs read the normals, so only their pipelines have the rasterizer keep them.
@Suite struct PipelineNormals {
    @Test func onlyEdgeGlyphsKeepNormals() {
        for glyphs in GlyphSet.allCases {
            let pipeline = FramePipeline(columns: 20, rows: 10, glyphs: glyphs, colors: .truecolor)
            #expect(pipeline.rasterizer.keepsNormals == (glyphs == .edges), "\(glyphs)")
        }
        let place = GraphicsPlacement(columns: 20, rows: 10, cellSize: CellSize(width: 8, height: 16))
        let outputs: [any FrameOutput] = [
            KittyOutput(placement: place), SixelOutput(placement: place), ITermOutput(placement: place),
        ]
        for output in outputs {
            #expect(!FramePipeline(output: output).rasterizer.keepsNormals, "\(type(of: output))")
        }
    }
}
