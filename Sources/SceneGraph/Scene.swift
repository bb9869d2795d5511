import Math3D

/// One thing to draw: a mesh with its world matrix and resolved material.
public struct DrawItem: Sendable {
    /// Object-to-world matrix.
    public var world: Matrix4
    /// The geometry.
    public var mesh: Mesh
    /// The mesh node's material (used for groups that carry none).
    public var material: Material

    /// A draw item.
    public init(world: Matrix4, mesh: Mesh, material: Material) {
        self.world = world
        self.mesh = mesh
        self.material = material
    }
}

/// Everything needed to render a picture: a node tree, a camera, one directional light
/// and ambient light.
public struct Scene: Sendable {
    /// The root of the node tree.
    public var root: Node
    /// The camera. Default: 3 units out on +Z looking at the origin.
    public var camera: Camera
    /// The directional light. Default: white, travelling (-1, -1, -1).
    public var light: DirectionalLight
    /// Ambient light that reaches every surface. Default 0.1 grey (linear).
    public var ambient: Color
    /// Colour behind the scene. Default black.
    public var background: Color

    /// A scene; see each property for its default.
    public init(
        root: Node = Node(name: "root"), camera: Camera = Camera(), light: DirectionalLight = DirectionalLight(),
        ambient: Color = Color(linear: Vec3(repeating: 0.1)), background: Color = .black
    ) {
        self.root = root
        self.camera = camera
        self.light = light
        self.ambient = ambient
        self.background = background
    }

    /// The flat list of what to draw this frame, with world matrices; hidden subtrees
    /// and empty meshes are left out.
    public func drawList() -> [DrawItem] {
        var items: [DrawItem] = []
        root.walkDrawn { node, world in
            if let c = node.pointee.content, c.mesh.triangleCount > 0 {
                items.append(DrawItem(world: world, mesh: c.mesh, material: c.material))
            }
        }
        return items
    }

    /// Total triangles in the scene (hidden nodes excluded).
    public var triangleCount: Int { root.triangleCount }
}
