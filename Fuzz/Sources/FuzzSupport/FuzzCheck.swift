import Assets
import Foundation
import Raster
import SceneGraph

/// The checks every fuzz target makes on what a reader returns or throws. A broken
/// contract aborts the process, which libFuzzer records as a crash with its input.
public enum FuzzCheck {
    /// The fuzzer's input as an array (libFuzzer may pass a null pointer for size 0).
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// Aborts with `message` on standard error unless `condition` holds.
    public static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if condition { return }
        FileHandle.standardError.write(Data("fuzz contract broken: \(message())\n".utf8))
        abort()
    }

    /// An error message must be one non-empty line (no control characters: no line
    /// breaks, no terminal escapes) that starts with the input's name.
    /// - Parameters:
    ///   - message: the error's text as a user would see it.
    ///   - prefix: what the text must start with (the input's name and a colon).
    public static func requireOneLine(_ message: String, startingWith prefix: String) {
        require(!message.isEmpty, "empty error message")
        require(
            !message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
            "error message holds a control character: \(message.debugDescription)")
        require(
            message.hasPrefix(prefix),
            "error message does not start with \(prefix.debugDescription): \(message.debugDescription)")
    }

    /// Loads `bytes` as a model from memory (no file is touched) and checks the result:
    /// a thrown `AssetError` is one line naming the file; a loaded model has triangles,
    /// every mesh's indices are in range, centring plus normalizing keeps it loadable, and
    /// the placed model renders into a small framebuffer (as `orbit` would show it).
    /// - Parameters:
    ///   - bytes: the candidate file.
    ///   - name: the file name passed to the loader (its extension is not used).
    ///   - format: the reader to use.
    public static func model(_ bytes: [UInt8], name: String, format: ModelFormat) {
        let node: Node
        var warnings: [AssetError] = []
        defer { for w in warnings { requireOneLine(w.description, startingWith: name + ":") } }
        do {
            node = try ModelLoader.load(data: bytes, name: name, format: format, folder: nil, warnings: &warnings)
        } catch {
            requireOneLine(error.description, startingWith: name + ":")
            return
        }
        require(node.triangleCount > 0, "a model without triangles was accepted")
        node.traverse { n, _ in
            guard let mesh = n.content?.mesh else { return }
            let count = UInt32(clamping: mesh.vertexCount)
            require(mesh.indices.allSatisfy { $0 < count }, "mesh '\(mesh.name)' has an index out of range")
            require(
                mesh.normals.count == mesh.vertexCount,
                "mesh '\(mesh.name)' has \(mesh.normals.count) normals for \(mesh.vertexCount) vertices")
        }
        do {
            let placed = try ModelLoader.load(
                data: bytes, name: name, format: format, folder: nil,
                options: LoadOptions(center: true, normalizeSize: 2))
            require(placed.triangleCount == node.triangleCount, "centring changed the triangle count")
            var framebuffer = Framebuffer(width: 32, height: 24)
            _ = Rasterizer().render(Scene(root: placed), into: &framebuffer, pixelAspect: 1)
        } catch {
            require(false, "a model that loads fails with centring and normalizing: \(error)")
        }
    }

    /// Decodes `bytes` as an image named `name` and checks the result: a thrown error is
    /// one line naming the file; a decoded image respects the pixel limit and has one RGB
    /// triple per pixel.
    /// - Returns: the decoded image, or nil when the input was refused.
    @discardableResult
    public static func image(_ bytes: [UInt8], name: String) -> Image? {
        let image: Image
        do {
            image = try ImageCodec.decode(data: bytes, name: name)
        } catch {
            requireOneLine(error.description, startingWith: name + ":")
            return nil
        }
        require(image.width > 0 && image.height > 0, "decoded a \(image.width)x\(image.height) image")
        require(
            image.width * image.height <= AssetLimits.maxImagePixels,
            "decoded \(image.width)x\(image.height), over the pixel limit")
        require(
            image.pixels.count == image.width * image.height * 3,
            "pixel buffer of \(image.pixels.count) bytes for \(image.width)x\(image.height)")
        return image
    }
}
