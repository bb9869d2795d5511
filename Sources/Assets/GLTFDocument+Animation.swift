extension GLTFDocument {
    /// A glTF animation: channels naming a node property and the sampler driving it.
    struct Animation: Decodable {
        struct Channel: Decodable {
            struct Target: Decodable {
                var node: Int?
                var path: String
            }

            var sampler: Int
            var target: Target
        }

        struct Sampler: Decodable {
            var input: Int
            var output: Int
            var interpolation: String?
        }

        var name: String?
        var channels: [Channel]
        var samplers: [Sampler]
    }

    /// A glTF skin: joint nodes and their inverse bind matrices.
    struct Skin: Decodable {
        var name: String?
        var joints: [Int]
        var inverseBindMatrices: Int?
        var skeleton: Int?
    }
}
