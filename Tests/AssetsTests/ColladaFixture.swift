import Foundation

/// Writes COLLADA documents for the tests and the sample models, independently of the
/// reader: the unit cube from (0,0,0) to (1,1,1) with 8 positions, 6 normals and 4
/// texture coordinates indexed separately (inputs at offsets 0, 1, 2).
enum ColladaFixture {
    /// The cube's quads as (position, uv, normal) 0-based triples (the OBJ fixture's faces).
    static let quads: [[(Int, Int, Int)]] = [
        [(0, 0, 0), (3, 3, 0), (2, 2, 0), (1, 1, 0)],
        [(4, 0, 1), (5, 1, 1), (6, 2, 1), (7, 3, 1)],
        [(0, 0, 2), (4, 1, 2), (7, 2, 2), (3, 3, 2)],
        [(1, 0, 3), (2, 3, 3), (6, 2, 3), (5, 1, 3)],
        [(0, 0, 4), (1, 1, 4), (5, 2, 4), (4, 3, 4)],
        [(3, 0, 5), (7, 1, 5), (6, 2, 5), (2, 3, 5)],
    ]

    enum Primitive { case triangles, polylist, polygons, trifans, tristrips }

    /// How the cube's nodes are arranged.
    enum Layout {
        /// One node holding the cube, no transform.
        case single
        /// `parent` (translate 2 0 0, then rotate 90 degrees about Y) holding the cube, and
        /// its child `child` (a row-major matrix: translate 0 3 0, scale 0.5) holding it again.
        case twoNodes
    }

    /// A COLLADA document of the cube.
    /// - Parameters:
    ///   - version: "1.4.1" or "1.5.0" (1.5 names images with `init_from/ref` and samplers with `instance_image`).
    ///   - primitive: how the faces are written.
    ///   - texture: an image file name for the diffuse slot, or nil for a colour.
    ///   - upAxis: `Y_UP`, `Z_UP` or `X_UP`.
    ///   - meter: the unit.
    static func cube(
        version: String = "1.4.1", primitive: Primitive = .triangles, layout: Layout = .single,
        texture: String? = nil, upAxis: String = "Y_UP", meter: String = "1"
    ) -> String {
        let positions = [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1].map(String.init)
            .joined(separator: " ")
        let normals = "0 0 -1 0 0 1 -1 0 0 1 0 0 0 -1 0 0 1 0"
        let uvs = "0 0 1 0 1 1 0 1"
        func corner(_ c: (Int, Int, Int)) -> String { "\(c.0) \(c.2) \(c.1)" }
        let inputs = """
                  <input semantic="VERTEX" source="#cube-vertices" offset="0"/>
                  <input semantic="NORMAL" source="#cube-normals" offset="1"/>
                  <input semantic="TEXCOORD" source="#cube-uvs" offset="2" set="0"/>
            """
        var faces = ""
        switch primitive {
        case .triangles:
            let p = quads.flatMap { q in [q[0], q[1], q[2], q[0], q[2], q[3]].map(corner) }.joined(separator: " ")
            faces = "<triangles material=\"skin\" count=\"12\">\n\(inputs)\n      <p>\(p)</p>\n    </triangles>"
        case .polylist:
            let p = quads.flatMap { $0.map(corner) }.joined(separator: " ")
            faces =
                "<polylist material=\"skin\" count=\"6\">\n\(inputs)\n      <vcount>4 4 4 4 4 "
                + "4</vcount>\n      <p>\(p)</p>\n    </polylist>"
        case .polygons, .trifans:
            let tag = primitive == .polygons ? "polygons" : "trifans"
            let ps = quads.map { "      <p>" + $0.map(corner).joined(separator: " ") + "</p>" }.joined(separator: "\n")
            faces = "<\(tag) material=\"skin\" count=\"6\">\n\(inputs)\n\(ps)\n    </\(tag)>"
        case .tristrips:
            // A quad a b c d as the strip a b d c: triangles (a b d) and (d b c), as the fan's.
            let ps = quads.map { q in
                "      <p>" + [q[0], q[1], q[3], q[2]].map(corner).joined(separator: " ") + "</p>"
            }.joined(separator: "\n")
            faces = "<tristrips material=\"skin\" count=\"6\">\n\(inputs)\n\(ps)\n    </tristrips>"
        }
        let v15 = version.hasPrefix("1.5")
        var images = ""
        var params = ""
        var diffuse = "<color>0.5 0.25 1 1</color>"
        if let texture {
            images =
                v15
                ? "<library_images><image "
                    + "id=\"skin-image\"><init_from><ref>\(texture)</ref></init_from></image></library_images>"
                : "<library_images><image id=\"skin-image\"><init_from>\(texture)</init_from></image></library_images>"
            params =
                v15
                ? "<newparam sid=\"skin-sampler\"><sampler2D><instance_image "
                    + "url=\"#skin-image\"/></sampler2D></newparam>"
                : """
                <newparam sid="skin-surface"><surface type="2D"><init_from>skin-image</init_from></surface></newparam>
                <newparam sid="skin-sampler"><sampler2D><source>skin-surface</source></sampler2D></newparam>
                """
            diffuse = "<texture texture=\"skin-sampler\" texcoord=\"UVMap\"/>"
        }
        let instance = """
            <instance_geometry url="#cube"><bind_material><technique_common>
                      <instance_material symbol="skin" target="#skin-material"/>
                    </technique_common></bind_material></instance_geometry>
            """
        let nodes: String
        switch layout {
        case .single:
            nodes = "<node id=\"cube-node\" name=\"cube\">\(instance)</node>"
        case .twoNodes:
            nodes = """
                <node id="parent" name="parent">
                        <translate>2 0 0</translate>
                        <rotate>0 1 0 90</rotate>
                        \(instance)
                        <node id="child" name="child">
                          <matrix>0.5 0 0 0  0 0.5 0 3  0 0 0.5 0  0 0 0 1</matrix>
                          \(instance)
                        </node>
                      </node>
                """
        }
        let namespace =
            v15 ? "http://www.collada.org/2008/03/COLLADASchema" : "http://www.collada.org/2005/11/COLLADASchema"
        return """
            <?xml version="1.0" encoding="utf-8"?>
            <COLLADA xmlns="\(namespace)" version="\(version)">
              <asset><unit name="unit" meter="\(meter)"/><up_axis>\(upAxis)</up_axis></asset>
              \(images)
              <library_effects><effect id="skin-effect"><profile_COMMON>
                \(params)
                <technique sid="common"><phong>
                  <ambient><color>0.1 0.1 0.1 1</color></ambient>
                  <diffuse>\(diffuse)</diffuse>
                  <specular><color>0.5 0.5 0.5 1</color></specular>
                  <shininess><float>20</float></shininess>
                </phong></technique>
              </profile_COMMON></effect></library_effects>
              <library_materials><material id="skin-material" name="skin">
                <instance_effect url="#skin-effect"/></material></library_materials>
              <library_geometries><geometry id="cube" name="cube"><mesh>
                <source id="cube-positions"><float_array id="cube-positions-array" count="24">\(positions)</float_array>
                  <technique_common><accessor source="#cube-positions-array" count="8" stride="3">
                    <param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/>
                  </accessor></technique_common></source>
                <source id="cube-normals"><float_array id="cube-normals-array" count="18">\(normals)</float_array>
                  <technique_common><accessor source="#cube-normals-array" count="6" stride="3">
                    <param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/>
                  </accessor></technique_common></source>
                <source id="cube-uvs"><float_array id="cube-uvs-array" count="8">\(uvs)</float_array>
                  <technique_common><accessor source="#cube-uvs-array" count="4" stride="2">
                    <param name="S" type="float"/><param name="T" type="float"/>
                  </accessor></technique_common></source>
                <vertices id="cube-vertices"><input semantic="POSITION" source="#cube-positions"/></vertices>
                \(faces)
              </mesh></geometry></library_geometries>
              <library_visual_scenes><visual_scene id="scene" name="scene">
                \(nodes)
              </visual_scene></library_visual_scenes>
              <scene><instance_visual_scene url="#scene"/></scene>
            </COLLADA>

            """
    }
}
