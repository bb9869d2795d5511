import Display
import Foundation
import SceneGraph

extension SceneAnimation {
    /// The animation of `scene`'s model chosen by `choice` (a name or 0-based number;
    /// nil: the first), or nil when the model has no animations and neither an animation
    /// nor a `time` (`--time`, when given) was asked for.
    /// - Throws: a usage error naming the animations when `choice` matches none, or saying
    ///   the model has none when `choice` or `time` asks for one.
    static func chosen(in scene: Scene, _ choice: String?, time: Double? = nil) throws(CLIError) -> SceneAnimation? {
        guard var animation = SceneAnimation(scene: scene) else {
            if let choice { throw .usage("--animation \(choice): the model has no animations") }
            if let time { throw .usage("--time \(String(format: "%g", time)): the model has no animations") }
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
