import Foundation

/// The `asset.version` of a glTF JSON document that did not decode as glTF 2.0: glTF 1.0
/// files (`"version": "1.0"`, or the number `1` some exporters wrote) have another layout
/// (objects keyed by id), so decoding them as glTF 2.0 fails on some other member with a
/// misleading message.
struct GLTFVersion: Decodable {
    struct Asset: Decodable {
        /// The version as written: a string, or a number turned into one.
        var version: String?

        enum CodingKeys: String, CodingKey { case version }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            if let text = try? c.decode(String.self, forKey: .version) {
                version = text
            } else if let number = try? c.decode(Double.self, forKey: .version) {
                version = number == number.rounded() && abs(number) < 1e6 ? "\(Int(number)).0" : "\(number)"
            } else {
                version = nil
            }
        }
    }

    var asset: Asset?

    /// The message for a glTF 1.0 file.
    static let version1 = "glTF 1.0 is not supported (glTF 2.0 only)"

    /// True when `json` decodes with an `asset.version` naming glTF 1.x.
    static func isVersion1(json: [UInt8]) -> Bool {
        guard let probe = try? JSONDecoder().decode(GLTFVersion.self, from: Data(json)),
            let version = probe.asset?.version
        else { return false }
        return isVersion1(version)
    }

    /// True when `version` names glTF 1.x (`1`, `1.0`, `1.0.2`).
    static func isVersion1(_ version: String) -> Bool { version == "1" || version.hasPrefix("1.") }
}
