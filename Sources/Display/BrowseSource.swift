/// A scene browsed at any depth (the Apollonian packing): the viewer keeps a
/// `BrowsePosition`, zooms and moves it with keys and the wheel, and has `load` build the
/// scene for it on a background thread, one build at a time, always for the latest
/// position.
public struct BrowseSource: Sendable {
    /// The position the viewer starts at.
    public var initial: BrowsePosition
    /// Half the height of the view at the rotation centre, in view units (the scene's
    /// units at zoom 1): maps the mouse pointer to a point of the scene.
    public var halfHeight: Double
    /// Builds the scene seen from `position` on a `columns` x `rows` cell view whose cells
    /// are `cellAspect` (width / height) in shape: spheres
    /// placed relative to `position.center` and scaled by `position.zoom`, the camera as
    /// at zoom 1. Runs on a background thread; stop early (throw) when
    /// `progress.isCancelled`. The label should say how many spheres were drawn and the
    /// smallest radius; the viewer adds the zoom.
    public var load:
        @Sendable (
            _ position: BrowsePosition, _ columns: Int, _ rows: Int, _ cellAspect: Double, _ progress: LevelProgress
        ) throws -> ViewerScene

    /// The same position in the frame that suits it (the deepest that holds the view, so
    /// its centre keeps its digits); called after every zoom and move. Default: unchanged.
    public var rebase: @Sendable (_ position: BrowsePosition) -> BrowsePosition

    /// A browse source; `rebase` defaults to leaving positions as they are.
    public init(
        initial: BrowsePosition, halfHeight: Double,
        rebase: @escaping @Sendable (_ position: BrowsePosition) -> BrowsePosition = { $0 },
        load:
            @escaping @Sendable (
                _ position: BrowsePosition, _ columns: Int, _ rows: Int, _ cellAspect: Double, _ progress: LevelProgress
            ) throws -> ViewerScene
    ) {
        self.initial = initial
        self.halfHeight = halfHeight.isFinite && halfHeight > 0 ? halfHeight : 1
        self.load = load
        self.rebase = rebase
    }
}
