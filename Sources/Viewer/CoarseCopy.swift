import Foundation
import SceneGraph

/// `DisplayDetail`'s simplified copy of a big scene, made on another thread so the model
/// opens (and draws its first, full-detail frame) without waiting for it.
final class CoarseCopy: @unchecked Sendable {
    private let lock = NSLock()
    /// The copy once made; nil while it is being made or when none is needed.
    private var made: Node?
    /// Counts the scenes started, so a copy of a replaced scene is dropped.
    private var generation = 0
    /// Whether the current scene is over the budget (it has, or will have, a copy).
    private(set) var isNeeded = false

    /// Starts the copy of `root` when it draws more than `DisplayDetail.budget`
    /// triangles; forgets the previous scene's.
    func start(_ root: Node) {
        lock.lock()
        generation += 1
        let mine = generation
        made = nil
        isNeeded = root.triangleCount > DisplayDetail.budget
        let needed = isNeeded
        lock.unlock()
        guard needed else { return }
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let copy = DisplayDetail.simplified(root)
            lock.lock()
            if generation == mine { made = copy }
            lock.unlock()
        }
    }

    /// The copy, or nil while it is being made (or when none is needed).
    var ready: Node? {
        lock.lock()
        defer { lock.unlock() }
        return made
    }
}
