import Foundation
import Math3D
import SceneGraph

@testable import Assets

/// Helpers shared by the tests.
enum Fixture {
    /// Every mesh node under `node` with its world matrix, depth first.
    static func meshNodes(_ node: Node) -> [(node: Node, world: Matrix4)] {
        var result: [(Node, Matrix4)] = []
        node.traverse { n, world in if n.content != nil { result.append((n, world)) } }
        return result
    }

    /// The one mesh of a model that should have exactly one.
    static func onlyMesh(_ node: Node) -> Mesh? {
        let all = meshNodes(node)
        return all.count == 1 ? all[0].node.content?.mesh : nil
    }

    /// A `w` x `h` test picture: red increases to the right, green downwards, blue 64.
    static func gradient(width w: Int, height h: Int) -> Image? {
        var pixels: [UInt8] = []
        for y in 0..<h {
            for x in 0..<w {
                pixels += [UInt8(x * 255 / max(w - 1, 1)), UInt8(y * 255 / max(h - 1, 1)), 64]
            }
        }
        return Image(width: w, height: h, pixels: pixels)
    }

    /// A 2 x 2 checker: red, green / blue, white.
    static func checker() -> Image? {
        Image(width: 2, height: 2, pixels: [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255])
    }

    /// The unit cube from (0,0,0) to (1,1,1) as OBJ text: 8 positions, 4 texture
    /// coordinates, 6 normals, 6 quads with `v/vt/vn` corners, material `red` from `cube.mtl`.
    static let cubeOBJ = """
        # unit cube
        mtllib cube.mtl
        o cube
        v 0 0 0
        v 1 0 0
        v 1 1 0
        v 0 1 0
        v 0 0 1
        v 1 0 1
        v 1 1 1
        v 0 1 1
        vt 0 0
        vt 1 0
        vt 1 1
        vt 0 1
        vn 0 0 -1
        vn 0 0 1
        vn -1 0 0
        vn 1 0 0
        vn 0 -1 0
        vn 0 1 0
        usemtl red
        f 1/1/1 4/4/1 3/3/1 2/2/1
        f 5/1/2 6/2/2 7/3/2 8/4/2
        f 1/1/3 5/2/3 8/3/3 4/4/3
        f 2/1/4 3/4/4 7/3/4 6/2/4
        f 1/1/5 2/2/5 6/3/5 5/4/5
        f 4/1/6 8/2/6 7/3/6 3/4/6

        """
}
