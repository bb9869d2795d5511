import Math3D

/// What makes a model move: its animations, the nodes they drive, and the meshes posed by
/// joints (skins) or blended between shapes (morph targets).
///
/// A rig hangs on the node a model file was read into (`Node.rig`); node paths in it are
/// child indices from that node. The rig is immutable and shared; `AnimationPlayer`
/// poses a node tree from it for a time, so the renderer only ever sees ordinary nodes
/// and meshes.
public final class Rig: Hashable, Sendable {
    /// A node that animations or skins refer to.
    public struct Target: Hashable, Sendable {
        /// The node's name, for messages.
        public var name: String
        /// Child-index paths from the rig's node to every instance of the node (a node
        /// used by several parents has several); the first is used for joint matrices.
        public var paths: [[Int]]
        /// The node's own transform when no animation drives it.
        public var rest: Transform
        /// Morph target weights when no animation drives them (empty without morphing).
        public var weights: [Float]

        /// A target node.
        public init(name: String, paths: [[Int]], rest: Transform, weights: [Float] = []) {
            self.name = name
            self.paths = paths
            self.rest = rest
            self.weights = weights
        }
    }

    /// Joints that pose a mesh: vertex = sum of weight x joint world x inverse bind x
    /// bind vertex, in the rig node's coordinates.
    public struct Skin: Hashable, Sendable {
        /// The joints: indices into `Rig.targets`.
        public var joints: [Int]
        /// One inverse bind matrix per joint (identity when the file gives none).
        public var inverseBind: [Matrix4]
        /// Joint influences per vertex (4 or 8).
        public var influences: Int
        /// `influences` joint numbers (indices into `joints`) per vertex.
        public var jointIndices: [UInt16]
        /// `influences` weights per vertex, summing to 1 (or all 0: the vertex stays put).
        public var weights: [Float]

        /// A skin.
        public init(joints: [Int], inverseBind: [Matrix4], influences: Int, jointIndices: [UInt16], weights: [Float]) {
            self.joints = joints
            self.inverseBind = inverseBind
            self.influences = influences
            self.jointIndices = jointIndices
            self.weights = weights
        }
    }

    /// A mesh the player rebuilds each pose: morphed by weights, then skinned.
    public struct Deformer: Hashable, Sendable {
        /// Child-index path from the rig's node to the node whose mesh is replaced.
        public var path: [Int]
        /// The mesh as the file gives it (bind pose, base shape).
        public var mesh: Mesh
        /// Per morph target, a position offset per vertex (empty for none).
        public var morphPositions: [[Vec3]]
        /// Per morph target, a normal offset per vertex (an empty array when the target has none).
        public var morphNormals: [[Vec3]]
        /// The rig target whose weights blend the morph targets, or nil.
        public var weightsTarget: Int?
        /// The skin, or nil for a mesh that is only morphed.
        public var skin: Skin?

        /// A deformed mesh.
        public init(
            path: [Int], mesh: Mesh, morphPositions: [[Vec3]] = [], morphNormals: [[Vec3]] = [],
            weightsTarget: Int? = nil, skin: Skin? = nil
        ) {
            self.path = path
            self.mesh = mesh
            self.morphPositions = morphPositions
            self.morphNormals = morphNormals
            self.weightsTarget = weightsTarget
            self.skin = skin
        }
    }

    /// The animations, in file order.
    public let animations: [Animation]
    /// The nodes animations and skins refer to.
    public let targets: [Target]
    /// The meshes rebuilt at each pose.
    public let deformers: [Deformer]

    /// A rig. Channel targets, joints and weight targets must be indices into `targets`
    /// (readers check this; out-of-range references are ignored when posing).
    public init(animations: [Animation], targets: [Target], deformers: [Deformer]) {
        self.animations = animations
        self.targets = targets
        self.deformers = deformers
    }

    /// The index of the animation named `name`, or of number `name` (0-based), or nil.
    public func animationIndex(_ name: String) -> Int? {
        if let i = animations.firstIndex(where: { $0.name == name }) { return i }
        if let i = Int(name), i >= 0, i < animations.count { return i }
        return nil
    }

    /// Rigs are equal only to themselves.
    public static func == (a: Rig, b: Rig) -> Bool { a === b }
    /// Hashes the identity.
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
}
