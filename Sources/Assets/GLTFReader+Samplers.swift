import SceneGraph

extension GLTFReader {
    /// Sampler `index` (glTF 2.0 3.8.4) as a scene-graph sampler; no sampler is
    /// `TextureSampler.standard` (repeat, linear, mipmaps). A filter or wrap value glTF does
    /// not define is an error naming it.
    func sampler(_ index: Int?) throws(AssetError) -> TextureSampler {
        guard let index else { return .standard }
        let all = doc.samplers ?? []
        guard index >= 0, index < all.count else {
            throw AssetError(file: name, "sampler index \(index) out of range (\(all.count) samplers)")
        }
        let s = all[index]
        func wrap(_ value: Int?, _ field: String) throws(AssetError) -> TextureSampler.Wrap {
            switch value ?? 10497 {
            case 10497: return .repeat
            case 33071: return .clampToEdge
            case 33648: return .mirroredRepeat
            case let other: throw AssetError(file: name, "sampler \(index): \(field) \(other) is not a glTF wrap mode")
            }
        }
        let mag = s.magFilter ?? 9729
        guard mag == 9728 || mag == 9729 else {
            throw AssetError(file: name, "sampler \(index): magFilter \(mag) is not NEAREST or LINEAR")
        }
        let min = s.minFilter ?? 9987
        guard [9728, 9729, 9984, 9985, 9986, 9987].contains(min) else {
            throw AssetError(file: name, "sampler \(index): minFilter \(min) is not a glTF filter")
        }
        return TextureSampler(
            wrapU: try wrap(s.wrapS, "wrapS"), wrapV: try wrap(s.wrapT, "wrapT"), magnifyNearest: mag == 9728,
            // NEAREST, NEAREST_MIPMAP_NEAREST, NEAREST_MIPMAP_LINEAR read texel by texel.
            minifyNearest: min == 9728 || min == 9984 || min == 9986, mipmaps: min >= 9984)
    }

    /// `texture` read through `sampler`.
    static func sampled(_ texture: Texture, _ sampler: TextureSampler) -> Texture {
        var t = texture
        t.sampler = sampler
        return t
    }
}
