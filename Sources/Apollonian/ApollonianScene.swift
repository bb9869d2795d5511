import Math3D
import SceneGraph

/// Builds the viewer's scene of a packing, as the original Apollonian viewers drew it:
/// a container node named `"packing"` holding one mesh node per sphere, all instancing one
/// shared 9 x 9 sphere mesh scaled per sphere, coloured by level, one directional light,
/// the camera 5 outer radii away on +Z.
public enum ApollonianScene {
    /// Name of the node that holds the sphere nodes (rotate this one to spin the packing).
    public static let containerName = "packing"

    /// Start of the names of sphere nodes that carry their curvature as text
    /// (`PackingLook.labels`): `k=` then the integer.
    public static let tagPrefix = "k="

    /// The mesh every sphere node instances: `Mesh.sphere(radius: 1, longitudes: 9,
    /// latitudes: 9)`; nodes scale it by the sphere's radius. It carries the `.sphere`
    /// primitive hint, so renderers may draw exact spheres instead.
    public static let sphereMesh = Mesh.sphere(radius: 1, longitudes: 9, latitudes: 9)

    /// Colours by level `L` (sRGB hex): white, red, yellow, green, cyan, blue, magenta,
    /// dark grey, grey, light grey for L = 1...10; white beyond (and below).
    public static let levelColors = PackingPalette.originalColors

    /// The sRGB hex colour of level `level` (`L`, generation + 1) in the original palette.
    public static func colorHex(level: Int) -> String { PackingPalette.original.hex(level - 1) }

    /// The material of level `level` in the original palette (see `material(hex:name:)`).
    public static func material(level: Int) -> Material {
        material(hex: colorHex(level: level), name: "level \(level)")
    }

    /// A sphere material of colour `hex`: the colour as ambient reflectance, and as
    /// diffuse and specular reflectance scaled by `PackingPalette.shadingShare` (1 except
    /// for the original's three greys); shininess 0.7 (a fraction of 128, as OpenGL ES
    /// engines read it).
    public static func material(hex: String, name: String) -> Material {
        let c = Color(hex: hex) ?? .white
        let lit = Color(linear: c.rgb * PackingPalette.shadingShare(hex: hex))
        return Material(name: name, ambient: c, diffuse: lit, specular: lit, shininess: 0.7)
    }

    /// The original's light: ambient A0A0A0, diffuse E9E9E9, specular C0C0C0, travelling
    /// along (1, 2, -5). iSGL3D's `setDirection:1 y:2 z:-5` stored (-1, -2, 5) as the GL
    /// light position, which for a directional light points *towards* the light; so
    /// (1, 2, -5) is the way the light travels: from the lower left, in front of the
    /// packing (the camera side), into the screen. `DirectionalLight.direction` has the
    /// same meaning, so the vector is used as is.
    public static let light = DirectionalLight(
        direction: Vec3(1, 2, -5),
        ambient: Color(hex: "A0A0A0") ?? .white,
        diffuse: Color(hex: "E9E9E9") ?? .white,
        specular: Color(hex: "C0C0C0") ?? .white)

    /// The camera's distance from the centre, in outer radii.
    public static let cameraDistance: Float = 5

    /// The scene for `records`.
    /// - Parameters:
    ///   - records: the spheres (from the generator, a file or the web service).
    ///   - options: `edgeOnly` keeps only spheres with `|centre| + r > 0.99 * radius` (the
    ///     viewer's default: the others cannot be seen); `radius` places the camera at
    ///     `5 * radius`. Default: edge spheres, radius 1.
    ///   - look: colouring and palette. Default by generation, original palette.
    /// - Returns: a scene whose root holds one node named `"packing"`, whose children are
    ///   the sphere nodes in record order; scene ambient black (the light brings its own).
    public static func make(
        records: [SphereRecord], options: PackingOptions = PackingOptions(edgeOnly: true),
        look: PackingLook = PackingLook()
    ) -> Scene {
        // One node per colour class, copied for each sphere of the class (its material
        // built once), its transform and name then set in place.
        var prototypes: [Int: Node] = [:]
        var container = Node(name: containerName)
        container.children.reserveCapacity(records.count)
        for r in records where !options.edgeOnly || r.touchesShell(outerRadius: options.radius) {
            let key = look.key(r)
            if let p = prototypes[key] {
                container.children.append(p)
            } else {
                let m = material(hex: look.hex(key), name: look.name(key, integral: options.kind.isIntegral))
                let p = Node(mesh: sphereMesh, material: m)
                prototypes[key] = p
                container.children.append(p)
            }
            let last = container.children.count - 1
            container.children[last].transform = Transform(
                position: Vec3(Float(r.x), Float(r.y), Float(r.z)), scale: Vec3(repeating: Float(r.r)))
            if look.labels { container.children[last].name = look.nodeName(r) }
        }
        let distance = cameraDistance * Float(options.radius)
        let camera = Camera(position: Vec3(0, 0, distance), target: .zero, near: distance / 100, far: distance * 10)
        return Scene(root: Node(name: "root", children: [container]), camera: camera, light: light, ambient: .black)
    }

    /// Generates the packing `options` describes and builds its scene (see
    /// `PackingGenerator.records` for progress and cancellation).
    public static func make(
        options: PackingOptions,
        progress: (@Sendable (PackingProgress) -> Void)? = nil,
        isCancelled: (@Sendable () -> Bool)? = nil
    ) throws -> Scene {
        make(
            records: try PackingGenerator.records(options, progress: progress, isCancelled: isCancelled),
            options: options)
    }
}
