/// The key table as Markdown, for README (`orbit --list keys --markdown` prints it; a test
/// checks README holds exactly this text).
extension KeyTable {
    /// A two-column Markdown table, `| key | what it does |`, one line per row of `rows`,
    /// the keys in code spans.
    public static var markdown: [String] {
        ["| key | what it does |", "|---|---|"] + rows.map { "| `\($0.keys)` | \($0.help) |" }
    }
}
