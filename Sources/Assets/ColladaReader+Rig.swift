import Foundation
import Math3D
import SceneGraph

extension ColladaReader {
    /// One playable animation: a clip of `library_animation_clips`, or every animation of
    /// the file when there are no clips.
    struct ClipSpan {
        var name: String
        var animations: [XElement]
        /// Start and end in seconds (end nil: the last key).
        var start: Float
        var end: Float?
    }

    /// The file's playable animations.
    func clips(_ document: XElement) -> [ClipSpan] {
        let library = document.children("library_animations")
        let all = library.flatMap { Self.animationElements($0) }
        guard !all.isEmpty else { return [] }
        let clips = document.children("library_animation_clips").flatMap { $0.children("animation_clip") }
        guard !clips.isEmpty else {
            let top = library.flatMap { $0.children("animation") }
            let name = top.count == 1 ? top[0].attributes["name"] ?? top[0].attributes["id"] : nil
            return [ClipSpan(name: name ?? "animation 0", animations: all, start: 0, end: nil)]
        }
        return clips.enumerated().map { i, clip in
            var animations: [XElement] = []
            for instance in clip.children("instance_animation") {
                if let a = lookup(instance.attributes["url"]), a.name == "animation" {
                    animations.append(a)
                    animations += Self.animationElements(a)
                }
            }
            let start = Float(clip.attributes["start"] ?? "0").flatMap { $0.isFinite ? max($0, 0) : nil } ?? 0
            let end = Float(clip.attributes["end"] ?? "").flatMap { $0.isFinite && $0 > start ? $0 : nil }
            let name = clip.attributes["name"] ?? clip.attributes["id"] ?? "animation \(i)"
            return ClipSpan(name: name, animations: animations, start: start, end: end)
        }
    }

    /// Builds the rig of `root` (the file's root node) from the animations of `document`
    /// and the skins met in the scene; `paths` are the child-index paths from `root` of
    /// every animated node, joint and posed `instance_controller` element.
    mutating func rig(_ root: inout Node, document: XElement, paths: [ObjectIdentifier: [[Int]]]) throws(AssetError) {
        let spans = clips(document)
        var skipped = 0
        var unposed = 0
        var targets: [Rig.Target] = []
        var targetOf: [ObjectIdentifier: Int] = [:]
        var spent = 0
        var animations: [Animation] = []
        for span in spans {
            let channels = try self.channels(of: span.animations, skipped: &skipped)
            var order: [ObjectIdentifier] = []
            var byNode: [ObjectIdentifier: [ColladaAnimations.Channel]] = [:]
            for c in channels {
                let key = ObjectIdentifier(c.node)
                if byNode[key] == nil { order.append(key) }
                byNode[key, default: []].append(c)
            }
            var out: [AnimationChannel] = []
            for key in order {
                guard let list = byNode[key], let node = list.first?.node, let at = paths[key], !at.isEmpty else {
                    unposed += 1
                    continue
                }
                let what = "animation '\(AssetError.oneLine(span.name))'"
                let times = try sampleTimes(list, start: span.start, end: span.end, what: what)
                spent += 10 * times.count
                guard spent <= Rigging.maxNumbers else {
                    throw AssetError(file: name, "\(what): animation data beyond \(Rigging.maxNumbers) numbers")
                }
                let elements = try transformElements(node)
                guard let rest = NodeMatrix.decompose(pose(elements, list, at: nil)) else {
                    unposed += 1
                    continue
                }
                var keys: [Transform] = []
                keys.reserveCapacity(times.count)
                for t in times {
                    guard var pose = NodeMatrix.decompose(pose(elements, list, at: t)) else { break }
                    if let last = keys.last, dot(last.rotation.vector, pose.rotation.vector) < 0 {
                        let q = pose.rotation.vector
                        pose.rotation = Quaternion(x: -q.x, y: -q.y, z: -q.z, w: -q.w)
                    }
                    keys.append(pose)
                }
                guard keys.count == times.count else {
                    unposed += 1
                    continue
                }
                let target: Int
                if let known = targetOf[key] {
                    target = known
                } else {
                    target = targets.count
                    targetOf[key] = target
                    let nodeName = node.attributes["name"] ?? node.attributes["id"] ?? ""
                    targets.append(Rig.Target(name: nodeName, paths: at, rest: rest))
                }
                let stepped = list.allSatisfy { $0.step.allSatisfy { $0 } }
                let shifted = times.map { $0 - span.start }
                do throws(AnimationSampler.ValidationError) {
                    let interpolation: AnimationSampler.Interpolation = stepped ? .step : .linear
                    let position = keys.flatMap { [$0.position.x, $0.position.y, $0.position.z] }
                    let rotation = keys.flatMap { k in
                        [k.rotation.vector.x, k.rotation.vector.y, k.rotation.vector.z, k.rotation.vector.w]
                    }
                    let scale = keys.flatMap { [$0.scale.x, $0.scale.y, $0.scale.z] }
                    out.append(
                        AnimationChannel(
                            target: target, path: .translation,
                            sampler: try AnimationSampler(
                                times: shifted, values: position, width: 3, interpolation: interpolation)))
                    out.append(
                        AnimationChannel(
                            target: target, path: .rotation,
                            sampler: try AnimationSampler(
                                times: shifted, values: rotation, width: 4, interpolation: interpolation)))
                    out.append(
                        AnimationChannel(
                            target: target, path: .scale,
                            sampler: try AnimationSampler(
                                times: shifted, values: scale, width: 3, interpolation: interpolation)))
                } catch {
                    throw AssetError(
                        file: name, line: node.line,
                        "animation '\(AssetError.oneLine(span.name))': \(error.description)")
                }
            }
            animations.append(Animation(name: span.name, channels: out))
        }
        if skipped > 0 {
            context.warnings.append(
                AssetError(
                    file: name,
                    "\(skipped) animation channel(s) not played: only nodes' matrix, translate, rotate and scale are"))
        }
        if unposed > 0 {
            context.warnings.append(
                AssetError(
                    file: name,
                    "\(unposed) animated node(s) not played: not in the scene, or a transform with a shear"))
        }
        let deformers = try skinDeformers(&root, paths: paths, targets: &targets, targetOf: &targetOf)
        if !unposedSkins.isEmpty {
            context.warnings.append(
                AssetError(
                    file: name, "\(unposedSkins.count) skinned mesh(es) drawn in the bind pose: \(unposedReason)"))
        }
        guard !targets.isEmpty else { return }
        let rig = Rig(animations: animations, targets: targets, deformers: deformers)
        root.rig = rig
        var player = AnimationPlayer(rig: rig)
        player.pose(&root, animation: nil, seconds: 0)
    }

    /// The times `channels` (all on one node) are resampled at, within `start...end`:
    /// every key, points between keys so no rotation turns more than
    /// `ColladaAnimations.maxDegreesPerKey`, and a point just before each STEP change.
    func sampleTimes(
        _ channels: [ColladaAnimations.Channel], start: Float, end: Float?, what: String
    ) throws(AssetError) -> [Float] {
        var times: [Float] = [start]
        let last = end ?? channels.map { $0.times[$0.times.count - 1] }.max() ?? start
        let limit = ColladaAnimations.maxSamples
        let tooMany = AssetError(file: name, "\(what): more than \(limit) keys")
        for c in channels {
            guard times.count + 2 * c.times.count <= limit else { throw tooMany }
            let angle = c.element.name == "rotate" && (c.component == nil || c.component == 3)
            for k in c.times.indices {
                times.append(c.times[k])
                guard k + 1 < c.times.count else { continue }
                let span = c.times[k + 1] - c.times[k]
                if c.step[k] {
                    times.append(c.times[k + 1] - min(1e-4, span / 2))
                } else if angle {
                    let a = c.values[k * c.width + c.width - 1]
                    let b = c.values[(k + 1) * c.width + c.width - 1]
                    let turns = (abs(b - a) / ColladaAnimations.maxDegreesPerKey).rounded(.up)
                    guard turns <= Float(limit - times.count) else { throw tooMany }
                    let pieces = Int(turns)
                    if pieces > 1 {
                        for p in 1..<pieces { times.append(c.times[k] + span * Float(p) / Float(pieces)) }
                    }
                }
            }
        }
        times.append(last)
        let sorted = times.filter { $0 >= start && $0 <= last }.sorted()
        var out: [Float] = []
        for t in sorted where out.last.map({ t - $0 > 1e-6 }) ?? true { out.append(t) }
        return out
    }

    /// Node `node`'s transform elements with their numbers, in document order.
    func transformElements(_ node: XElement) throws(AssetError) -> [(XElement, [Float])] {
        let nodeName = node.attributes["name"] ?? node.attributes["id"] ?? ""
        var out: [(XElement, [Float])] = []
        for e in node.children {
            guard let width = Self.transformWidths[e.name] else { continue }
            out.append((e, try transform(e, node: nodeName, count: width)))
        }
        return out
    }

    /// The local matrix of a node with transform elements `elements`, with `channels`
    /// sampled at `t` (nil: as the file gives it).
    func pose(_ elements: [(XElement, [Float])], _ channels: [ColladaAnimations.Channel], at t: Float?) -> Matrix4 {
        var matrix = Matrix4.identity
        for (e, numbers) in elements {
            var v = numbers
            if let t {
                for c in channels where c.element === e { Self.sample(c, at: t, into: &v) }
            }
            Self.compose(e.name, v, into: &matrix)
        }
        return matrix
    }
}
