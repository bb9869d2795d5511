import Foundation

/// Reads a model file and the files it refers to, never outside the model's own folder
/// (or the asset root the user names, which must hold it).
///
/// References from inside a file (`mtllib`, `map_Kd`, glTF `uri`, COLLADA `init_from`)
/// are relative paths below the folder (`model://NAME/...` and `package://NAME/...` name
/// the folder NAME of the root): absolute paths, `..` components (allowed inside an asset
/// root, never above it), hidden components
/// (`.ssh`, `.env`: a name starting with a dot), `~`, NUL bytes
/// and URIs with a scheme (other than `data:`, which the glTF reader decodes itself) are
/// refused, and after resolving symbolic links the file must still be inside the folder.
struct FileAccess: Sendable {
    /// The folder files may be read from (the asset root, by default the model's folder)
    /// with symbolic links resolved, or nil when the model came from memory (then every
    /// external reference is refused).
    let folder: String?
    /// The model's folder relative to `folder` ("" when they are the same): where the
    /// model's own references start.
    let base: String
    /// True when the user widened the folder with an asset root (`--asset-root`).
    let widened: Bool
    /// The folders listed for case-insensitive look-ups, once each (`FolderListings`).
    private(set) var listings = FolderListings()

    /// Access for a model read from memory: every external reference is refused.
    static let refusingAll = FileAccess(folder: nil, base: "", widened: false)

    private init(folder: String?, base: String, widened: Bool) {
        self.folder = folder
        self.base = base
        self.widened = widened
    }

    /// Access below `root` (default: `folder`) for a model in `folder`.
    /// - Throws: when the model's folder is not inside the root.
    init(folder: String?, root: String? = nil, file: String = "") throws(AssetError) {
        func resolved(_ path: String) -> String {
            URL(fileURLWithPath: path.isEmpty ? "." : path).standardizedFileURL.resolvingSymlinksInPath().path
        }
        guard let folder else {
            self = .refusingAll
            return
        }
        let own = resolved(folder)
        guard let root else {
            self.folder = own
            base = ""
            widened = false
            return
        }
        let top = resolved(root)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: top, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw AssetError(file: root, "asset root is not a folder")
        }
        let prefix = top.hasSuffix("/") ? top : top + "/"
        guard own == top || own.hasPrefix(prefix) else {
            throw AssetError(file: file, "the model is not inside the asset root '\(AssetError.oneLine(root))'")
        }
        self.folder = top
        base = own == top ? "" : String(own.dropFirst(prefix.count))
        widened = true
    }

    /// Reads a whole regular file of at most `AssetLimits.maxFileBytes`.
    /// - Parameters:
    ///   - path: the file's path.
    ///   - name: the name used in messages.
    static func readFile(_ path: String, name: String) throws(AssetError) -> [UInt8] {
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            throw AssetError(
                file: name, FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file")
        }
        if let type = attributes[.type] as? FileAttributeType, type != .typeRegular {
            throw AssetError(
                file: name, type == .typeDirectory ? "is a directory, not a file" : "is not a regular file")
        }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        if size > AssetLimits.maxFileBytes {
            throw AssetError(
                file: name, "file of \(size) bytes is larger than the \(AssetLimits.maxFileBytes / 1_048_576) MB limit")
        }
        // Read straight into the array (a `Data` and its copy cost a second pass over the
        // file and its pages). The file may have grown since it was measured: it is read on
        // in 64 KB pieces, to one byte past the limit.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw AssetError(file: name, "cannot be opened") }
        defer { close(fd) }
        var wanted = min(max(size, 0), AssetLimits.maxFileBytes) + 1
        guard var bytes = Descriptor.read(upTo: wanted, from: fd) else { throw AssetError(file: name, "read failed") }
        while bytes.count == wanted, bytes.count <= AssetLimits.maxFileBytes {
            wanted = min(bytes.count + 65_536, AssetLimits.maxFileBytes + 1)
            guard let more = Descriptor.read(upTo: wanted - bytes.count, from: fd) else {
                throw AssetError(file: name, "read failed")
            }
            bytes += more
        }
        if bytes.count > AssetLimits.maxFileBytes {
            throw AssetError(file: name, "file is larger than the \(AssetLimits.maxFileBytes / 1_048_576) MB limit")
        }
        return bytes
    }

    /// The path, below the folder, that `reference` names when it appears in a file
    /// located in `directory` (a path relative to the folder, "" for the folder itself).
    /// - Parameters:
    ///   - reference: the path as written in the file.
    ///   - directory: the referring file's directory, relative to the folder.
    ///   - file: the referring file's name, for messages.
    ///   - what: what the reference is ("texture", "mtllib", "buffer"), for messages.
    /// - Returns: the path relative to the folder.
    func relativePath(of reference: String, in directory: String, from file: String, what: String) throws(AssetError)
        -> String
    {
        let shown = AssetError.oneLine(reference)
        if reference.isEmpty { throw AssetError(file: file, "\(what) has an empty file name") }
        if reference.utf8.contains(0) { throw AssetError(file: file, "\(what) '\(shown)' contains a NUL byte") }
        let path = reference.replacingOccurrences(of: "\\", with: "/")
        if path.hasPrefix("/") || path.hasPrefix("~") {
            throw AssetError(file: file, "\(what) '\(shown)' is an absolute path; only files beside the model are read")
        }
        var rest = Substring(path)
        var parts = directory.split(separator: "/").map(String.init)
        // ROS `package://NAME/...` and Gazebo `model://NAME/...`: NAME is a folder of the root.
        if let scheme = ["model://", "package://"].first(where: { path.hasPrefix($0) }) {
            rest = path.dropFirst(scheme.count)
            parts = []
        } else if FileAccess.hasScheme(path) {
            throw AssetError(
                file: file, "\(what) '\(shown)' is a URI with a scheme; only relative paths beside the model are read")
        }
        for part in rest.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if widened, !parts.isEmpty {
                    parts.removeLast()
                    continue
                }
                throw AssetError(
                    file: file,
                    widened
                        ? "\(what) '\(shown)' leaves the asset root"
                        : "\(what) '\(shown)' leaves the model's folder ('..' is refused; --asset-root widens it)")
            }
            if part.hasPrefix(".") {
                throw AssetError(
                    file: file,
                    "\(what) '\(shown)' names a hidden file or folder "
                        + "('\(AssetError.oneLine(String(part)))'); only files named on the command line may be hidden"
                )
            }
            parts.append(String(part))
        }
        if parts.isEmpty { throw AssetError(file: file, "\(what) '\(shown)' names no file") }
        return parts.joined(separator: "/")
    }

    /// Reads the file `relative` (from `relativePath`) below the folder. When no file has
    /// that exact name, a file in the same directory whose name differs only in case is read.
    /// - Parameters:
    ///   - relative: the path relative to the folder.
    ///   - file: the referring file's name, for messages.
    ///   - what: what the reference is, for messages.
    func read(relative: String, from file: String, what: String) throws(AssetError) -> [UInt8] {
        guard let folder else {
            throw AssetError(
                file: file,
                "\(what) '\(AssetError.oneLine(relative))' cannot be read: the model was not loaded from a folder")
        }
        var full = folder + "/" + relative
        if !FileManager.default.fileExists(atPath: full) {
            // Files made on case-insensitive systems often differ in case from their references.
            let directory = PathName.folder(of: full)
            let wanted = PathName.last(of: relative).lowercased()
            guard let match = listings.match(lowercased: wanted, in: directory) else {
                throw AssetError(file: file, "\(what) '\(AssetError.oneLine(relative))' not found beside the model")
            }
            full = directory + "/" + match
        }
        let real = URL(fileURLWithPath: full).resolvingSymlinksInPath().path
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        guard real.hasPrefix(prefix) else {
            throw AssetError(
                file: file,
                "\(what) '\(AssetError.oneLine(relative))' is a link to a file outside the "
                    + "\(widened ? "asset root" : "model's folder")"
            )
        }
        return try FileAccess.readFile(real, name: relative)
    }

    /// The directory part of a relative path ("" when it has none).
    static func directory(of relative: String) -> String {
        guard let slash = relative.lastIndex(of: "/") else { return "" }
        return String(relative[..<slash])
    }

    /// True when `path` starts with a URI scheme such as `http:` or `C:` (a drive letter).
    static func hasScheme(_ path: String) -> Bool {
        guard let colon = path.firstIndex(of: ":") else { return false }
        let scheme = path[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }
}
