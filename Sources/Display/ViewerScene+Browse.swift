import Math3D
import SceneGraph

extension ViewerScene {
    /// This scene, built for position `built`, as seen from `now`: its root scaled by
    /// `now.zoom / built.zoom` and moved by `(built.center - now.center) * now.zoom`, so the
    /// picture follows zooms and moves at once while the scene for `now` is being built.
    public func moved(from built: BrowsePosition, to now: BrowsePosition) -> ViewerScene {
        guard built != now else { return self }
        let scale = Float(now.zoom / built.zoom)
        let shift = now.offset(of: built)
        var s = self
        s.scene.root = Node(
            name: "browse",
            transform: Transform(
                position: Vec3(Float(shift.x), Float(shift.y), Float(shift.z)),
                scale: Vec3(repeating: scale)),
            children: [scene.root])
        return s
    }
}
