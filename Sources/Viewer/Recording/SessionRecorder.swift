/// What the viewer records its session with (`--record FILE`): the bytes of every frame it
/// writes, with their time since the start. `CastRecorder` keeps the bytes (`.cast`);
/// `PictureRecorder` keeps what a terminal shows for them (GIF, APNG, video).
public protocol SessionRecorder: AnyObject {
    /// Records `bytes` written `seconds` after the start.
    func output(_ bytes: [UInt8], at seconds: Double)
    /// Records a new terminal size.
    func resize(columns: Int, rows: Int, at seconds: Double)
    /// Finishes the file.
    func close()
    /// The one-line error when the recording could not be written, else nil.
    var failureMessage: String? { get }
}

extension CastRecorder: SessionRecorder {}
