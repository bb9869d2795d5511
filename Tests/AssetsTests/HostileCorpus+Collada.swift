import Assets
import Foundation

extension HostileCorpus {
    /// The fixture cube with `old` replaced by `new` (the replacement must happen).
    static func dae(_ old: String, _ new: String, texture: String? = nil, layout: ColladaFixture.Layout = .single)
        -> String
    {
        ColladaFixture.cube(layout: layout, texture: texture).replacingOccurrences(of: old, with: new)
    }

    static var colladaCases: [HostileCase] {
        var bomb = "<?xml version=\"1.0\"?>\n<!DOCTYPE COLLADA [\n<!ENTITY lol \"lol\">\n"
        var previous = "lol"
        for i in 1...9 {
            bomb += "<!ENTITY lol\(i) \"" + String(repeating: "&\(previous);", count: 10) + "\">\n"
            previous = "lol\(i)"
        }
        bomb += "]>\n<COLLADA><asset>&lol9;</asset></COLLADA>\n"
        let external =
            "<?xml version=\"1.0\"?>\n<!DOCTYPE COLLADA [<!ENTITY x SYSTEM "
            + "\"file://\(HostileCase.secretPath)\">]>\n<COLLADA>&x;</COLLADA>\n"
        let deep =
            "<COLLADA>" + String(repeating: "<node>", count: 50_000) + String(repeating: "</node>", count: 50_000)
            + "</COLLADA>"
        var explosion = "<COLLADA><library_nodes>"
        for i in 0..<40 {
            explosion +=
                "<node id=\"n\(i)\"><instance_node url=\"#n\(i + 1)\"/><instance_node url=\"#n\(i + 1)\"/></node>"
        }
        explosion +=
            "<node id=\"n40\"/></library_nodes><library_visual_scenes><visual_scene "
            + "id=\"s\"><node><instance_node url=\"#n0\"/></node></visual_scene></library_visual_scenes></COLLADA>"
        let cycle =
            "<COLLADA><library_nodes><node id=\"a\"><instance_node url=\"#b\"/></node><node "
            + "id=\"b\"><instance_node url=\"#a\"/></node></library_nodes>"
            + "<library_visual_scenes><visual_scene id=\"s\"><node><instance_node "
            + "url=\"#a\"/></node></visual_scene></library_visual_scenes></COLLADA>"
        return [
            HostileCase("empty.dae", "", expect: "empty file"),
            // Found by the mutation test: an invalid UTF-8 byte in an attribute or element name
            // crashed FoundationXML (a force unwrap in its SAX callback) before the UTF-8 check.
            HostileCase(
                "attribute-utf8.dae",
                Array("<COLLADA><technique s".utf8) + [0xE9] + Array("d=\"common\"/></COLLADA>".utf8),
                expect: "not valid UTF-8"),
            HostileCase(
                "element-utf8.dae", Array("<COLLADA><n".utf8) + [0xFF, 0xFE] + Array("/></COLLADA>".utf8),
                expect: "not valid UTF-8"),
            HostileCase("noise.dae", HostileCase.noise(3000, seed: 6), expect: "not valid UTF-8"),
            HostileCase(
                "ascii-noise.dae", HostileCase.noise(3000, seed: 9).map { 32 + $0 % 95 }, expect: "malformed XML"),
            HostileCase("text.dae", "hello", expect: "malformed XML"),
            HostileCase("truncated.dae", String(ColladaFixture.cube().prefix(1500)), expect: "(truncated)"),
            HostileCase("other.dae", "<svg></svg>", expect: "not a COLLADA document (root element <svg>)"),
            HostileCase("bomb.dae", bomb, expect: "XML entity declarations are not allowed"),
            HostileCase("external.dae", external, expect: "XML entity declarations are not allowed"),
            HostileCase("deep.dae", deep, expect: "XML elements nested deeper than 128 levels"),
            HostileCase("explosion.dae", explosion, expect: "more than 100000 node instances"),
            HostileCase("cycle.dae", cycle, expect: "instances itself (a cycle)"),
            HostileCase("no-scene.dae", "<COLLADA><asset/></COLLADA>", expect: "no visual scene"),
            HostileCase(
                "array-count.dae", dae("count=\"24\"", "count=\"2400000000\""),
                expect: "declares 2400000000 values but holds 24"),
            HostileCase(
                "accessor.dae", dae("count=\"8\" stride=\"3\"", "count=\"9000000\" stride=\"3\""),
                expect: "accessor declares 9000000 elements"),
            HostileCase(
                "triangles.dae", dae("count=\"12\"", "count=\"1200\""),
                expect: "declares 1200 triangles but <p> holds 108 indices"),
            HostileCase(
                "count-overflow.dae", dae("count=\"12\"", "count=\"9223372036854775807\""),
                expect: "declares 9223372036854775807 triangles"),
            HostileCase(
                "offset-overflow.dae",
                dae("count=\"8\" stride=\"3\"", "count=\"8\" stride=\"3\" offset=\"9223372036854775807\""),
                expect: "accessor declares 8 elements"),
            HostileCase(
                "index.dae", dae("<p>0 0 0 ", "<p>99 0 0 "),
                expect: "line 30: geometry 'cube' triangles: position index 99 out of range (8 values)"),
            HostileCase(
                "normal-index.dae", dae("<p>0 0 0 ", "<p>0 77 0 "), expect: "normal index 77 out of range (6 values)"),
            HostileCase("negative-index.dae", dae("<p>0 0 0 ", "<p>-1 0 0 "), expect: "'-1' is not an index"),
            HostileCase(
                "nan.dae", dae("count=\"24\">0 0 0", "count=\"24\">NaN 0 0"), expect: "'NaN' is not a finite number"),
            HostileCase(
                "inf.dae", dae("count=\"18\">0 0 -1", "count=\"18\">0 0 -INF"),
                expect: "'-INF' is not a finite number"),
            HostileCase(
                "matrix.dae", dae("0 0 0 1</matrix>", "0 0 0</matrix>", layout: .twoNodes),
                expect: "matrix needs 16 numbers, found 15"),
            HostileCase(
                "unit.dae", dae("meter=\"1\"", "meter=\"-1\""), expect: "unit meter='-1' is not a positive number"),
            HostileCase(
                "geometry.dae", dae("url=\"#cube\"", "url=\"#nothing\""), expect: "names no geometry in this file"),
            HostileCase(
                "image-traversal.dae", dae("x", "x", texture: "../../secret.png"),
                expect: "texture '../../secret.png' leaves the model's folder"),
            HostileCase(
                "image-absolute.dae", dae("x", "x", texture: HostileCase.secretPath), expect: "is an absolute path"),
            HostileCase(
                "image-file-uri.dae", dae("x", "x", texture: "file://" + HostileCase.secretPath),
                expect: "is a URI with a scheme"),
            HostileCase(
                "image-missing.dae", dae("x", "x", texture: "nowhere.png"), expect: "not found beside the model"),
        ]
    }

    static var imageCases: [(name: String, bytes: [UInt8], expect: String)] {
        let png = (try? ImageCodecTestSupport.png()) ?? []
        let jpeg = (try? ImageCodecTestSupport.jpeg()) ?? []
        var hugeJPEG = jpeg
        if let sof = ImageCodecTestSupport.sofOffset(jpeg) {
            // Height and width fields of the frame header: 65,000 x 65,000.
            hugeJPEG.replaceSubrange((sof + 5)..<(sof + 9), with: [0xFD, 0xE8, 0xFD, 0xE8])
        }
        return [
            ("empty.png", [], "empty image file"),
            ("magic.png", Array(png.prefix(8)), "bad PNG"),
            ("cut.png", Array(png.prefix(png.count - 30)), "damaged PNG"),
            ("noise.png", Array(png.prefix(8)) + HostileCase.noise(500, seed: 7), "bad PNG"),
            ("magic.jpg", [0xFF, 0xD8, 0xFF], "image has no pixels"),
            ("cut.jpg", Array(jpeg.prefix(jpeg.count * 2 / 3)), "damaged JPEG"),
            ("noise.jpg", [0xFF, 0xD8, 0xFF] + HostileCase.noise(500, seed: 8), "JPEG"),
            ("huge.jpg", hugeJPEG, "larger than the limit"),
            ("text.png", Array("not an image".utf8), "not a JPEG, PNG or TGA image"),
        ]
    }
}
