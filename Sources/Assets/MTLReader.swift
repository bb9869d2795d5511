import Math3D
import SceneGraph

/// Reads a Wavefront material library (`.mtl`).
///
/// Supported: `newmtl`, `Ka`, `Kd`, `Ks`, `Ke` (RGB, sRGB-encoded 0...1; one value means
/// grey), `Ns`, `d`, `Tr` (an opacity strictly between 0 and 1 draws the material
/// see-through, `AlphaMode.blend`), `map_Kd` and `map_Ke` (the emission texture, times `Ke`, which is
/// white when the material gives none; options such as `-s u v w` are skipped; the path is
/// relative to the MTL file; a missing or unreadable texture is a warning and leaves the
/// material without it). Everything else is ignored.
enum MTLReader {
    /// The materials of the library, by name.
    /// - Parameters:
    ///   - bytes: the file's contents.
    ///   - name: the file's name for messages.
    ///   - directory: the MTL file's directory relative to the model folder.
    ///   - context: the load's shared state (texture cache, folder access).
    static func read(_ bytes: [UInt8], name: String, directory: String, context: inout LoadContext) throws(AssetError)
        -> [String: Material]
    {
        var materials: [String: Material] = [:]
        var current: Material?
        var hasAmbient = false
        var hasEmissive = false
        func finish() {
            if var m = current {
                if !hasAmbient { m.ambient = m.diffuse }
                if !hasEmissive, m.emissiveTexture != nil { m.emissive = .white }
                // Partly transparent (glass) shows through; 0 is taken for an exporter's slip
                // (Tr and d mixed up) and drawn opaque.
                if m.opacity > 0, m.opacity < 1 { m.alphaMode = .blend }
                materials[m.name] = m
            }
        }
        try TextScanner.forEachLine(bytes) { (line: Int, text: ArraySlice<UInt8>) throws(AssetError) in
            let t = TextScanner.tokens(text)
            guard let keyword = t.first else { return }
            if TextScanner.equals(keyword, "newmtl") {
                finish()
                let materialName = String(decoding: text.drop { TextScanner.isSpace($0) }.dropFirst(6), as: UTF8.self)
                    .trimmingCharacters(in: .whitespaces)
                current = Material(
                    name: materialName, diffuse: Color(linear: Vec3(repeating: 0.8)), specular: .black, shininess: 0)
                hasAmbient = false
                hasEmissive = false
                return
            }
            guard current != nil else { return }
            if TextScanner.equals(keyword, "Kd") {
                current?.diffuse = try color(t, file: name, line: line)
            } else if TextScanner.equals(keyword, "Ka") {
                current?.ambient = try color(t, file: name, line: line)
                hasAmbient = true
            } else if TextScanner.equals(keyword, "Ks") {
                current?.specular = try color(t, file: name, line: line)
            } else if TextScanner.equals(keyword, "Ke") {
                current?.emissive = try color(t, file: name, line: line)
                hasEmissive = true
            } else if TextScanner.equals(keyword, "Ns") {
                current?.shininess = min(max(try number(t, file: name, line: line), 0), 1000)
            } else if TextScanner.equals(keyword, "d") {
                current?.opacity = min(max(try number(t, file: name, line: line), 0), 1)
            } else if TextScanner.equals(keyword, "Tr") {
                current?.opacity = 1 - min(max(try number(t, file: name, line: line), 0), 1)
            } else if TextScanner.equals(keyword, "map_Kd") || TextScanner.equals(keyword, "map_Ke") {
                guard let path = texturePath(t) else {
                    throw AssetError(file: name, line: line, "\(TextScanner.text(keyword)) without a file name")
                }
                let texture = try context.optional({ $0.within(file: name, line: line) }) {
                    (c: inout LoadContext) throws(AssetError) -> Texture in
                    try c.texture(reference: path, directory: directory, from: name)
                }
                if TextScanner.equals(keyword, "map_Kd") {
                    current?.texture = texture
                } else {
                    current?.emissiveTexture = texture
                }
            }
        }
        finish()
        return materials
    }

    /// `Ka`/`Kd`/`Ks`/`Ke` values: `r g b`, or one value for grey; sRGB-encoded.
    static func color(_ t: [ArraySlice<UInt8>], file: String, line: Int) throws(AssetError) -> Color {
        guard t.count >= 2 else { throw AssetError(file: file, line: line, "\(TextScanner.text(t[0])) needs a colour") }
        if t.count >= 2, TextScanner.float(t[1]) == nil,
            TextScanner.equals(t[1], "spectral") || TextScanner.equals(t[1], "xyz")
        {
            return Color(linear: Vec3(repeating: 0.8))
        }
        var c = Vec3(repeating: 0)
        for k in 0..<3 {
            let token = t.count > 1 + k ? t[1 + k] : t[1]
            guard let v = TextScanner.float(token) else {
                throw AssetError(file: file, line: line, "'\(TextScanner.text(token))' is not a finite number")
            }
            c[k] = SRGB.decode(min(max(v, 0), 1))
        }
        return Color(linear: c)
    }

    /// The single number after a keyword.
    static func number(_ t: [ArraySlice<UInt8>], file: String, line: Int) throws(AssetError) -> Float {
        guard t.count >= 2 else { throw AssetError(file: file, line: line, "\(TextScanner.text(t[0])) needs a value") }
        guard let v = TextScanner.float(t[1]) else {
            throw AssetError(file: file, line: line, "'\(TextScanner.text(t[1]))' is not a finite number")
        }
        return v
    }

    /// The file name of a `map_*` statement after its options.
    static func texturePath(_ t: [ArraySlice<UInt8>]) -> String? {
        // Options and how many values follow each.
        let arity: [String: Int] = [
            "-blendu": 1, "-blendv": 1, "-bm": 1, "-boost": 1, "-cc": 1, "-clamp": 1,
            "-imfchan": 1, "-mm": 2, "-o": 3, "-s": 3, "-t": 3, "-texres": 1, "-type": 1,
        ]
        var i = 1
        while i < t.count {
            let option = String(decoding: t[i], as: UTF8.self)
            guard let n = arity[option] else { break }
            i += 1
            // -o, -s and -t take one to three numbers.
            var taken = 0
            while taken < n, i < t.count, n == 3 ? TextScanner.float(t[i]) != nil : true {
                i += 1
                taken += 1
            }
        }
        guard i < t.count else { return nil }
        return t[i...].map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
    }
}
