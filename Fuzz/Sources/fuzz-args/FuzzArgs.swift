import FuzzSupport
import OrbitCLI

/// libFuzzer entry: the input is a command line, arguments separated by NUL bytes (as
/// `/proc/PID/cmdline` stores them), parsed by `ArgumentParser.parse`. A rejected command
/// line gives one line of message ("orbit: ...") and a usage or failure status.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzCheck.bytes(data, size)
    let arguments =
        bytes.isEmpty
        ? []
        : bytes.split(separator: 0, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
    do {
        _ = try ArgumentParser.parse(arguments)
    } catch {
        FuzzCheck.requireOneLine(error.description, startingWith: "orbit: ")
        FuzzCheck.require(error.status == 1 || error.status == 2, "exit status \(error.status)")
    }
    return 0
}
