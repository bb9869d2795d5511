/// Where the viewer is in a packing it browses (`orbit apollonian`): the point the camera
/// looks at and how far it zoomed in. Kept in `Double` and applied when scenes are built
/// (sphere positions relative to `center`, scaled by `zoom`), so a zoom of 10^6 and beyond
/// loses no precision in the renderer's `Float`s; the centre is held in a nested `frame`
/// (`BrowseSource.rebase` picks it), so it keeps its digits at 10^30.
public struct BrowsePosition: Hashable, Sendable {
    /// The frame `center` is in (default the scene's units, outer radii).
    public var frame: BrowseFrame
    /// The point the camera looks at (the rotation centre), in units of `frame`.
    public var center: SIMD3<Double>
    /// Magnification: 1 shows the whole packing, 10^6 a region a million times smaller.
    public var zoom: Double

    /// Zoom limits: half the whole view to 10^30.
    public static let zoomRange: ClosedRange<Double> = 0.5...1e30

    /// A position; `zoom` is clamped to `zoomRange` (non-finite values give 1); `center`
    /// in units of `frame` (default the scene's).
    public init(center: SIMD3<Double>, zoom: Double = 1, frame: BrowseFrame = .root) {
        self.frame = frame
        self.center = center
        self.zoom = zoom.isFinite ? min(max(zoom, Self.zoomRange.lowerBound), Self.zoomRange.upperBound) : 1
    }

    /// Zoomed in by `factor` (> 1 closer) towards `point` (units of `frame`), which stays where
    /// it is on screen; the zoom stays within `zoomRange`.
    public func zoomed(by factor: Double, towards point: SIMD3<Double>) -> BrowsePosition {
        let next = BrowsePosition(center: center, zoom: zoom * factor)
        let applied = next.zoom / zoom
        guard applied.isFinite, applied > 0 else { return self }
        return BrowsePosition(center: point + (center - point) / applied, zoom: next.zoom, frame: frame)
    }

    /// Moved by `offset` in view units (at zoom z, one view unit is 1/z outer radii).
    public func moved(by offset: SIMD3<Double>) -> BrowsePosition {
        BrowsePosition(center: point(at: offset), zoom: zoom, frame: frame)
    }

    /// The point `offset` view units from the centre, in units of `frame`.
    public func point(at offset: SIMD3<Double>) -> SIMD3<Double> { center + offset / (zoom * frame.unit) }

    /// Where `other`'s centre is seen from this position, in view units.
    public func offset(of other: BrowsePosition) -> SIMD3<Double> {
        (frame.convert(other.center, from: other.frame) - center) * (zoom * frame.unit)
    }
}

extension ViewerScene {
    /// The largest `--zoom` of scenes that are not browsed (their camera zoom is clamped
    /// far below it anyway).
    public static let browseOnlyZoom = 100.0
}
