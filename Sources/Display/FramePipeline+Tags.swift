import SceneGraph

extension FramePipeline {
    /// Places the tags of the last rendered frame of `scene` (as posed) for the cells:
    /// the names of sphere nodes starting with `prefix` (see `SphereTags`); none when
    /// `prefix` is nil or the output is not cells.
    public func tag(_ scene: Scene, prefix: String?) {
        guard let cells = cellOutput else { return }
        guard let prefix else {
            if !cells.tags.isEmpty { cells.tags = [] }
            return
        }
        cells.tags = SphereTags.place(
            scene, prefix: prefix, framebuffer: framebuffer, columns: cells.columns,
            rows: cells.rows, pixelAspect: pixelAspect)
    }
}
