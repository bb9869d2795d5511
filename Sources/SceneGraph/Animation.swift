import Math3D

/// Keyframes of one animated property: times in seconds and the values at them, with the
/// interpolation between keys (glTF 2.0 samplers).
public struct AnimationSampler: Hashable, Sendable {
    /// How values between keys are found.
    public enum Interpolation: String, Hashable, Sendable, CaseIterable {
        /// The earlier key's value until the next key.
        case step = "STEP"
        /// Straight-line interpolation; rotations by spherical linear interpolation.
        case linear = "LINEAR"
        /// Cubic Hermite spline: each key holds an in-tangent, a value and an out-tangent.
        case cubicSpline = "CUBICSPLINE"
    }

    /// Errors from `AnimationSampler.init`.
    public struct ValidationError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong.
        public let description: String
    }

    /// Key times in seconds, increasing.
    public let times: [Float]
    /// Values, `width` per key (three times that for `.cubicSpline`: in-tangent, value,
    /// out-tangent).
    public let values: [Float]
    /// Numbers in one value: 3 for translation and scale, 4 for rotation, the morph
    /// target count for weights.
    public let width: Int
    /// Interpolation between keys.
    public let interpolation: Interpolation

    /// A sampler, checked: at least one key, times finite and not decreasing, every value
    /// finite, `values.count` = keys x `width` (x 3 for cubic splines), `width` >= 1.
    public init(times: [Float], values: [Float], width: Int, interpolation: Interpolation) throws(ValidationError) {
        guard width >= 1 else { throw ValidationError(description: "value width \(width) is not positive") }
        guard !times.isEmpty else { throw ValidationError(description: "no keyframes") }
        let perKey = width * (interpolation == .cubicSpline ? 3 : 1)
        guard values.count == times.count * perKey else {
            throw ValidationError(
                description: "\(values.count) values for \(times.count) keys of \(perKey) numbers each")
        }
        guard times.allSatisfy(\.isFinite), values.allSatisfy(\.isFinite) else {
            throw ValidationError(description: "a key time or value is not finite")
        }
        for k in 1..<times.count where times[k] < times[k - 1] {
            throw ValidationError(description: "key times decrease at key \(k)")
        }
        self.times = times
        self.values = values
        self.width = width
        self.interpolation = interpolation
    }

    /// Time of the last key, in seconds.
    public var end: Float { times[times.count - 1] }

    /// The value at `time` seconds (clamped to the first and last keys) written into
    /// `out[0..<width]`; with `rotation`, the result is a unit quaternion (x, y, z, w)
    /// and linear interpolation is spherical.
    public func sample(at time: Float, rotation: Bool = false, into out: inout [Float]) {
        let perKey = interpolation == .cubicSpline ? 3 * width : width
        let valueAt = interpolation == .cubicSpline ? width : 0
        let last = times.count - 1
        if !(time > times[0]) || last == 0 {
            for c in 0..<width { out[c] = values[valueAt + c] }
        } else if time >= times[last] {
            for c in 0..<width { out[c] = values[last * perKey + valueAt + c] }
        } else {
            // The key k with times[k] <= time < times[k + 1].
            var lo = 0
            var hi = last
            while hi - lo > 1 {
                let mid = (lo + hi) / 2
                if times[mid] <= time { lo = mid } else { hi = mid }
            }
            let span = times[lo + 1] - times[lo]
            let s = span > 0 ? (time - times[lo]) / span : 0
            interpolate(key: lo, s: s, span: span, perKey: perKey, rotation: rotation, into: &out)
        }
        if rotation, width == 4 {
            let q = Quaternion(x: out[0], y: out[1], z: out[2], w: out[3]).normalized
            (out[0], out[1], out[2], out[3]) = (q.vector.x, q.vector.y, q.vector.z, q.vector.w)
        }
    }

    private func interpolate(
        key k: Int, s: Float, span: Float, perKey: Int, rotation: Bool, into out: inout [Float]
    ) {
        let a = k * perKey
        let b = (k + 1) * perKey
        switch interpolation {
        case .step:
            for c in 0..<width { out[c] = values[a + c] }
        case .linear:
            if rotation, width == 4 {
                let qa = Quaternion(x: values[a], y: values[a + 1], z: values[a + 2], w: values[a + 3])
                let qb = Quaternion(x: values[b], y: values[b + 1], z: values[b + 2], w: values[b + 3])
                let q = Quaternion.slerp(qa.normalized, qb.normalized, t: s)
                (out[0], out[1], out[2], out[3]) = (q.vector.x, q.vector.y, q.vector.z, q.vector.w)
            } else {
                for c in 0..<width { out[c] = values[a + c] + (values[b + c] - values[a + c]) * s }
            }
        case .cubicSpline:
            // Hermite basis; tangents are scaled by the key interval (glTF 2.0, appendix C).
            let s2 = s * s
            let s3 = s2 * s
            let h00 = 2 * s3 - 3 * s2 + 1
            let h10 = s3 - 2 * s2 + s
            let h01 = -2 * s3 + 3 * s2
            let h11 = s3 - s2
            for c in 0..<width {
                let v0 = values[a + width + c]
                let out0 = values[a + 2 * width + c]
                let v1 = values[b + width + c]
                let in1 = values[b + c]
                out[c] = h00 * v0 + h10 * span * out0 + h01 * v1 + h11 * span * in1
            }
        }
    }
}

/// One animated property of one node.
public struct AnimationChannel: Hashable, Sendable {
    /// Which property a channel drives.
    public enum Path: String, Hashable, Sendable, CaseIterable {
        /// The node's position (3 numbers).
        case translation
        /// The node's rotation, a quaternion (x, y, z, w).
        case rotation
        /// The node's scale (3 numbers).
        case scale
        /// The morph target weights of the node's mesh (one per target).
        case weights
    }

    /// The animated node: an index into `Rig.targets`.
    public var target: Int
    /// The property.
    public var path: Path
    /// The keyframes.
    public var sampler: AnimationSampler

    /// A channel driving `path` of rig target `target` by `sampler`.
    public init(target: Int, path: Path, sampler: AnimationSampler) {
        self.target = target
        self.path = path
        self.sampler = sampler
    }
}

/// A named set of channels played together (a walk, a run, a wave).
public struct Animation: Hashable, Sendable {
    /// The name (from the file, or `animation N`).
    public var name: String
    /// The animated properties.
    public var channels: [AnimationChannel]

    /// An animation.
    public init(name: String, channels: [AnimationChannel]) {
        self.name = name
        self.channels = channels
    }

    /// Length in seconds: the last key time of any channel (0 without channels).
    public var duration: Float { channels.map(\.sampler.end).max() ?? 0 }
}
