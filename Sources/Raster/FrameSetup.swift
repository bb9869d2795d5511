import Math3D
import SceneGraph

/// Per-frame constants shared by the geometry stages: matrices, viewport and light.
struct FrameSetup {
    /// Framebuffer size in pixels.
    let width: Int, height: Int
    /// World to view.
    let view: Matrix4
    /// View to clip.
    let projection: Matrix4
    /// `projection * view`.
    let viewProjection: Matrix4
    /// Horizontal and vertical focal scales of the projection (its [0,0] and [1,1]).
    let p00: Float, p11: Float
    /// Near and far clipping distances.
    let near: Float, far: Float
    /// Unit vector towards the light, in view space.
    let light: Vec3
    /// The light's colours and the ambient light, for `ShadeParams`.
    let lighting: Lighting
    /// Half the viewport in fixed-point units (1/256 pixel).
    let halfWidthFixed: Float, halfHeightFixed: Float

    init(scene: Scene, width: Int, height: Int, pixelAspect: Float) {
        self.width = width
        self.height = height
        let camera = scene.camera
        view = camera.viewMatrix
        projection = camera.projectionMatrix(width: width, height: height, pixelAspect: pixelAspect)
        viewProjection = projection * view
        p00 = projection[0, 0]
        p11 = projection[1, 1]
        near = camera.near
        far = camera.far
        light = normalize(view.transformDirection(scene.light.towardsLight))
        lighting = Lighting(
            ambient: scene.ambient.rgb + scene.light.ambient.rgb, diffuse: scene.light.diffuse.rgb,
            specular: scene.light.specular.rgb)
        halfWidthFixed = Float(width) * 128
        halfHeightFixed = Float(height) * 128
    }
}
