import Display
import Foundation
import Synchronization

/// One background build of a browsed scene: runs `BrowseSource.load` for one position on
/// its own thread; the run loop polls `result` between frames.
final class BrowseJob: Sendable {
    /// The position being built for.
    let position: BrowsePosition
    /// The view size being built for, in cells.
    let size: BrowseSize
    /// Shared cancellation, and how far the build has come (the HUD shows it).
    let progress = LevelProgress()
    private let outcome = Mutex<Result<ViewerScene, any Error>?>(nil)

    /// Starts building for `position` on a `size` view with `source` at once.
    init(position: BrowsePosition, size: BrowseSize, source: BrowseSource) {
        self.position = position
        self.size = size
        let load = source.load
        Thread.detachNewThread { [self] in
            let r: Result<ViewerScene, any Error>
            do {
                r = .success(try load(position, size.columns, size.rows, size.cellAspect, progress))
            } catch {
                r = .failure(error)
            }
            outcome.withLock { $0 = r }
        }
    }

    /// The finished result, or nil while still running.
    var result: Result<ViewerScene, any Error>? { outcome.withLock { $0 } }
}

/// The cell size of the picture a browsed scene is built for, and the shape of its cells.
struct BrowseSize: Hashable, Sendable {
    var columns: Int
    var rows: Int
    /// Width / height of one cell (the terminal's, once detected).
    var cellAspect: Double
}
