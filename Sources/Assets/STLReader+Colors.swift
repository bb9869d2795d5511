import Math3D
import SceneGraph

extension STLReader {
    /// How a binary STL's two attribute bytes per facet carry a colour.
    enum ColorConvention: Equatable {
        /// Materialise Magics: the header holds `COLOR=` and four bytes R G B A, the default
        /// colour; a facet whose bit 15 is 0 has its own colour, red in bits 0-4, green 5-9,
        /// blue 10-14 (5 bits each); bit 15 set means the default colour.
        case magics(default: Vec3)
        /// VisCAM and SolidView: a facet whose bit 15 is 1 has a colour, blue in bits 0-4,
        /// green 5-9, red 10-14; others have none (white, so the material shows).
        case visCAM
    }

    /// The colour convention of binary STL `b` of `count` facets, or nil when it has no
    /// colours: Magics when the header says `COLOR=`, else VisCAM when any facet sets bit 15.
    static func colorConvention(_ b: [UInt8], count: Int) -> ColorConvention? {
        let key = Array("COLOR=".utf8)
        let header = Array(b[0..<80])
        for i in 0...(80 - key.count - 4) where Array(header[i..<(i + key.count)]) == key {
            let c = i + key.count
            return .magics(default: srgb(header[c], header[c + 1], header[c + 2]))
        }
        for t in 0..<count where b[84 + 50 * t + 49] & 0x80 != 0 { return .visCAM }
        return nil
    }

    /// The linear-light colour of a facet's attribute bytes under `convention`.
    static func facetColor(_ attribute: UInt16, _ convention: ColorConvention) -> Vec3 {
        let low = Int(attribute & 31)
        let mid = Int((attribute >> 5) & 31)
        let high = Int((attribute >> 10) & 31)
        @inline(__always) func byte(_ v: Int) -> UInt8 { UInt8(v * 255 / 31) }
        switch convention {
        case .magics(let fallback):
            return attribute & 0x8000 != 0 ? fallback : srgb(byte(low), byte(mid), byte(high))
        case .visCAM:
            return attribute & 0x8000 == 0 ? .one : srgb(byte(high), byte(mid), byte(low))
        }
    }

    /// An sRGB-encoded colour in linear light.
    static func srgb(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Vec3 {
        Vec3(SRGB.toLinear[Int(r)], SRGB.toLinear[Int(g)], SRGB.toLinear[Int(b)])
    }
}
