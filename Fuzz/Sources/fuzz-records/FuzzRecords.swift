import Apollonian
import Foundation
import FuzzSupport

/// libFuzzer entry: the bounded record reader, `SphereJSON.read(path:maxRecords:maxBytes:)`,
/// on a real file and on standard input (a pipe put on descriptor 0).
///
/// Input layout: byte 0 picks the reader (bit 7: standard input, else a file) and the
/// byte limit (`1 + (byte & 0x7F) * 32`, 1...4065 bytes); the rest is the document. The
/// reader must refuse a document over the limit with one line naming its source, and
/// otherwise give exactly what `SphereJSON.decode` gives for the same bytes (the same
/// records, or the same error).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzCheck.bytes(data, size)
    guard let selector = input.first else { return 0 }
    let document = Array(input.dropFirst())
    let fromStandardInput = selector & 0x80 != 0
    let maxBytes = 1 + Int(selector & 0x7F) * 32
    let source = fromStandardInput ? "stdin" : RecordFile.path
    guard fromStandardInput ? RecordFile.putOnStandardInput(document) : RecordFile.write(document) else { return 0 }
    let outcome = Result {
        try SphereJSON.read(path: fromStandardInput ? "-" : RecordFile.path, maxRecords: 1000, maxBytes: maxBytes)
    }
    if case .failure(let error) = outcome {
        FuzzCheck.requireOneLine(String(describing: error), startingWith: source + ":")
    }
    if document.count > maxBytes {
        guard case .failure(let error) = outcome else {
            FuzzCheck.require(false, "\(document.count) bytes accepted with a limit of \(maxBytes)")
            return 0
        }
        let text = String(describing: error)
        FuzzCheck.require(
            text.contains("than \(maxBytes) bytes"), "over the limit but refused for another reason: \(text)")
        return 0
    }
    let expected = Result { try SphereJSON.decode(document, source: source, maxRecords: 1000) }
    switch (outcome, expected) {
    case (.success(let a), .success(let b)):
        FuzzCheck.require(a == b, "read gave \(a.count) records, decode \(b.count) (or different ones)")
    case (.failure(let a), .failure(let b)):
        FuzzCheck.require(String(describing: a) == String(describing: b), "read and decode disagree: \(a) / \(b)")
    case (.success(let a), .failure(let b)):
        FuzzCheck.require(false, "read accepted \(a.count) records, decode refused: \(b)")
    case (.failure(let a), .success(let b)):
        FuzzCheck.require(false, "read refused (\(a)), decode accepted \(b.count) records")
    }
    return 0
}

/// The scratch file and the standard-input pipe the target feeds the reader through.
enum RecordFile {
    /// A file of this process's own in the temporary folder.
    static let path = NSTemporaryDirectory() + "/fuzz-records-\(getpid()).json"

    /// Replaces the scratch file's contents with `bytes`.
    static func write(_ bytes: [UInt8]) -> Bool {
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
    }

    /// Makes descriptor 0 a pipe that holds `bytes` and then ends (the inputs fit in the
    /// pipe's 64 KB buffer, so no writer thread is needed).
    static func putOnStandardInput(_ bytes: [UInt8]) -> Bool {
        guard bytes.count <= 60_000 else { return false }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return false }
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Foundation.write(fds[1], $0.baseAddress, $0.count) }
            if n <= 0 { break }
            sent += n
        }
        close(fds[1])
        let moved = dup2(fds[0], 0) == 0
        close(fds[0])
        return moved && sent == bytes.count
    }
}
