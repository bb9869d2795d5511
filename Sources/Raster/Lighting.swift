import Math3D

/// The frame's light colours (linear): what every material is lit by.
struct Lighting {
    /// Scene ambient plus the light's ambient.
    let ambient: Vec3
    /// The light's diffuse colour.
    let diffuse: Vec3
    /// The light's specular colour.
    let specular: Vec3
}
