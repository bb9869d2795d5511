import SceneGraph

extension GLTFReader {
    /// The file's animations. Channels on properties the reader does not know
    /// (`KHR_animation_pointer`'s `pointer`) or without a target node are skipped;
    /// malformed samplers are errors naming the animation.
    mutating func readAnimations() throws(AssetError) -> [Animation] {
        let nodeCount = doc.nodes?.count ?? 0
        var result: [Animation] = []
        var cache: [Int: [Float]] = [:]
        for (ai, a) in (doc.animations ?? []).enumerated() {
            var channels: [AnimationChannel] = []
            for (ci, c) in a.channels.enumerated() {
                let what = "animation \(ai) channel \(ci)"
                guard let node = c.target.node, let path = AnimationChannel.Path(rawValue: c.target.path) else {
                    continue
                }
                guard node >= 0, node < nodeCount else {
                    throw AssetError(file: name, "\(what): node \(node) out of range (\(nodeCount) nodes)")
                }
                guard c.sampler >= 0, c.sampler < a.samplers.count else {
                    throw AssetError(
                        file: name, "\(what): sampler \(c.sampler) out of range (\(a.samplers.count) samplers)")
                }
                let s = a.samplers[c.sampler]
                guard let interpolation = AnimationSampler.Interpolation(rawValue: s.interpolation ?? "LINEAR") else {
                    throw AssetError(
                        file: name, "\(what): interpolation \(AssetError.oneLine(s.interpolation ?? "")) is not known")
                }
                let times = try keyframes(s.input, type: "SCALAR", types: [5126], what: "\(what) input", &cache)
                let values: [Float]
                let width: Int
                switch path {
                case .translation, .scale:
                    values = try keyframes(s.output, type: "VEC3", types: [5126], what: "\(what) output", &cache)
                    width = 3
                case .rotation:
                    values = try keyframes(
                        s.output, type: "VEC4", types: [5126, 5120, 5121, 5122, 5123], what: "\(what) output", &cache)
                    width = 4
                case .weights:
                    values = try keyframes(
                        s.output, type: "SCALAR", types: [5126, 5120, 5121, 5122, 5123], what: "\(what) output",
                        &cache)
                    let perKey = times.count * (interpolation == .cubicSpline ? 3 : 1)
                    width = values.count / perKey
                }
                do {
                    let sampler = try AnimationSampler(
                        times: times, values: values, width: width, interpolation: interpolation)
                    channels.append(AnimationChannel(target: node, path: path, sampler: sampler))
                } catch {
                    throw AssetError(file: name, "\(what): \(error.description)")
                }
            }
            result.append(Animation(name: a.name ?? "animation \(ai)", channels: channels))
        }
        return result
    }

    /// Accessor `index` as floats, read once per file and counted against the rig budget.
    mutating func keyframes(
        _ index: Int, type: String, types: Set<Int>, what: String, _ cache: inout [Int: [Float]]
    ) throws(AssetError) -> [Float] {
        if let known = cache[index] { return known }
        let (values, _) = try floats(index, type: type, componentTypes: types, what: what)
        try spendRig(values.count, what)
        cache[index] = values
        return values
    }
}
