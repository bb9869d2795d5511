/// Whether a byte scanner (`NumberScanner`) checks the end of its memory at every byte, as a
/// type (`NumberScanner.Checked`, `NumberScanner.Unchecked`) so that each choice gets its own
/// specialized code: no test per byte when unchecked.
protocol ScanEnd {
    /// True when every read is checked against the end index.
    static var checked: Bool { get }
}
