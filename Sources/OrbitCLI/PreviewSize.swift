import Viewer

/// A picture's size in pixels (`--size 640x480px`).
public struct PixelSize: Equatable, Hashable, Sendable {
    /// Width in pixels, 1...8192.
    public var width: Int
    /// Height in pixels, 1...8192.
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// The size of a file manager's preview pane, in cells: where `orbit preview` finds it.
enum PreviewSize {
    /// Most pixels a side of a picture may have.
    static let maxPixels = 8192

    /// The environment variables that carry a pane's size, first pair set wins: yazi's
    /// piper (`$w`, `$h`), fzf's `--preview` (`FZF_PREVIEW_COLUMNS`, `FZF_PREVIEW_LINES`),
    /// then the shell's `COLUMNS` and `LINES` (lf, ranger and nnn's previewers set them or
    /// pass the size as arguments the set-ups in docs/PREVIEW.md turn into `--size`).
    static let sources: [(columns: String, rows: String)] = [
        ("w", "h"), ("FZF_PREVIEW_COLUMNS", "FZF_PREVIEW_LINES"), ("COLUMNS", "LINES"),
    ]

    /// The pane's size from `environment`, or nil when no pair is set to sensible values
    /// (whole numbers, 1-2000 columns and 1-1000 rows).
    static func fromEnvironment(_ environment: [String: String]) -> (columns: Int, rows: Int)? {
        for source in sources {
            guard let c = environment[source.columns].flatMap({ Int($0) }),
                let r = environment[source.rows].flatMap({ Int($0) }),
                (1...2000).contains(c), (1...1000).contains(r)
            else { continue }
            return (c, r)
        }
        return nil
    }

    /// Refuses `--size WxHpx` anywhere but `orbit preview -o FILE.png` and a picture
    /// recording of `orbit render --record`.
    static func checkPixels(_ options: Options, for command: Command) throws(CLIError) {
        let picture = command == .render && options.record.flatMap(RecordingFormat.of)?.isPicture == true
        if options.pixelSize != nil && !picture && (command != .preview || options.outputFile == nil) {
            throw .usage("--size WxHpx (pixels) applies only to 'preview -o FILE.png' and 'render --record FILE.gif'")
        }
    }

    /// `WxHpx` (e.g. `640x480px`) as a pixel size, or nil when `text` does not end in `px`.
    /// Throws when it does but the numbers are not 1...8192.
    static func pixels(_ text: String) throws(CLIError) -> PixelSize? {
        let lower = text.lowercased()
        guard lower.hasSuffix("px") else { return nil }
        let parts = lower.dropLast(2).split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...maxPixels).contains(w),
            (1...maxPixels).contains(h)
        else {
            throw .usage("--size wants WxHpx with 1-\(maxPixels) pixels each, got '\(text)'")
        }
        return PixelSize(width: w, height: h)
    }
}
