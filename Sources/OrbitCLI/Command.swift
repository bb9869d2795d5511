/// What `orbit` was asked to do.
public indirect enum Command: Hashable, Sendable {
    /// `orbit [SCENE]`: the interactive viewer.
    case view
    /// `orbit demo [SCENE]`: the viewer playing a narrated tour of the gestures.
    case demo
    /// `orbit render [SCENE]`: frames as text on standard output.
    case render
    /// `orbit snapshot [SCENE] -o FILE.png`: one frame's pixels as a PNG.
    case snapshot
    /// `orbit bench [SCENE]`: timings, one `name: value` line each.
    case bench
    /// `orbit preview FILE`: one framed view sized to a file manager's preview pane.
    case preview
    /// `orbit apollonian export`: sphere records as JSON.
    case apollonianExport
    /// `orbit apollonian stats`: counts per generation or per radius octave.
    case apollonianStats
    /// `--help`, for the command given (nil: the overview).
    case help(Command?)
    /// `--version`.
    case version
    /// `--list WHAT [--markdown]`: one of the program's tables (`Lists`), one entry a line,
    /// or as a Markdown table.
    case list(String, markdown: Bool = false)

    /// The words that name the command on the command line.
    public var name: String {
        switch self {
        case .view: return "orbit"
        case .demo: return "demo"
        case .render: return "render"
        case .snapshot: return "snapshot"
        case .bench: return "bench"
        case .preview: return "preview"
        case .apollonianExport: return "apollonian export"
        case .apollonianStats: return "apollonian stats"
        case .help: return "help"
        case .version: return "version"
        case .list: return "list"
        }
    }
}
