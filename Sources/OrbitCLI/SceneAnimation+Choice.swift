import Display
import SceneGraph

extension SceneAnimation {
    /// The animation of `scene`'s model chosen by `choice` (a name or 0-based number;
    /// nil: the first), or nil when the model has no animations and none was asked for.
    /// - Throws: a usage error naming the animations when `choice` matches none.
    static func chosen(in scene: Scene, _ choice: String?) throws(CLIError) -> SceneAnimation? {
        guard var animation = SceneAnimation(scene: scene) else {
            if let choice { throw .usage("--animation \(choice): the model has no animations") }
            return nil
        }
        if let choice {
            guard let i = animation.player.rig.animationIndex(choice) else {
                let names = animation.names.enumerated().map { "\($0.offset) \($0.element)" }
                throw .usage("--animation: no animation '\(choice)' (the model has: \(names.joined(separator: ", ")))")
            }
            animation.index = i
        }
        return animation
    }
}
