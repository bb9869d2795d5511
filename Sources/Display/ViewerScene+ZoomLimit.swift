import Math3D
import SceneGraph

extension ViewerScene {
    /// The widest zoom range of every scene: a quarter to four times closer.
    public static let defaultZoomRange: ClosedRange<Double> = 0.25...4
    /// Room left between the scene's bounding sphere and the near plane at the closest
    /// zoom, as a fraction of the sphere's radius.
    public static let zoomClearance: Float = 0.02

    /// The zoom range for `scene`: `defaultZoomRange`, its upper end lowered so that at the
    /// closest zoom the camera stays outside the scene's bounding sphere (about the
    /// rotation centre, the origin, so every orientation is covered) with the whole near
    /// plane clear of it. The viewer and the headless commands clamp `--zoom` and pinches
    /// to it, so zooming in never ends inside the model.
    public static func zoomRange(for scene: Scene) -> ClosedRange<Double> {
        let camera = scene.camera
        let base = camera.distance
        let radius = boundingRadius(of: scene) + length(camera.target)
        guard base > 0, radius > 0, base.isFinite, radius.isFinite else { return defaultZoomRange }
        // The near plane's closest point to the centre is distance - near away from it.
        let closest = radius * (1 + zoomClearance) + camera.near
        let limit = Double(base / closest)
        let upper = min(defaultZoomRange.upperBound, limit)
        return min(defaultZoomRange.lowerBound, upper)...upper
    }

    /// The radius of the smallest sphere about the origin that holds every drawn vertex
    /// (sphere primitives by their centre and radius); 0 for an empty scene.
    /// Walks the scene without building a draw list, so a scene of millions of sphere nodes
    /// costs no memory here.
    public static func boundingRadius(of scene: Scene) -> Float {
        var radius: Float = 0
        scene.root.walkDrawn { node, world in
            guard let mesh = node.pointee.content?.mesh, mesh.triangleCount > 0 else { return }
            if case .sphere(let r)? = mesh.primitive {
                let scale = max(
                    length(world.transformDirection(Vec3(1, 0, 0))),
                    length(world.transformDirection(Vec3(0, 1, 0))),
                    length(world.transformDirection(Vec3(0, 0, 1))))
                radius = max(radius, length(world.transformPoint(.zero)) + r * scale)
                return
            }
            for p in mesh.positions { radius = max(radius, length(world.transformPoint(p))) }
        }
        return radius.isFinite ? radius : 0
    }
}
