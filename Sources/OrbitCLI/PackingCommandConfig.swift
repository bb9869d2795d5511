import Apollonian

/// What `orbit apollonian export` and `orbit apollonian stats` are told, built by one pure
/// function (`Options.packingCommandConfig`). No field has a default, so a new one does not
/// compile until that function passes it.
struct PackingCommandConfig: Equatable {
    /// The packing generated: `--level`, `--min-radius`, `--radius`, `--all` / `--edge`
    /// (default all), `--max-spheres`, `--packing`.
    let packing: PackingOptions
    /// export `--url` (nil: generate) and `--timeout`, in seconds (default 30).
    let url: String?
    let timeout: Double
    /// export `--decimals` (default 4) and `-o FILE` (nil: standard output).
    let decimals: Int
    let outputFile: String?
    /// stats `--dimension P` (nil: per generation), stopping past this many spheres
    /// (`--max-spheres`, else no limit).
    let dimension: Int?
    let dimensionLimit: Int
}

extension Options {
    /// The configuration of `orbit apollonian export` or `stats`: pure.
    var packingCommandConfig: PackingCommandConfig {
        PackingCommandConfig(
            packing: ApollonianScenes.packingOptions(self, edgeDefault: false), url: url, timeout: timeout,
            decimals: decimals, outputFile: outputFile, dimension: dimension,
            dimensionLimit: maxSpheresGiven ? maxSpheres : Int.max)
    }
}
