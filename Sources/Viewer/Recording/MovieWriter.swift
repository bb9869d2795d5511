/// A writer of a moving picture: frames of 8-bit sRGB pixels in, one file out, written
/// beside its path and renamed over it by `finish` (so an error or an `abandon` leaves no
/// file behind and an existing file untouched).
///
/// Time is counted in frames of 1/fps s: a frame added at `frame` n is shown from n/fps s
/// until the next frame's time (the last one for 1/fps s), so a recording that repeats a
/// frame need not add it again.
public protocol MovieWriter: AnyObject {
    /// Pixels across every frame.
    var width: Int { get }
    /// Pixels down every frame.
    var height: Int { get }
    /// Adds `rgb` (width x height x 3 bytes, row-major from the top-left) shown from
    /// `frame` / fps seconds; `frame` must be later than the last one added.
    func add(_ rgb: [UInt8], frame: Int) throws(RecordingError)
    /// Writes what is left and puts the file at its path.
    func finish() throws(RecordingError)
    /// Stops, removing the temporary file (and any encoder it started); safe to call twice.
    func abandon()
}

extension MovieWriter {
    /// Refuses `rgb` unless it holds one frame of `width` x `height` pixels (3 bytes each);
    /// `path` names the file in the error.
    func checkFrame(_ rgb: [UInt8], for path: String) throws(RecordingError) {
        guard rgb.count == width * height * 3 else {
            throw RecordingError("\(path): a frame of \(rgb.count) bytes is not \(width)x\(height) pixels")
        }
    }
}
