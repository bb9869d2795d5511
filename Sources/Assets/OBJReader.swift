import Math3D
import SceneGraph

/// Reads Wavefront OBJ geometry.
///
/// Supported: `v` (extra colour values ignored), `vt` (u, v; w ignored), `vn`, `f` with `v`,
/// `v/vt`, `v//vn`, `v/vt/vn` corners (normal indices in a file without `vn` lines get
/// computed normals and one warning) and negative (relative) indices, polygons triangulated
/// by ear clipping in their plane (concave ones keep their shape), `o` and `g` (each starts a
/// new node, up to `maxObjects`), `mtllib` (several files allowed, see `libraryNames`), `usemtl`, `\` line
/// continuations, LF/CRLF/CR line breaks, `#` comments, `l` polylines (`v` or `v/vt` corners)
/// as lines and `p` as points.
/// Ignored: `s`, curves and surfaces, and any other statement.
enum OBJReader {
    /// Reads `bytes` as an OBJ file into a node per object or group.
    /// - Parameters:
    ///   - bytes: the file's contents.
    ///   - name: the file's name for messages and the root node's name.
    ///   - directory: the file's directory relative to the model folder.
    ///   - context: the load's shared state.
    static func read(_ bytes: [UInt8], name: String, directory: String, context: inout LoadContext) throws(AssetError)
        -> Node
    {
        var state = State(file: name)
        try bytes.withUnsafeBufferPointer { (buffer: UnsafeBufferPointer<UInt8>) throws(AssetError) in
            guard let p = buffer.baseAddress else { return }
            let n = buffer.count
            // The in-place reader needs lines that end in a line break: a last line without
            // one goes to the token reader.
            var end = n
            while end > 0, p[end - 1] != 10, p[end - 1] != 13 { end -= 1 }
            var i = 0
            var line = 0
            while i < n {
                line += 1
                // The common statements in their plain form are read in place; anything
                // else (and any error) goes through the token reader, one logical line at a time.
                if i < end, let next = try state.plainStatement(p, i, end, line: line) {
                    i = next
                } else {
                    let logical = TextScanner.line(in: bytes, at: i, joinContinuations: true)
                    try state.statement(logical.text, line: line, directory: directory, context: &context)
                    line += logical.lines - 1
                    i = logical.next
                }
            }
        }
        try state.finishObject()
        if let line = state.namesMissingNormals {
            context.warnings.append(
                AssetError(file: name, line: line, "faces name normals but the file has no vn lines: normals computed"))
        }
        if state.positions.isEmpty, state.nodes.isEmpty {
            throw AssetError(file: name, "no vertices: not an OBJ model")
        }
        if state.nodes.isEmpty { try state.pointCloud() }
        return Node(name: name, children: state.nodes)
    }

    /// The library files an `mtllib` statement's words name, as obj2gltf reads them: several
    /// names, each of one or more words (a name with spaces) ending at a word that ends in
    /// `.mtl` (any case), so `mtllib a b.mtl c.mtl` names `a b.mtl` and `c.mtl`. Words after
    /// the last such word are one more name, and so are all the words when none ends in `.mtl`.
    static func libraryNames(_ words: [String]) -> [String] {
        var names: [String] = []
        var start = 0
        for (i, word) in words.enumerated() where word.lowercased().hasSuffix(".mtl") {
            names.append(words[start...i].joined(separator: " "))
            start = i + 1
        }
        if start < words.count { names.append(words[start...].joined(separator: " ")) }
        return names
    }

    /// Most child nodes made from `o` and `g` statements; later ones join the last node.
    static let maxObjects = 20_000
}
