/// Where the viewer is in a packing it browses (`orbit apollonian`): the point the camera
/// looks at and how far it zoomed in. Kept in `Double` and applied when scenes are built
/// (sphere positions relative to `center`, scaled by `zoom`), so a zoom of 10^6 and beyond
/// loses no precision in the renderer's `Float`s.
public struct BrowsePosition: Hashable, Sendable {
    /// The point the camera looks at (the rotation centre), in outer radii.
    public var center: SIMD3<Double>
    /// Magnification: 1 shows the whole packing, 10^6 a region a million times smaller.
    public var zoom: Double

    /// Zoom limits: half the whole view to 10^12.
    public static let zoomRange: ClosedRange<Double> = 0.5...1e12

    /// A position; `zoom` is clamped to `zoomRange` (non-finite values give 1).
    public init(center: SIMD3<Double>, zoom: Double = 1) {
        self.center = center
        self.zoom = zoom.isFinite ? min(max(zoom, Self.zoomRange.lowerBound), Self.zoomRange.upperBound) : 1
    }

    /// Zoomed in by `factor` (> 1 closer) towards `point` (outer radii), which stays where
    /// it is on screen; the zoom stays within `zoomRange`.
    public func zoomed(by factor: Double, towards point: SIMD3<Double>) -> BrowsePosition {
        let next = BrowsePosition(center: center, zoom: zoom * factor)
        let applied = next.zoom / zoom
        guard applied.isFinite, applied > 0 else { return self }
        return BrowsePosition(center: point + (center - point) / applied, zoom: next.zoom)
    }

    /// Moved by `offset` in view units (at zoom z, one view unit is 1/z outer radii).
    public func moved(by offset: SIMD3<Double>) -> BrowsePosition {
        BrowsePosition(center: center + offset / zoom, zoom: zoom)
    }

    /// The point `offset` view units from the centre, in outer radii.
    public func point(at offset: SIMD3<Double>) -> SIMD3<Double> { center + offset / zoom }
}

extension ViewerScene {
    /// The largest `--zoom` of scenes that are not browsed (their camera zoom is clamped
    /// far below it anyway).
    public static let browseOnlyZoom = 100.0
}
