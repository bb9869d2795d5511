import Display
import Foundation
import Synchronization

/// One background build of a level: runs `LevelSource.load` on its own thread; the run
/// loop polls `result` between frames.
final class LevelJob: Sendable {
    /// The level being built.
    let level: Int
    /// Shared progress and cancellation.
    let progress = LevelProgress()
    private let outcome = Mutex<Result<ViewerScene, any Error>?>(nil)

    /// Starts building `level` with `source` at once.
    init(level: Int, source: LevelSource) {
        self.level = level
        let load = source.load
        Thread.detachNewThread { [self] in
            let r: Result<ViewerScene, any Error>
            do {
                r = .success(try load(level, progress))
            } catch {
                r = .failure(error)
            }
            outcome.withLock { $0 = r }
        }
    }

    /// The finished result, or nil while still running.
    var result: Result<ViewerScene, any Error>? { outcome.withLock { $0 } }
}
