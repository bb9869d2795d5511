import Foundation
import Math3D
import SceneGraph

/// A material combined with the frame's light, ready for per-pixel Blinn-Phong shading.
struct ShadeParams {
    /// `emissive + material.ambient * (scene.ambient + light.ambient)`.
    var ambient: Vec3
    /// `material.diffuse * light.diffuse` (times the texture per pixel).
    var diffuse: Vec3
    /// `material.specular * light.specular`.
    var specular: Vec3
    /// Blinn-Phong exponent (`Material.specularExponent`).
    var exponent: Float
    /// Index into the frame's texture table, or -1 when the material has no texture.
    var texture: Int32
    /// False when the specular colour is black, so the highlight can be skipped.
    var hasSpecular: Bool

    init(material m: Material, scene: Scene, texture: Int32) {
        let light = scene.light
        ambient = m.emissive.rgb + m.ambient.rgb * (scene.ambient.rgb + light.ambient.rgb)
        diffuse = m.diffuse.rgb * light.diffuse.rgb
        specular = m.specular.rgb * light.specular.rgb
        exponent = m.specularExponent
        self.texture = texture
        hasSpecular = specular != .zero
    }

    /// Blinn-Phong in view space: ambient + diffuse * albedo * max(0, N.L) + specular *
    /// max(0, N.H)^exponent, the highlight only where N.L > 0.
    /// - Parameters:
    ///   - n: unit surface normal.
    ///   - ray: direction from the eye to the surface point (any length).
    ///   - light: unit vector towards the light.
    ///   - albedo: texture colour (linear), one when untextured.
    @inline(__always)
    func shade(n: Vec3, ray: Vec3, light: Vec3, albedo: Vec3) -> Vec3 {
        let ndl = (n * light).sum()
        var c = ambient
        if ndl > 0 {
            c += diffuse * albedo * ndl
            if hasSpecular {
                let v = -ray * (1 / (ray * ray).sum().squareRoot())
                let h = light + v
                let hl = (h * h).sum().squareRoot()
                if hl > 0 {
                    let ndh = (n * h).sum() / hl
                    if ndh > 0 { c += specular * powf(ndh, exponent) }
                }
            }
        }
        return c
    }
}
