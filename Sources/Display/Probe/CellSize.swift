/// The size of one terminal cell in pixels (`--cell-size WxH`, or what the terminal
/// reports). It sets the pixel grid of the graphics outputs and the pixel aspect of
/// every output.
public struct CellSize: Equatable, Hashable, Sendable {
    /// Width in pixels (at least 1).
    public var width: Int
    /// Height in pixels (at least 1).
    public var height: Int

    /// A cell of `width` x `height` pixels (each clamped to 1...1000).
    public init(width: Int, height: Int) {
        self.width = min(max(width, 1), 1000)
        self.height = min(max(height, 1), 1000)
    }

    /// 8x16: the default where no terminal says (`--size 100x30` is 800x480 pixels).
    public static let standard = CellSize(width: 8, height: 16)

    /// Width / height.
    public var aspect: Double { Double(width) / Double(height) }

    /// Parses `WxH` with whole numbers 1...1000; nil otherwise.
    public init?(_ text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...1000).contains(w),
            (1...1000).contains(h)
        else {
            return nil
        }
        self.init(width: w, height: h)
    }
}
