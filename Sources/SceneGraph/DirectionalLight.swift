import Math3D

/// A light infinitely far away: parallel rays, equal strength everywhere.
///
/// `direction` is the way the light *travels*, from the light into the scene (world
/// coordinates). A surface is lit fully when its normal points against it:
/// `max(0, dot(normal, -direction))`.
public struct DirectionalLight: Hashable, Sendable {
    /// Direction in which light travels (need not be unit length). Default (-1, -1, -1):
    /// from the upper right front.
    public var direction: Vec3
    /// Ambient contribution of this light, added to the scene ambient. Default black.
    public var ambient: Color
    /// Colour of direct light. Default white.
    public var diffuse: Color
    /// Colour of highlights. Default white.
    public var specular: Color

    /// A light; see each property for its default.
    public init(
        direction: Vec3 = Vec3(-1, -1, -1), ambient: Color = .black, diffuse: Color = .white, specular: Color = .white
    ) {
        self.direction = direction
        self.ambient = ambient
        self.diffuse = diffuse
        self.specular = specular
    }

    /// Unit vector from a surface towards the light: `-normalize(direction)`.
    public var towardsLight: Vec3 { -normalize(direction) }
}
