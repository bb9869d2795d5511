/// The parts of a path, taken apart by plain string work: Foundation's `NSString` path
/// methods crash on some one-character paths (`-o a`, `-o -`), and every path here
/// comes from outside.
public enum PathName {
    /// The folder part of `path` without a trailing slash: `a/b` -> `a`, `/a` -> `/`,
    /// `a` -> `.` (a bare name is in the current folder), `a/` -> `.`.
    public static func folder(of path: String) -> String {
        var p = Substring(path)
        while p.count > 1 && p.hasSuffix("/") { p = p.dropLast() }
        guard let slash = p.lastIndex(of: "/") else { return "." }
        var folder = p[..<slash]
        while folder.count > 1 && folder.hasSuffix("/") { folder = folder.dropLast() }
        return folder.isEmpty ? "/" : String(folder)
    }

    /// The last component of `path`: `a/b` -> `b`, `a/` -> `a`, `/` -> `/`, `` -> ``.
    public static func last(of path: String) -> String {
        var p = Substring(path)
        while p.count > 1 && p.hasSuffix("/") { p = p.dropLast() }
        guard let slash = p.lastIndex(of: "/"), p.count > 1 else { return String(p) }
        return String(p[p.index(after: slash)...])
    }

    /// `name` inside `folder`: `a` + `x.png` -> `a/x.png`, `a/` + `x.png` -> `a/x.png`,
    /// `` + `x.png` -> `x.png`.
    public static func joined(_ folder: String, _ name: String) -> String {
        if folder.isEmpty { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
