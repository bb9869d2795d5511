import Display
import Foundation
import Gestures
import Math3D

/// The viewer's state while browsing a scene at any depth: where the user is, the last
/// scene built and where it was built for, and the one build running. Builds are
/// coalesced: while one runs, later moves only update `position`, and the next build
/// starts from the latest position when it ends.
struct BrowseFlight {
    let source: BrowseSource
    /// Where the user is now.
    var position: BrowsePosition
    /// The last scene built, with the position and view size it was built for.
    var built: (scene: ViewerScene, position: BrowsePosition, size: BrowseSize?)
    /// The one build running, if any.
    var job: BrowseJob?
    /// The last build's error, shown in the HUD until a build succeeds.
    var failure: String?
    /// Set by Esc (`cancel`): no build starts until the view moves again.
    var held = false

    /// Zoom factor of one `+`, `-` or wheel step.
    static let zoomStep = 1.5
    /// One move key shifts the view by this fraction of its half height.
    static let moveStep = 0.25

    /// Browsing `source`, starting from `scene` (built for `source.initial`, any size).
    init(source: BrowseSource, scene: ViewerScene) {
        self.source = source
        position = source.initial
        built = (scene, source.initial, nil)
    }

    /// The scene to draw now: the last one built, moved and scaled to `position`.
    var shownScene: ViewerScene { built.scene.moved(from: built.position, to: position) }

    /// What the last zoom or move did, for the HUD (`x1.5`, `/1.5`, `move right`).
    var lastAction: String?

    /// The HUD label: zoom factor and the last action, then the built scene's own label
    /// (spheres drawn, smallest radius), and `building` while a build runs, with how far
    /// it has come once it says (`building 40%`).
    var label: String {
        let zoom = position.zoom < 1000 ? String(format: "%.3g", position.zoom) : String(format: "%.2e", position.zoom)
        let text = failure ?? built.scene.label ?? ""
        return "zoom \(zoom)" + (lastAction.map { " (\($0))" } ?? "") + (text.isEmpty ? "" : " | \(text)")
            + (job.map { " | building" + Self.percent($0.progress.current.fraction) } ?? "")
    }

    /// ` 40%` for a build 0.4 done; nothing before it reports.
    static func percent(_ fraction: Double) -> String {
        fraction > 0 ? " \(Int(fraction * 100))%" : ""
    }

    /// Starts a build when the scene shown is not the one for `position` and `size` and
    /// none is running. Returns true when one started.
    mutating func startIfNeeded(size: BrowseSize) -> Bool {
        guard job == nil, !held, built.position != position || built.size != size else { return false }
        job = BrowseJob(position: position, size: size, source: source)
        return true
    }

    /// Picks up a finished build. Returns true when the scene (or the error shown) changed.
    mutating func poll() -> Bool {
        guard let j = job, let result = j.result else { return false }
        job = nil
        switch result {
        case .success(let scene):
            built = (scene, j.position, j.size)
            failure = nil
        case .failure(let error):
            // Keep the last good scene; do not retry the same position at once.
            built.position = j.position
            built.size = j.size
            failure = j.progress.isCancelled ? "build cancelled (Esc)" : "\(error)"
        }
        return true
    }

    /// The point of the scene under view offset (`x`, `y`) at the rotation centre, in view
    /// units (x right, y up), with the scene turned by `rotation`.
    func point(x: Double, y: Double, rotation: Quaternion) -> SIMD3<Double> {
        let v = rotation.conjugate.act(Vec3(Float(x), Float(y), 0))
        return position.point(at: SIMD3(Double(v.x), Double(v.y), Double(v.z)))
    }

    /// Cancels the running build (Esc): the last scene stays, and no build starts until
    /// the view moves. Returns true when a build was running.
    mutating func cancel() -> Bool {
        guard let j = job, !j.progress.isCancelled else { return false }
        j.progress.cancel()
        held = true
        return true
    }

    /// Zooms in by `factor` (> 1 closer) towards view offset (`x`, `y`).
    mutating func zoom(by factor: Double, x: Double = 0, y: Double = 0, rotation: Quaternion) {
        held = false
        position = source.rebase(position.zoomed(by: factor, towards: point(x: x, y: y, rotation: rotation)))
        lastAction = factor >= 1 ? String(format: "x%.3g", factor) : String(format: "/%.3g", 1 / factor)
    }

    /// Moves the view by (`dx`, `dy`) steps (right and up on screen).
    mutating func move(dx: Double, dy: Double, rotation: Quaternion) {
        held = false
        let step = Self.moveStep * source.halfHeight
        let v = rotation.conjugate.act(Vec3(Float(dx * step), Float(dy * step), 0))
        position = source.rebase(position.moved(by: SIMD3(Double(v.x), Double(v.y), Double(v.z))))
        let across = dx > 0 ? "right" : dx < 0 ? "left" : ""
        let upDown = dy > 0 ? "up" : dy < 0 ? "down" : ""
        lastAction = "move " + [upDown, across].filter { !$0.isEmpty }.joined(separator: " ")
    }
}
