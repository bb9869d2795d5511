import Math3D
import SceneGraph

/// The parts of an untextured material that shading uses, compared cheaply to let runs of
/// instances share one shading entry, and any instances of one material share one entry per
/// frame (`Rasterizer.shadeIndexByKey`).
struct ShadeKey: Hashable {
    let ambient: Vec3, diffuse: Vec3, specular: Vec3, emissive: Vec3
    let shininess: Float
    let alphaMode: AlphaMode, opacity: Float

    init(_ m: Material) {
        self.init(
            ambient: m.ambient.rgb, diffuse: m.diffuse.rgb, specular: m.specular.rgb, emissive: m.emissive.rgb,
            shininess: m.shininess, alphaMode: m.alphaMode, opacity: m.opacity)
    }

    init(
        ambient: Vec3, diffuse: Vec3, specular: Vec3, emissive: Vec3, shininess: Float, alphaMode: AlphaMode,
        opacity: Float
    ) {
        self.alphaMode = alphaMode
        self.opacity = opacity
        self.ambient = ambient
        self.diffuse = diffuse
        self.specular = specular
        self.emissive = emissive
        self.shininess = shininess
    }
}
