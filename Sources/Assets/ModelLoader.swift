import Foundation
import Math3D
import SceneGraph

/// Reads model files into the scene graph.
///
/// The result is a `Node` named after the file whose subtree holds `MeshNode`s with
/// their materials resolved and textures decoded. A mesh used by several nodes of a file
/// is one shared `Mesh`. Every failure is an `AssetError` naming the file and the problem.
public enum ModelLoader {
    /// Reads the model at `path`, choosing the reader by extension (`ModelFormat`'s rows).
    /// Files the model refers to (MTL, textures, buffers) are read only from the model's
    /// own folder and below it.
    /// - Parameters:
    ///   - path: the model file.
    ///   - options: centring and normalizing. Default: neither.
    /// - Throws: `AssetError` when the file is missing, of an unknown kind, too large,
    ///   malformed or hostile.
    public static func load(path: String, options: LoadOptions = LoadOptions()) throws(AssetError) -> Node {
        var warnings: [AssetError] = []
        return try load(path: path, options: options, warnings: &warnings)
    }

    /// Reads the model at `path` as `load(path:options:)` does, collecting in `warnings`
    /// the companion files (material libraries, textures) that were missing or refused:
    /// the model is then drawn with default materials where they were used. Errors and
    /// warnings name the model by `path` as given.
    public static func load(path: String, options: LoadOptions = LoadOptions(), warnings: inout [AssetError])
        throws(AssetError) -> Node
    {
        guard let format = ModelFormat(path: path) else {
            throw AssetError(file: path, "unknown model format (expected \(ModelFormat.extensions))")
        }
        let real = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        let bytes = try FileAccess.readFile(real.path, name: path)
        var root = try load(
            data: bytes, name: path, format: format, folder: real.deletingLastPathComponent().path,
            options: options, warnings: &warnings)
        root.name = AssetError.displayName(path)
        return root
    }

    /// Reads a model from memory.
    /// - Parameters:
    ///   - data: the file's contents.
    ///   - name: the file's name, for messages and the root node.
    ///   - format: the format; default: from `name`'s extension.
    ///   - folder: the folder files referred to are read from; `nil` (the default)
    ///     refuses every external file (embedded data is still read).
    ///   - options: centring and normalizing. Default: neither.
    public static func load(
        data: [UInt8], name: String, format: ModelFormat? = nil, folder: String? = nil,
        options: LoadOptions = LoadOptions()
    ) throws(AssetError) -> Node {
        var warnings: [AssetError] = []
        return try load(data: data, name: name, format: format, folder: folder, options: options, warnings: &warnings)
    }

    /// Reads a model from memory as `load(data:name:format:folder:options:)` does,
    /// collecting missing or refused companion files in `warnings`.
    public static func load(
        data: [UInt8], name: String, format: ModelFormat? = nil, folder: String? = nil,
        options: LoadOptions = LoadOptions(), warnings: inout [AssetError]
    ) throws(AssetError) -> Node {
        guard let format = format ?? ModelFormat(path: name) else {
            throw AssetError(file: name, "unknown model format (expected \(ModelFormat.extensions))")
        }
        if let size = options.normalizeSize, !(size.isFinite && size > 0) {
            throw AssetError(file: name, "normalize size \(size) is not a positive finite number")
        }
        guard data.count <= AssetLimits.maxFileBytes else {
            throw AssetError(
                file: name,
                "file of \(data.count) bytes is larger than the \(AssetLimits.maxFileBytes / 1_048_576) MB limit")
        }
        if data.isEmpty { throw AssetError(file: name, "empty file") }
        var context = LoadContext(access: try FileAccess(folder: folder, root: options.assetRoot, file: name))
        // Written back even when the load fails: the warnings may explain the failure.
        defer {
            // Each problem once, however many materials share the missing file.
            var seen = Set(warnings.map(\.description))
            for w in context.warnings where seen.insert(w.description).inserted { warnings.append(w) }
            warnings = AssetLimits.capped(warnings, file: name)
        }
        let root = try format.row.read(data, name, &context)
        // Triangles as drawn: a mesh instanced by many nodes counts once per instance.
        let drawn = root.triangleCount
        if drawn == 0 { throw AssetError(file: name, "the model has no triangles, lines or points") }
        guard drawn <= AssetLimits.maxTriangles else {
            throw AssetError(
                file: name,
                "the model draws \(drawn) triangles (instances counted), more than the "
                    + "\(AssetLimits.maxTriangles) limit"
            )
        }
        return place(root, name: name, options: options)
    }

    /// Applies centring and normalizing through the root's transform (meshes stay shared).
    /// An animated model is placed by the box its animations sweep (`sweptBounds`), so a
    /// model whose keys carry it away from its rest pose stays in view while it plays.
    static func place(_ model: Node, name: String, options: LoadOptions) -> Node {
        guard options.center || options.normalizeSize != nil, let box = sweptBounds(of: model) ?? bounds(of: model)
        else { return model }
        var root = model.transform == .identity ? model : Node(name: name, children: [model])
        var factor: Float = 1
        if let size = options.normalizeSize {
            let extent = box.size.max()
            if extent > 0 { factor = size / extent }
        }
        root.transform = Transform(scale: Vec3(repeating: factor), pivot: box.center)
        return root
    }

    /// Poses sampled per animation by `sweptBounds`.
    static let sweepSamples = 12
    /// Vertices posed and measured in all by `sweptBounds` at most (samples are dropped to
    /// stay within): each sample poses the deformed meshes and measures every mesh.
    static let sweepVertexBudget = 4_000_000

    /// The box holding every pose of `model`'s animations (the first 8), sampled at
    /// `sweepSamples` evenly spaced times each, in the coordinates of the model's parent;
    /// nil for a model without a rig or animations.
    public static func sweptBounds(of model: Node) -> Mesh.Bounds? {
        guard let path = model.rigPath else { return nil }
        var holder = model
        for i in path { holder = holder.children[i] }
        guard let rig = holder.rig, !rig.animations.isEmpty else { return nil }
        let animations = min(rig.animations.count, 8)
        var vertices = rig.deformers.map(\.mesh.vertexCount).reduce(0, +)
        model.traverse { n, _ in vertices += n.content?.mesh.vertexCount ?? 0 }
        let budget = max(1, sweepVertexBudget / max(1, vertices))
        let perAnimation = max(1, min(sweepSamples, budget / animations))
        var player = AnimationPlayer(rig: rig)
        player.parallel = false
        var lo = Vec3(repeating: .infinity)
        var hi = Vec3(repeating: -.infinity)
        var posed = model
        for a in 0..<animations {
            let duration = Double(rig.animations[a].duration)
            for k in 0..<perAnimation {
                posed.withDescendant(at: path) { n in
                    player.pose(&n, animation: a, seconds: duration * Double(k) / Double(perAnimation))
                }
                guard let box = bounds(of: posed) else { continue }
                lo = pointwiseMin(lo, box.min)
                hi = pointwiseMax(hi, box.max)
            }
        }
        guard lo.x <= hi.x else { return nil }
        return Mesh.Bounds(min: lo, max: hi)
    }

    /// The bounding box of every mesh vertex under `node`, in the coordinates of the
    /// node's parent (the node's own transform applied), or nil without vertices.
    public static func bounds(of node: Node) -> Mesh.Bounds? {
        var lo = Vec3(repeating: .infinity)
        var hi = Vec3(repeating: -.infinity)
        node.traverse { n, world in
            guard !n.isHidden, let mesh = n.content?.mesh, mesh.vertexCount > 0 else { return }
            if world == .identity {
                lo = pointwiseMin(lo, mesh.bounds.min)
                hi = pointwiseMax(hi, mesh.bounds.max)
            } else {
                for p in mesh.positions {
                    let q = world.transformPoint(p)
                    lo = pointwiseMin(lo, q)
                    hi = pointwiseMax(hi, q)
                }
            }
        }
        guard lo.x <= hi.x else { return nil }
        return Mesh.Bounds(min: lo, max: hi)
    }
}
