import Foundation
import Math3D
import SceneGraph

/// COLLADA `<library_animations>` read into the scene graph's animation model.
///
/// A channel drives one transform element of a node (`node-id/sid`, or one number of it:
/// `.X`/`.Y`/`.Z`/`.ANGLE`, `(i)` or a matrix's `(row)(column)`). The node's transform
/// elements are composed in document order at every key time of its channels (rotations
/// also at least every 30 degrees between keys) and decomposed into the position, rotation
/// and scale samplers `AnimationPlayer` plays. LINEAR and STEP keys are kept; BEZIER and
/// HERMITE keys are played as LINEAR.
struct ColladaAnimations {
    /// One channel as the file gives it.
    struct Channel {
        /// The driven node element.
        var node: XElement
        /// The driven transform element (a child of `node`).
        var element: XElement
        /// The number driven within the element, or nil for all of them.
        var component: Int?
        /// Key times in seconds.
        var times: [Float]
        /// `width` numbers per key.
        var values: [Float]
        /// Numbers per key: 1 for a component, else the element's count.
        var width: Int
        /// Per key: the value holds until the next key (STEP).
        var step: [Bool]
    }

    /// Most key times one animated node may be resampled at.
    static let maxSamples = 100_000
    /// Largest rotation between two resampled keys, in degrees.
    static let maxDegreesPerKey: Float = 30
}

extension ColladaReader {
    /// The numbers of each transform element kind.
    static let transformWidths = ["matrix": 16, "translate": 3, "rotate": 4, "scale": 3]

    /// Multiplies `matrix` by transform element `kind` with numbers `v` (already checked
    /// to be `transformWidths[kind]` of them).
    static func compose(_ kind: String, _ v: [Float], into matrix: inout Matrix4) {
        switch kind {
        case "matrix": matrix = matrix * Matrix4(rowMajor: v)
        case "translate": matrix = matrix * .translation(Vec3(v[0], v[1], v[2]))
        case "rotate":
            // Exporters write `0 0 0 0` for no rotation: a zero axis turns nothing.
            let axis = Vec3(v[0], v[1], v[2])
            if v[3] != 0, length(axis) > 0 { matrix = matrix * .rotation(.degrees(Double(v[3])), axis: axis) }
        case "scale": matrix = matrix * .scale(Vec3(v[0], v[1], v[2]))
        default: break
        }
    }

    /// Every `<animation>` (nested ones too) under `e`, in document order.
    static func animationElements(_ e: XElement) -> [XElement] {
        var out: [XElement] = []
        var stack = Array(e.children("animation").reversed())
        while let a = stack.popLast(), out.count < 1_000_000 {
            out.append(a)
            stack.append(contentsOf: a.children("animation").reversed())
        }
        return out
    }

    /// The node elements the file's animations drive (by the target's node id).
    func animatedNodeElements(_ root: XElement) -> Set<ObjectIdentifier> {
        var out: Set<ObjectIdentifier> = []
        for library in root.children("library_animations") {
            for a in Self.animationElements(library) {
                for c in a.children("channel") {
                    let target = c.attributes["target"] ?? ""
                    guard let slash = target.firstIndex(of: "/") else { continue }
                    if let n = ids[String(target[..<slash])], n.name == "node" { out.insert(ObjectIdentifier(n)) }
                }
            }
        }
        return out
    }

    /// The channels of animation elements `animations`; channels this reader cannot play
    /// are counted in `skipped`.
    func channels(of animations: [XElement], skipped: inout Int) throws(AssetError) -> [ColladaAnimations.Channel] {
        var out: [ColladaAnimations.Channel] = []
        for a in animations {
            for c in a.children("channel") {
                if let channel = try channel(c, in: a) { out.append(channel) } else { skipped += 1 }
            }
        }
        return out
    }

    /// One `<channel>` read with its sampler, or nil when it drives something other than a
    /// node's `matrix`, `translate`, `rotate` or `scale`.
    func channel(_ c: XElement, in animation: XElement) throws(AssetError) -> ColladaAnimations.Channel? {
        let target = c.attributes["target"] ?? ""
        let what = "animation channel '\(AssetError.oneLine(target))'"
        guard let slash = target.firstIndex(of: "/"), let node = ids[String(target[..<slash])], node.name == "node"
        else { return nil }
        var rest = target[target.index(after: slash)...]
        var selector = ""
        if let cut = rest.firstIndex(where: { $0 == "." || $0 == "(" }) {
            selector = String(rest[cut...])
            rest = rest[..<cut]
        }
        guard
            let element = node.children.first(where: {
                $0.attributes["sid"] == String(rest) && Self.transformWidths[$0.name] != nil
            }),
            let full = Self.transformWidths[element.name]
        else { return nil }
        let component: Int?
        switch selector {
        case "": component = nil
        case ".X": component = 0
        case ".Y": component = 1
        case ".Z": component = 2
        case ".ANGLE", ".W":
            guard element.name == "rotate" else { return nil }
            component = 3
        default:
            let parts = selector.split(whereSeparator: { $0 == "(" || $0 == ")" }).map { Int($0) }
            if parts.count == 1, let i = parts[0] {
                component = i
            } else if parts.count == 2, let r = parts[0], let k = parts[1], r >= 0, r < 4, k >= 0, k < 4 {
                component = r * 4 + k
            } else {
                return nil
            }
        }
        if let component, component < 0 || component >= full { return nil }
        let source = c.attributes["source"] ?? ""
        guard let sampler = lookup(source), sampler.name == "sampler" else {
            throw AssetError(
                file: name, line: c.line, "\(what): sampler '\(AssetError.oneLine(source))' not found")
        }
        var inputs: [String: String] = [:]
        for i in sampler.children("input") {
            if let s = i.attributes["semantic"], let u = i.attributes["source"] { inputs[s] = u }
        }
        let width = component == nil ? full : 1
        guard inputs["INPUT"] != nil, inputs["OUTPUT"] != nil else {
            throw AssetError(file: name, line: sampler.line, "\(what): sampler has no INPUT or OUTPUT")
        }
        let times = try self.source(inputs["INPUT"], minimumSize: 1, what: "\(what) INPUT")
        let values = try self.source(inputs["OUTPUT"], minimumSize: width, what: "\(what) OUTPUT")
        guard times.count > 0, times.count == values.count else {
            throw AssetError(
                file: name, line: sampler.line,
                "\(what): \(times.count) key times but \(values.count) values")
        }
        for k in 1..<times.count where times.values[k] < times.values[k - 1] {
            throw AssetError(file: name, line: sampler.line, "\(what): key times decrease at key \(k)")
        }
        var step = [Bool](repeating: false, count: times.count)
        if let url = inputs["INTERPOLATION"] {
            guard let e = lookup(url), let names = e.child("Name_array") else {
                throw AssetError(
                    file: name, line: sampler.line,
                    "\(what): INTERPOLATION source '\(AssetError.oneLine(url))' has no Name_array")
            }
            let words = names.text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
            for k in step.indices where k < words.count { step[k] = words[k] == "STEP" }
        }
        return ColladaAnimations.Channel(
            node: node, element: element, component: component, times: times.values, values: values.values,
            width: width, step: step)
    }

    /// Channel `c`'s value at `t` (clamped to its keys) written over `v`, the numbers of its element.
    static func sample(_ c: ColladaAnimations.Channel, at t: Float, into v: inout [Float]) {
        let n = c.times.count
        var k = 0
        var s: Float = 0
        if t >= c.times[n - 1] {
            k = n - 1
        } else if t > c.times[0] {
            var lo = 0
            var hi = n - 1
            while hi - lo > 1 {
                let mid = (lo + hi) / 2
                if c.times[mid] <= t { lo = mid } else { hi = mid }
            }
            k = lo
            let span = c.times[k + 1] - c.times[k]
            s = c.step[k] || span <= 0 ? 0 : (t - c.times[k]) / span
        }
        for i in 0..<c.width {
            let a = c.values[k * c.width + i]
            let value = s > 0 ? a + (c.values[(k + 1) * c.width + i] - a) * s : a
            v[(c.component ?? 0) + i] = value
        }
    }
}
