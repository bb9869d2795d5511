import Escapes
import Foundation
import Raster

/// The kitty graphics protocol: each frame's pixels as one image, placed over the view
/// area under the text layer (so the status line and message boxes stay readable).
///
/// Each frame transmits and places an image (`a=T`) at the area's top-left cell,
/// stretched over `columns` x `rows` cells (`c`, `r`), cursor not moved (`C=1`), under
/// cells with a background colour (`z`), answers off (`q=2`), and then deletes the image
/// of the frame before and frees its data (`a=d,d=I`): frames alternate between two image
/// ids (`firstID`, `firstID + 1`), so the new picture is on screen before the old one goes
/// (no flicker) and the terminal holds at most two. (Editing one image's frame in place,
/// `a=f`, is what kitty's animation offers, but kitty 0.26 lost the image after about a
/// hundred edits sent over the tty, and terminals without kitty's animations ignore it.)
/// Over the tty pixels travel as PNG (`f=100`, `PNGEncoder`: RGB, or RGBA with
/// `--transparent`; near-lossless, every channel within `tolerance` of the framebuffer),
/// base64 in 4096-byte chunks; when the terminal reads our files, raw (`f=24`/`f=32`) in a
/// temporary file (`t=t`). `removal()` deletes the images (two, or the three of
/// placeholders) and frees their data.
///
/// Inside tmux every command is wrapped for passthrough. With `placement.placeholders`
/// each frame transmits a new image with a virtual placement (`U=1`) under the next of
/// three ids (`KittyPlaceholders.imageID(after:)`) and writes the area's placeholder cells
/// as text naming it (inside tmux, text of the pane, which tmux keeps and redraws); an id
/// is transmitted again, replacing its image, three frames later, when the cells name
/// another. (Edits of one image in place, `a=f`, left kitty 0.31 showing the first frame:
/// with the cells unchanged it did not draw the edited image.) Otherwise, inside tmux, the
/// picture is placed at the pane's offset on the outer screen.
public final class KittyOutput: CompressedFrameOutput {
    /// How the pixels travel to the terminal.
    public enum Transmission: Equatable, Sendable {
        /// Base64 over the tty, as PNG (`t=d,f=100`): works everywhere, also over SSH.
        case direct
        /// A temporary file the terminal reads and deletes (`t=t`): local terminals only.
        case temporaryFile
    }

    /// The first of the two image ids frames alternate between by default (the other is one
    /// more): fixed, so headless output (`orbit render`, `bench`) is the same on every run.
    public static let imageID = 7_007
    /// A first image id of this process's own, which the viewer uses so that two viewers in
    /// one terminal keep their pictures apart.
    public static let processImageID = 700_000_000 + 2 * Int(getpid() % 1_000_000)
    /// Base64 characters per chunk.
    public static let chunkSize = 4096
    /// The z-index that puts the image under cells with a non-default background.
    public static let zIndex = -1_073_741_825

    public let mode = OutputMode.kitty
    /// Where the picture goes and at what resolution.
    public let placement: GraphicsPlacement
    public let grid: PixelGrid
    /// RGBA with the uncovered pixels transparent (`--transparent`).
    public let transparent: Bool
    /// How pixels travel.
    public let transmission: Transmission
    /// The first of the two image ids this output's frames alternate between.
    public let firstID: Int
    /// The image id of the last frame: `firstID` or `firstID + 1` in turn, or one of
    /// `KittyPlaceholders.imageIDs` when placed by placeholders.
    public private(set) var id: Int
    /// Placed by Unicode placeholders: `placement.placeholders`, and the area fits.
    private let virtual: Bool
    /// The PNG encoder of `direct` transmission (its `tolerance`: 1 sRGB level by default).
    public var png: PNGEncoder
    /// Bytes of the last frame's pixels before and after compression (figures for bench).
    public private(set) var lastRawBytes = 0
    public private(set) var lastCompressedBytes = 0
    /// Time spent compressing (PNG filtering and deflate), in total (nanoseconds, monotonic clock).
    public private(set) var compressNanoseconds: UInt64 = 0

    private var placed = false
    private var pixels: [UInt8] = []
    private var compressed: [UInt8] = []
    /// The base64 of `compressed`, kept from frame to frame.
    private var payload: [UInt8] = []

    /// A kitty output for `placement`; over the tty each colour channel is sent within
    /// `tolerance` sRGB levels of the framebuffer (0 = exact, default 1: see `PNGEncoder`);
    /// frames take image ids `firstID` and `firstID + 1` in turn (default `imageID`).
    public init(
        placement: GraphicsPlacement, transparent: Bool = false, transmission: Transmission = .direct,
        tolerance: Int = 1, firstID: Int = KittyOutput.imageID
    ) {
        self.placement = placement
        self.grid = placement.grid
        self.transparent = transparent
        self.transmission = transmission
        virtual = placement.placeholders && KittyPlaceholders.fits(columns: placement.columns, rows: placement.rows)
        self.firstID = firstID
        // The first frame takes `firstID` (by placeholders, `KittyPlaceholders.imageID`).
        id = virtual ? KittyPlaceholders.imageIDs[KittyPlaceholders.idsInTurn - 1] : firstID + 1
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
        if placement.tmux == nil {
            guard appendFrame(to: &bytes) else { return }
        } else {
            // Inside tmux the commands pass through it wrapped.
            var command: [UInt8] = []
            guard appendFrame(to: &command) else { return }
            bytes += TerminalQueries.tmuxWrapped(command)
        }
        placed = true
        if virtual {
            // The cells are text of the screen (inside tmux, of the pane), naming the new image.
            KittyPlaceholders.appendCells(
                imageID: id, columns: placement.columns, rows: placement.rows, row: placement.originRow,
                column: placement.originColumn, to: &bytes)
        }
    }

    /// Appends the commands that place or replace the image with `pixels`; false when the
    /// frame could not be encoded or written.
    private func appendFrame(to command: inout [UInt8]) -> Bool {
        var keys: String
        // Every frame is a new image under the next id.
        let previous = id
        let id = virtual ? KittyPlaceholders.imageID(after: previous) : previous == firstID ? firstID + 1 : firstID
        if virtual {
            keys = "a=T,U=1,c=\(placement.columns),r=\(placement.rows)"
        } else {
            keys = "a=T,p=1,c=\(placement.columns),r=\(placement.rows),C=1,z=\(Self.zIndex)"
        }
        keys += ",i=\(id),q=2"
        let format = ",f=\(transparent ? 32 : 24),s=\(grid.width),v=\(grid.height)"
        if !virtual {
            // Placed at the cursor: the area's top-left cell (inside tmux, on the outer screen,
            // with the cursor saved and restored so tmux's idea of it stays true).
            if let t = placement.tmux {
                command += Array("\u{1B}7".utf8)
                ANSI.appendMove(
                    row: t.paneTop + placement.originRow, column: t.paneLeft + placement.originColumn, to: &command)
            } else {
                ANSI.appendMove(row: placement.originRow, column: placement.originColumn, to: &command)
            }
        }
        switch transmission {
        case .temporaryFile:
            guard let path = writeFrameFile() else { return false }
            lastCompressedBytes = pixels.count
            let name = Array(Base64.encode(Array(path.utf8)).utf8)
            Self.appendCommand(keys + format + ",t=t", payload: name, to: &command)
        case .direct:
            let before = DispatchTime.now().uptimeNanoseconds
            let ok = png.encode(&pixels, width: grid.width, height: grid.height, alpha: transparent, into: &compressed)
            compressNanoseconds &+= DispatchTime.now().uptimeNanoseconds &- before
            guard ok else { return false }
            lastCompressedBytes = compressed.count
            payload.removeAll(keepingCapacity: true)
            Base64.append(compressed[...], to: &payload)
            Self.appendCommand(keys + ",f=100", payload: payload, to: &command)
        }
        if !virtual {
            // The frame before goes once this one is placed.
            command += Self.deletion(of: previous)
            if placement.tmux != nil { command += Array("\u{1B}8".utf8) }
        }
        self.id = id
        return true
    }

    public func invalidate() { placed = false }

    public var readsNormals: Bool { false }

    public func removal() -> [UInt8] {
        placed = false
        let delete =
            virtual
            ? KittyPlaceholders.imageIDs.flatMap(Self.deletion(of:))
            : Self.deletion(of: firstID) + Self.deletion(of: firstID + 1)
        return placement.tmux == nil ? delete : TerminalQueries.tmuxWrapped(delete)
    }

    /// The command that deletes image `id` and frees its data, answers off.
    static func deletion(of id: Int) -> [UInt8] {
        Array("\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\".utf8)
    }

    /// Appends one graphics command: `keys` and the first chunk of `payload`, then the
    /// rest in `chunkSize` pieces (`m=1` on every piece but the last).
    static func appendCommand(_ keys: String, payload: [UInt8], to bytes: inout [UInt8]) {
        var start = 0
        var first = true
        repeat {
            let end = min(start + chunkSize, payload.count)
            let more = end < payload.count
            bytes += [0x1B, 0x5F, 0x47]  // ESC _ G
            if first {
                bytes += Array(keys.utf8)
                if more { bytes += Array(",m=1".utf8) }
            } else {
                bytes += Array((more ? "m=1" : "m=0").utf8)
            }
            bytes.append(0x3B)  // ;
            bytes += payload[start..<end]
            bytes += [0x1B, 0x5C]  // ESC \
            start = end
            first = false
        } while start < payload.count
    }

    /// Writes the frame's pixels to a new temporary file whose path kitty accepts for
    /// `t=t` (it deletes the file once read; `GraphicsTemporaryFiles` bounds and removes
    /// what it does not); nil when it cannot be written.
    private func writeFrameFile() -> String? {
        GraphicsTemporaryFiles.write(pixels)
    }
}
