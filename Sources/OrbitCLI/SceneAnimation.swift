import SceneGraph

/// A model's animation as a command plays it: which animation, and the player that poses
/// the scene for a time.
struct SceneAnimation {
    /// Child-index path from the scene's root to the node that carries the rig.
    var path: [Int]
    /// The player (keeps its working arrays between frames).
    var player: AnimationPlayer
    /// The animation played: an index into `player.rig.animations`.
    var index: Int

    /// The animation of `scene`'s model chosen by `choice` (a name or 0-based number;
    /// nil: the first), or nil when the model has no animations and none was asked for.
    /// - Throws: a usage error naming the animations when `choice` matches none.
    init?(scene: Scene, choice: String?) throws(CLIError) {
        guard let path = scene.root.rigPath, let rig = Self.rig(in: scene.root, at: path), !rig.animations.isEmpty
        else {
            if let choice { throw .usage("--animation \(choice): the model has no animations") }
            return nil
        }
        var index = 0
        if let choice {
            guard let i = rig.animationIndex(choice) else {
                let names = rig.animations.enumerated().map { "\($0.offset) \($0.element.name)" }
                throw .usage("--animation: no animation '\(choice)' (the model has: \(names.joined(separator: ", ")))")
            }
            index = i
        }
        self.path = path
        self.player = AnimationPlayer(rig: rig)
        self.index = index
    }

    static func rig(in root: Node, at path: [Int]) -> Rig? {
        var rig: Rig?
        var node = root
        node.withDescendant(at: path) { rig = $0.rig }
        return rig
    }

    /// The animation's name.
    var name: String { player.rig.animations[index].name }

    /// Poses `scene` at `seconds` of playing (animations loop).
    mutating func pose(_ scene: inout Scene, seconds: Double) {
        let index = self.index
        scene.root.withDescendant(at: path) { node in player.pose(&node, animation: index, seconds: seconds) }
    }
}
