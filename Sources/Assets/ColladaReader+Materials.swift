import Foundation
import Math3D
import SceneGraph

extension ColladaReader {
    /// The material a `#material` URL names, through its effect (cached).
    mutating func material(_ url: String) throws(AssetError) -> Material {
        if let m = materialCache[url] { return m }
        guard let element = lookup(url), element.name == "material" else {
            throw AssetError(file: name, "bound material '\(AssetError.oneLine(url))' not found")
        }
        let materialName = element.attributes["name"] ?? element.attributes["id"] ?? "material"
        var m = Material(
            name: materialName, diffuse: Color(linear: Vec3(repeating: 0.8)), specular: .black, shininess: 0)
        if let effect = lookup(element.child("instance_effect")?.attributes["url"]), effect.name == "effect",
            let profile = effect.child("profile_COMMON"),
            let technique = profile.child("technique"),
            let shading = technique.children.first(where: {
                ["constant", "lambert", "phong", "blinn"].contains($0.name)
            })
        {
            var hasAmbient = false
            for slot in shading.children {
                switch slot.name {
                case "emission":
                    // Emitted light is colour x texture (white when the slot has only a texture),
                    // the texture read with the mesh's texture coordinates, as glTF's emissive.
                    let c = try color(slot)
                    if let t = slot.child("texture"),
                        let glow = try texture(t.attributes["texture"] ?? "", profile: profile)
                    {
                        m.emissiveTexture = glow
                        m.emissive = c ?? .white
                    } else if let c {
                        m.emissive = c
                    }
                case "ambient":
                    if let c = try color(slot) {
                        m.ambient = c
                        hasAmbient = true
                    }
                case "diffuse":
                    if let c = try color(slot) { m.diffuse = c }
                    if let t = slot.child("texture") {
                        m.texture = try texture(t.attributes["texture"] ?? "", profile: profile)
                        if m.texture != nil { m.diffuse = .white }
                    }
                case "specular": if let c = try color(slot) { m.specular = c }
                case "shininess":
                    if let f = slot.child("float") { m.shininess = min(max(try scalar(f), 0), 1000) }
                case "transparency":
                    if let f = slot.child("float") { m.opacity = min(max(try scalar(f), 0), 1) }
                default: break
                }
            }
            if !hasAmbient { m.ambient = m.diffuse }
        }
        materialCache[url] = m
        return m
    }

    /// A `<color>` inside a shading slot, sRGB-encoded in the file; nil when the slot has none.
    func color(_ slot: XElement) throws(AssetError) -> Color? {
        guard let e = slot.child("color") else { return nil }
        let v = try numbers(e, what: "\(slot.name) colour")
        guard v.count >= 3 else {
            throw AssetError(file: name, line: slot.line, "\(slot.name) colour needs 3 or 4 numbers, found \(v.count)")
        }
        return Color(
            linear: Vec3(
                SRGB.decode(min(max(v[0], 0), 1)), SRGB.decode(min(max(v[1], 0), 1)), SRGB.decode(min(max(v[2], 0), 1)))
        )
    }

    func scalar(_ e: XElement) throws(AssetError) -> Float {
        let v = try numbers(e, what: "<float>")
        guard let first = v.first else { throw AssetError(file: name, line: e.line, "<float> without a value") }
        return first
    }

    /// The texture a `<texture texture="...">` names: a sampler2D (whose surface or
    /// instance_image names an image), or directly an image id.
    mutating func texture(_ reference: String, profile: XElement) throws(AssetError) -> Texture? {
        var params: [String: XElement] = [:]
        for p in profile.children("newparam") { if let sid = p.attributes["sid"] { params[sid] = p } }
        var imageID = reference
        if let sampler = params[reference]?.child("sampler2D") {
            if let instance = sampler.child("instance_image")?.attributes["url"] {
                imageID = String(instance.dropFirst(instance.hasPrefix("#") ? 1 : 0))
            } else if let surfaceSID = sampler.child("source")?.text.trimmingCharacters(in: .whitespacesAndNewlines),
                let initFrom = params[surfaceSID]?.path("surface", "init_from")
            {
                imageID = initFrom.text.trimmingCharacters(in: .whitespacesAndNewlines)
            }
        }
        guard let image = ids[imageID], image.name == "image" else {
            throw AssetError(
                file: name, line: profile.line, "texture '\(AssetError.oneLine(reference))' names no image in this file"
            )
        }
        guard let initFrom = image.child("init_from") else {
            throw AssetError(file: name, line: image.line, "image '\(AssetError.oneLine(imageID))' has no init_from")
        }
        let text = (initFrom.child("ref") ?? initFrom).text.trimmingCharacters(in: .whitespacesAndNewlines)
        let path = text.removingPercentEncoding ?? text
        let file = name
        return try context.optional({ $0.within(file: file, "image '\(AssetError.oneLine(imageID))'") }) {
            (c: inout LoadContext) throws(AssetError) -> Texture in
            try c.texture(reference: path, directory: c.access.base, from: file)
        }
    }
}
