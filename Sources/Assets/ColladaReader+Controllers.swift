import Math3D
import SceneGraph

extension ColladaReader {
    /// An `<instance_controller>` in its bind pose: the skin's (or morph's) base geometry
    /// (a morph's targets are not applied: one warning per morph controller)
    /// with its bound materials, the skin's `bind_shape_matrix` (identity when absent), and
    /// each vertex's index in the geometry's POSITION source. In the bind pose every
    /// joint's world matrix times its inverse bind matrix is the identity, so the skinned
    /// vertices are the geometry's vertices under the bind shape matrix; a skin whose
    /// joints resolve is then posed by the rig (`ColladaReader+Skin`). Nil for a geometry
    /// without triangles.
    mutating func instanceController(_ e: XElement) throws(AssetError) -> (MeshNode, Matrix4, [Int32])? {
        let url = e.attributes["url"] ?? ""
        guard var controller = lookup(url), controller.name == "controller" else {
            throw AssetError(
                file: name, line: e.line,
                "instance_controller url '\(AssetError.oneLine(url))' names no controller in this file")
        }
        var bindShape = Matrix4.identity
        var hops = 0
        // A skin or morph names its base mesh; a skin may name a morph controller.
        while true {
            hops += 1
            guard hops <= 8 else {
                throw AssetError(
                    file: name, line: controller.line,
                    "controller '\(AssetError.oneLine(url))': skins and morphs nested more than 8 deep")
            }
            guard let body = controller.child("skin") ?? controller.child("morph") else {
                throw AssetError(
                    file: name, line: controller.line,
                    "controller '\(AssetError.oneLine(url))' has neither <skin> nor <morph>")
            }
            if body.name == "skin", hops == 1, let m = body.child("bind_shape_matrix") {
                let v = try numbers(m, what: "bind_shape_matrix")
                guard v.count == 16 else {
                    throw AssetError(file: name, line: m.line, "bind_shape_matrix needs 16 numbers, found \(v.count)")
                }
                bindShape = Matrix4(rowMajor: v)
            }
            if body.name == "morph" {
                // Every instance of the controller draws its base shape: one warning.
                context.warnings.append(
                    AssetError(
                        file: name,
                        "morph controller '\(AssetError.oneLine(controller.attributes["id"] ?? url))' drawn in its "
                            + "base shape: COLLADA morph targets are not applied"))
            }
            let source = body.attributes["source"] ?? ""
            guard let target = lookup(source) else {
                throw AssetError(
                    file: name, line: body.line,
                    "\(body.name) source '\(AssetError.oneLine(source))' names nothing in this file")
            }
            if target.name == "geometry" {
                return try boundWithOrigins(target, url: source, instance: e).map { ($0.0, bindShape, $0.1) }
            }
            guard target.name == "controller" else {
                throw AssetError(
                    file: name, line: body.line,
                    "\(body.name) source '\(AssetError.oneLine(source))' is neither a geometry nor a controller")
            }
            controller = target
        }
    }
}
