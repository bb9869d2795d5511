import Math3D

/// An instance of a shared mesh with a material: what a mesh node draws.
public struct MeshNode: Hashable, Sendable {
    /// The geometry (shared storage; copying a `MeshNode` does not copy vertices).
    public var mesh: Mesh
    /// The material for groups of the mesh that carry none of their own. Default `Material.default`.
    public var material: Material

    /// An instance of `mesh` drawn with `material`.
    public init(mesh: Mesh, material: Material = .default) {
        self.mesh = mesh
        self.material = material
    }
}

/// A node of the scene graph: a transform, an optional mesh instance, and children.
///
/// Value semantics: a `Node` owns its children; meshes inside are shared. The transform
/// applies to the node's mesh and its children: `world = parent.world * transform.matrix`.
public struct Node: Hashable, Sendable {
    /// A name, for lookup and messages. Default empty.
    public var name: String
    /// Position, rotation, scale and pivot relative to the parent.
    public var transform: Transform
    /// What the node draws, if anything.
    public var content: MeshNode?
    /// Child nodes, drawn with this node's transform applied.
    public var children: [Node]
    /// When true, neither the node nor its children are drawn. Default false.
    public var isHidden: Bool
    /// The animations, skins and morph targets of the model read into this node, or nil.
    /// `AnimationPlayer` poses the subtree from it. Default nil.
    public var rig: Rig? = nil

    /// A node; every argument has a neutral default.
    public init(
        name: String = "", transform: Transform = .identity, content: MeshNode? = nil, children: [Node] = [],
        isHidden: Bool = false
    ) {
        self.name = name
        self.transform = transform
        self.content = content
        self.children = children
        self.isHidden = isHidden
    }

    /// A node that draws `mesh` with `material`.
    public init(name: String = "", mesh: Mesh, material: Material = .default, transform: Transform = .identity) {
        self.init(name: name, transform: transform, content: MeshNode(mesh: mesh, material: material))
    }

    /// Whether the node draws a material identical to `other` (`Material.isIdentical`),
    /// read in place (the renderer asks this for every instance it draws).
    public func drawsMaterial(identicalTo other: Material) -> Bool {
        content?.material.isIdentical(to: other) ?? false
    }

    /// The node's `Material.identity`, nil without content, read in place.
    public var materialIdentity: ObjectIdentifier? { content?.material.identity }

    /// Whether the node's material is `Material.isUntexturedOpaque` (true without content),
    /// read in place.
    public var drawsUntexturedOpaque: Bool { content?.material.isUntexturedOpaque ?? true }

    /// Position relative to the parent (where the pivot lands).
    public var position: Vec3 {
        get { transform.position }
        set { transform.position = newValue }
    }
    /// Orientation relative to the parent.
    public var rotation: Quaternion {
        get { transform.rotation }
        set { transform.rotation = newValue }
    }
    /// Scale along the node's own axes.
    public var scale: Vec3 {
        get { transform.scale }
        set { transform.scale = newValue }
    }
    /// The point in the node's own coordinates kept fixed by rotation and scale.
    public var pivot: Vec3 {
        get { transform.pivot }
        set { transform.pivot = newValue }
    }

    /// Orientation as Euler angles in degrees: X first, then Y, then Z (extrinsic), as
    /// the original engines' `rotateX/Y/Z` properties. Reading back may give an equivalent
    /// triple with Y in -90...90.
    public var eulerDegrees: SIMD3<Double> {
        get { transform.rotation.eulerDegrees }
        set {
            transform.rotation = Quaternion(
                eulerX: .degrees(newValue.x), y: .degrees(newValue.y), z: .degrees(newValue.z))
        }
    }

    /// Appends a child.
    public mutating func add(_ child: Node) { children.append(child) }

    /// Removes every child named `name`; returns how many were removed.
    @discardableResult
    public mutating func removeChildren(named name: String) -> Int {
        let before = children.count
        children.removeAll { $0.name == name }
        return before - children.count
    }

    /// Visits this node and every descendant, hidden ones included, depth first, with its
    /// world matrix (the walk of `walkDrawn`, without skipping hidden subtrees).
    public func traverse(parent: Matrix4 = .identity, _ visit: (Node, Matrix4) throws -> Void) rethrows {
        try withUnsafePointer(to: self) {
            try Node.walk($0, parent: parent, skipHidden: false) { try visit($0.pointee, $1) }
        }
    }

    /// The first node in this subtree (this one included) named `name`.
    public func first(named name: String) -> Node? {
        if self.name == name { return self }
        for c in children { if let f = c.first(named: name) { return f } }
        return nil
    }

    /// Total triangles drawn by this subtree (hidden nodes excluded).
    public var triangleCount: Int {
        if isHidden { return 0 }
        return (content?.mesh.triangleCount ?? 0) + children.reduce(0) { $0 + $1.triangleCount }
    }
}
