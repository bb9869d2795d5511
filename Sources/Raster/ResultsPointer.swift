/// The per-chunk result slots of a parallel set-up, shared with the chunks: chunk `k` writes
/// only `base[k]`.
struct ResultsPointer: @unchecked Sendable {
    let base: UnsafeMutablePointer<GeometryChunk.Result>?
}
