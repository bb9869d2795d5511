import Math3D

/// A perspective camera.
public struct Camera: Hashable, Sendable {
    /// Eye position in world coordinates. Default (0, 0, 3).
    public var position: Vec3
    /// The point looked at. Default the origin.
    public var target: Vec3
    /// Roughly up. Default +Y.
    public var up: Vec3
    /// Vertical field of view. Default 45 degrees.
    public var fieldOfView: Angle
    /// Distance to the near clipping plane, > 0. Default 0.05.
    public var near: Float
    /// Distance to the far clipping plane, > near. Default 100.
    public var far: Float

    /// A camera; see each property for its default.
    public init(
        position: Vec3 = Vec3(0, 0, 3), target: Vec3 = .zero, up: Vec3 = Vec3(0, 1, 0),
        fieldOfView: Angle = .degrees(45), near: Float = 0.05, far: Float = 100
    ) {
        self.position = position
        self.target = target
        self.up = up
        self.fieldOfView = fieldOfView
        self.near = near
        self.far = far
    }

    /// World-to-camera matrix.
    public var viewMatrix: Matrix4 { .lookAt(eye: position, target: target, up: up) }

    /// Camera-to-clip matrix for a viewport of `width` x `height` pixels whose pixels are
    /// `pixelAspect` times as wide as they are tall (a terminal cell is about 0.5 wide per
    /// unit of height: ASCII pixels have aspect 0.5, half-block pixels about 1).
    public func projectionMatrix(width: Int, height: Int, pixelAspect: Float) -> Matrix4 {
        let aspect = Float(max(width, 1)) * pixelAspect / Float(max(height, 1))
        return .perspective(fovY: fieldOfView, aspect: aspect, near: near, far: far)
    }

    /// Distance from the eye to the target.
    public var distance: Float { length(position - target) }

    /// A copy moved along its line of sight so that it is `distance` from the target.
    public func atDistance(_ distance: Float) -> Camera {
        var c = self
        let d = position - target
        let dir = length(d) > 0 ? normalize(d) : Vec3(0, 0, 1)
        c.position = target + dir * distance
        return c
    }
}
