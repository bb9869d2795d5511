import Escapes
import Foundation
import Raster

/// iTerm2's inline images protocol (also WezTerm, mintty, VS Code's terminal and Konsole):
/// each frame's pixels as one PNG file sent in one `OSC 1337 ; File=` sequence, drawn at
/// the view area's top-left cell and stretched over `columns` x `rows` cells
/// (`width`/`height` in cells, `preserveAspectRatio=0`), so a frame rendered below full size
/// still fills the area. The cursor is saved and restored around it (and
/// `doNotMoveCursor=1` asks the terminals that know it not to move it at all). The protocol
/// has no image ids: every frame is a new image over the last one, and the terminal drops
/// the one it covers. Pixels travel as `PNGEncoder`'s PNG (RGB, or RGBA with
/// `--transparent`; near-lossless, every channel within `tolerance` of the framebuffer),
/// base64, ended by BEL. Inside tmux the sequence goes through passthrough, placed at the
/// pane's offset on the outer screen.
public final class ITermOutput: CompressedFrameOutput {
    public let mode = OutputMode.pixels(.iterm)
    /// Where the picture goes and at what resolution.
    public let placement: GraphicsPlacement
    public let grid: PixelGrid
    /// RGBA with the uncovered pixels transparent (`--transparent`).
    public let transparent: Bool
    /// The PNG encoder (its `tolerance`: 1 sRGB level by default).
    public var png: PNGEncoder
    public private(set) var lastRawBytes = 0
    /// Bytes of the last frame's PNG file.
    public private(set) var lastCompressedBytes = 0
    public private(set) var compressNanoseconds: UInt64 = 0

    private var pixels: [UInt8] = []
    private var compressed: [UInt8] = []
    private var command: [UInt8] = []

    /// An iTerm2 output for `placement`; each colour channel is sent within `tolerance`
    /// sRGB levels of the framebuffer (0 = exact, default 1: see `PNGEncoder`).
    public init(placement: GraphicsPlacement, transparent: Bool = false, tolerance: Int = 1) {
        self.placement = placement
        grid = placement.grid
        self.transparent = transparent
        png = PNGEncoder(tolerance: tolerance)
    }

    public var threads: Int {
        get { png.threads }
        set { png.threads = min(max(newValue, 1), 64) }
    }

    public var columns: Int { placement.columns }
    public var rows: Int { placement.rows }

    public func write(_ framebuffer: Framebuffer, into bytes: inout [UInt8]) {
        bytes.removeAll(keepingCapacity: true)
        framebuffer.writeSRGB8(into: &pixels, alpha: transparent, threads: threads)
        lastRawBytes = pixels.count
        let before = DispatchTime.now().uptimeNanoseconds
        let ok = png.encode(&pixels, width: grid.width, height: grid.height, alpha: transparent, into: &compressed)
        compressNanoseconds &+= DispatchTime.now().uptimeNanoseconds &- before
        guard ok else { return }
        lastCompressedBytes = compressed.count
        if transparent {
            // An image's see-through pixels show the cells under it: blank the area first
            // (in tmux, the pane's own cells).
            for r in 0..<placement.rows {
                ANSI.appendMove(row: placement.originRow + r, column: placement.originColumn, to: &bytes)
                bytes += Array("\u{1B}[\(placement.columns)X".utf8)
            }
        }
        command.removeAll(keepingCapacity: true)
        command += Array("\u{1B}7".utf8)
        let top = placement.originRow + (placement.tmux?.paneTop ?? 0)
        let left = placement.originColumn + (placement.tmux?.paneLeft ?? 0)
        ANSI.appendMove(row: top, column: left, to: &command)
        command += Array(Self.arguments(size: compressed.count, columns: placement.columns, rows: placement.rows).utf8)
        Base64.append(compressed[...], to: &command)
        command.append(0x07)  // BEL
        command += Array("\u{1B}8".utf8)
        bytes += placement.tmux == nil ? command : TerminalQueries.tmuxWrapped(command)
    }

    /// The sequence up to the payload: `ESC ] 1337 ; File=inline=1;size=N;width=C;height=R;
    /// preserveAspectRatio=0;doNotMoveCursor=1:`.
    public static func arguments(size: Int, columns: Int, rows: Int) -> String {
        "\u{1B}]1337;File=inline=1;size=\(size);width=\(columns);height=\(rows)"
            + ";preserveAspectRatio=0;doNotMoveCursor=1:"
    }

    /// Every frame is sent whole; nothing to forget.
    public func invalidate() {}

    /// Nothing: the image lives in the cells, and whatever is drawn next (the viewer clears
    /// the screen when it changes output) replaces it.
    public func removal() -> [UInt8] { [] }

    public var readsNormals: Bool { false }
}
