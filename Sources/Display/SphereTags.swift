import Foundation
import Math3D
import Raster
import SceneGraph

/// Where the names of sphere nodes go on screen: `--labels` writes each Apollonian
/// sphere's curvature on it, when the sphere is large enough to hold the text.
public enum SphereTags {
    /// A sphere holds its text when the text is at most this share of its width.
    public static let fill = 0.7

    /// The tags of the sphere nodes of `scene` (as posed for the frame) whose names start
    /// with `prefix`: the rest of the name, centred on the sphere's centre, for spheres
    /// seen at their centre (the framebuffer's depth there is the sphere's front) that are
    /// at least one cell tall and whose width holds the text with a cell to spare on each
    /// side. Nearer spheres first; a tag overlapping an earlier one is left out.
    /// - Parameters:
    ///   - framebuffer: the frame rendered from `scene` (its depth decides visibility).
    ///   - columns, rows: the cells the framebuffer is encoded into.
    ///   - pixelAspect: pixel width / height of the framebuffer.
    public static func place(
        _ scene: Scene, prefix: String, framebuffer: Framebuffer, columns: Int, rows: Int,
        pixelAspect: Float
    ) -> [CellTag] {
        let w = framebuffer.width
        let h = framebuffer.height
        guard columns > 0, rows > 0, w >= columns, h >= rows, !prefix.isEmpty else { return [] }
        let view = scene.camera.viewMatrix
        let aspect = Double(w) * Double(pixelAspect) / Double(h)
        let p11 = 1 / tan(scene.camera.fieldOfView.radians / 2)
        let p00 = p11 / aspect
        let cellW = Double(w) / Double(columns)
        let cellH = Double(h) / Double(rows)
        var found: [(depth: Double, tag: CellTag)] = []
        scene.root.walkDrawn { node, world in
            guard let content = node.pointee.content, case .sphere(let meshRadius)? = content.mesh.primitive,
                node.pointee.name.hasPrefix(prefix)
            else { return }
            let text = String(node.pointee.name.dropFirst(prefix.count))
            let c = (view * world).transformPoint(.zero)
            let r = Double(meshRadius * length(world.transformDirection(Vec3(1, 0, 0))))
            let d = Double(-c.z)
            guard d > r, r > 0, d.isFinite else { return }
            let px = (p00 * Double(c.x) / d + 1) * 0.5 * Double(w)
            let py = (1 - p11 * Double(c.y) / d) * 0.5 * Double(h)
            let radiusCellsX = r * p00 / d * 0.5 * Double(w) / cellW
            let radiusCellsY = r * p11 / d * 0.5 * Double(h) / cellH
            let n = text.count
            guard radiusCellsY >= 0.5, Double(n + 2) <= 2 * radiusCellsX * fill,
                px >= 0, py >= 0, px < Double(w), py < Double(h)
            else { return }
            // Seen at its centre: nothing nearer than its front there.
            let front = framebuffer.depth[Int(py) * w + Int(px)]
            guard Double(front) >= (d - r) - 0.05 * r else { return }
            let row = Int(py / cellH)
            let column = Int(px / cellW) - n / 2
            guard column >= 0, column + n <= columns, row < rows else { return }
            found.append((d - r, CellTag(row: row, column: column, text: text)))
        }
        var taken = Set<Int>()
        var tags: [CellTag] = []
        for (_, tag) in found.sorted(by: { $0.depth < $1.depth }) {
            let cells = (tag.column - 1...tag.column + tag.text.count).map { tag.row * (columns + 2) + $0 + 1 }
            if cells.contains(where: taken.contains) { continue }
            taken.formUnion(cells)
            tags.append(tag)
        }
        return tags
    }
}
