import SceneGraph

/// A model's animation as the viewer and the headless commands play it: which animation,
/// and the player that poses the scene for a time.
public struct SceneAnimation: Sendable {
    /// Child-index path from the scene's root to the node that carries the rig.
    public let path: [Int]
    /// The player (keeps its working arrays between frames).
    public private(set) var player: AnimationPlayer
    /// The animation played: an index into `player.rig.animations`. Default 0.
    public var index: Int = 0

    /// The first animation of `scene`'s model, or nil when it has none.
    public init?(scene: Scene) {
        guard let path = scene.root.rigPath else { return nil }
        var rig: Rig?
        var root = scene.root
        root.withDescendant(at: path) { rig = $0.rig }
        guard let rig, !rig.animations.isEmpty else { return nil }
        self.path = path
        self.player = AnimationPlayer(rig: rig)
    }

    /// The animations' names, in file order.
    public var names: [String] { player.rig.animations.map(\.name) }

    /// The animation's name.
    public var name: String { player.rig.animations[index].name }

    /// The animation's length in seconds.
    public var duration: Double { Double(player.rig.animations[index].duration) }

    /// Poses `scene` at `seconds` of playing (animations loop).
    public mutating func pose(_ scene: inout Scene, seconds: Double) {
        let index = self.index
        scene.root.withDescendant(at: path) { node in player.pose(&node, animation: index, seconds: seconds) }
    }
}
