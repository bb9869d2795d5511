import Display
import Gestures
import SceneGraph

/// What the viewer asks of a renderer: the bytes that bring the picture on screen up to
/// date. The viewer owns the terminal, the clock and the input; a renderer owns the scene,
/// the pixels and the cell encoding, so it can be swapped (and tested) without a terminal.
public protocol FrameRenderer: AnyObject {
    /// Triangles in the current scene, for the status line.
    var triangleCount: Int { get }
    /// Short name of the current glyph set, e.g. `blocks`.
    var glyphSetName: String { get }
    /// Short name of the current colour depth, e.g. `256`.
    var colorDepthName: String { get }
    /// Switches to the next glyph set (cycling through all of them).
    func nextGlyphSet()
    /// Switches to the next colour depth (cycling through those the terminal can show).
    func nextColorDepth()
    /// Short name of the current output: `cells` or a graphics output (`OutputKind`).
    var outputName: String { get }
    /// Switches to the next output (cells and the graphics the terminal shows).
    func nextOutput()
    /// The bytes that take the picture off the screen (kitty images, sixel mode), for
    /// quitting; empty for cells and iTerm2 images (drawn into the cells).
    func removal() -> [UInt8]
    /// Flow control measured the link at `bytesPerSecond` at `time` (monotonic seconds):
    /// graphics frames may be rendered smaller to fit it.
    func linkMeasured(bytesPerSecond: Double, at time: Double)
    /// Inside tmux: the pane now starts at `top`, `left` (0-based) on the outer screen, so
    /// pictures placed at the pane's offset go there from the next frame (after the bytes
    /// of `removal()` take the old one away).
    func paneMoved(top: Int, left: Int)
    /// True when a frame since the last call placed a picture anew (the first frame of an
    /// output, a full frame, a new size), as graphics outputs do and cells never; the call
    /// resets it. Inside tmux such a placement can be lost (`ViewerSession.placedAnew`).
    func takePlaced() -> Bool
    /// Replaces the scene, for instance with another Apollonian level.
    func setScene(_ scene: ViewerScene)
    /// Changes the current scene in place (a model's animation posing it), keeping the
    /// output's state: the cell encoder's hysteresis is not reset, and meshes the renderer
    /// alone holds are rewritten in their own memory.
    func poseScene(_ body: (inout ViewerScene) -> Void)
    /// The bytes that bring `columns` x `rows` cells at the top-left corner of the screen up
    /// to date with the scene posed by `motion`: only the cells that changed since the last
    /// call, or every cell when `full` is true (after a resize, a clear or an overlay).
    /// Cursor positioning is absolute; the bytes end with attributes reset. Empty when
    /// nothing changed.
    func frame(columns: Int, rows: Int, motion: MotionState, full: Bool) -> [UInt8]
    /// Sets what `frame` asks now and then while it draws (`Rasterizer.shouldCancel`: from
    /// the drawing threads, one at a time), or nil to ask nothing. When it answers true the
    /// frame is abandoned: `frame` returns no bytes and `lastFrameAbandoned` is true.
    func setInterruption(_ check: (@Sendable () -> Bool)?)
    /// True when the last `frame` was abandoned (`setInterruption`): nothing of it was
    /// sent, the screen keeps the frame before it, and the caller asks for it again.
    var lastFrameAbandoned: Bool { get }
    /// The pixels of the last frame as `orbit snapshot` writes them (the framebuffer the
    /// cells were made from), or nil before the first frame or when the renderer has none.
    func lastFrameImage() -> Image?
    /// What the HUD says about the detail drawn (a simplified copy while turning), or nil.
    var detailHUD: String? { get }
    /// Draws every triangle while turning too (key `f`), or the simplified copy again.
    func toggleFullDetail()
    /// True when dithering was asked for (`--dither`) and the current output cannot show
    /// it (`OutputMode.ditherIgnored`), for the status line.
    var ditherIgnored: Bool { get }
}

extension FrameRenderer {
    /// Nothing placed by the pane's offset, by default.
    public func paneMoved(top: Int, left: Int) {}

    /// Nothing placed, by default.
    public func takePlaced() -> Bool { false }

    /// No pixels to give by default.
    public func lastFrameImage() -> Image? { nil }

    /// Full detail always, by default.
    public var detailHUD: String? { nil }

    /// Nothing to change by default.
    public func toggleFullDetail() {}

    /// Frames that are never abandoned, by default.
    public func setInterruption(_ check: (@Sendable () -> Bool)?) {}

    /// Never abandoned by default.
    public var lastFrameAbandoned: Bool { false }

    /// Nothing ignored by default.
    public var ditherIgnored: Bool { false }
}
