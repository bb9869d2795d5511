import Display
import SceneGraph

/// A model animation playing in the viewer: its own clock, independent of the spin.
struct ViewerAnimation {
    /// The slowest and fastest playing speeds (keys `<` and `>` halve and double it).
    static let speeds = 0.125...8.0

    /// The player; it poses the renderer's scene in place.
    var animation: SceneAnimation
    /// Seconds of animation played (at `speed`).
    var seconds = 0.0
    var playing = true
    /// Animation seconds per real second. Default 1.
    var speed = 1.0

    /// Poses `scene` at the animation's current time.
    mutating func pose(_ scene: inout Scene) { animation.pose(&scene, seconds: seconds) }

    /// The HUD's words: the animation's name, its time in seconds, and pause or speed.
    var hud: String {
        let t = animation.player.loopedTime(seconds, animation: animation.index)
        var s = "\(animation.name) \(String(format: "%.1f", t))s"
        if !playing { s += " paused" } else if speed != 1 { s += " x\(StatusFormat.speed(speed))" }
        return s
    }
}

/// Short numbers for the HUD.
enum StatusFormat {
    static func speed(_ v: Double) -> String { v >= 1 ? String(Int(v)) : String(format: "%g", v) }
}

extension ViewerSession {
    /// Lets `seconds` of real time pass for the animation and poses the scene.
    func advanceAnimation(seconds: Double) {
        guard var a = animation, a.playing else { return }
        a.seconds += seconds * a.speed
        animation = a
        showAnimationPose()
    }

    /// Poses the renderer's scene at the animation's time, in place: the posed meshes are
    /// rewritten in their memory and the output keeps its state (no per-frame copy).
    func showAnimationPose() {
        guard animation != nil else { return }
        renderer.poseScene { scene in animation?.pose(&scene.scene) }
        request(.frame)
    }

    /// The animation keys: pause / resume, next animation, slower / faster.
    func performAnimation(_ command: ViewerCommand) {
        guard var a = animation else {
            notice("animation", "the scene has no animations")
            return
        }
        switch command {
        case .toggleAnimation:
            a.playing.toggle()
        case .nextAnimation:
            a.animation.index = (a.animation.index + 1) % a.animation.names.count
            a.seconds = 0
        case .animationSpeed(let factor):
            a.speed = min(max(a.speed * factor, ViewerAnimation.speeds.lowerBound), ViewerAnimation.speeds.upperBound)
        default:
            return
        }
        animation = a
        showAnimationPose()
    }
}
