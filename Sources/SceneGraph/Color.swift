import Foundation
import Math3D

/// A colour in linear light (not sRGB-encoded), components nominally 0...1.
///
/// Colour maths (shading, filtering, averaging) happens in linear light; sRGB appears only
/// at the edges: `init(hex:)`, `init(srgb8:)` and `srgb8`.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// Red, green and blue in linear light.
    public var rgb: Vec3

    /// A colour from linear-light components.
    @inlinable public init(linear rgb: Vec3) { self.rgb = rgb }
    /// A colour from linear-light components.
    @inlinable public init(linearRed r: Float, green g: Float, blue b: Float) { rgb = Vec3(r, g, b) }

    /// A colour from sRGB-encoded 8-bit components (as in `#RRGGBB`).
    public init(srgb8 r: UInt8, _ g: UInt8, _ b: UInt8) {
        rgb = Vec3(SRGB.toLinear[Int(r)], SRGB.toLinear[Int(g)], SRGB.toLinear[Int(b)])
    }

    /// A colour from a hex string `"RRGGBB"`, `"#RRGGBB"` or `"RGB"` (sRGB-encoded), or
    /// `nil` when the string is not such a colour.
    public init?(hex: String) {
        var s = Substring(hex.trimmingCharacters(in: .whitespaces))
        if s.hasPrefix("#") { s = s.dropFirst() }
        if s.count == 3 { s = Substring(s.map { "\($0)\($0)" }.joined()) }
        guard s.count == 6, let v = UInt32(s, radix: 16) else { return nil }
        self.init(srgb8: UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF))
    }

    /// The colour as sRGB-encoded 8-bit components, clamped to 0...255.
    public var srgb8: SIMD3<UInt8> {
        SIMD3(SRGB.encode8(rgb.x), SRGB.encode8(rgb.y), SRGB.encode8(rgb.z))
    }

    /// `"RRGGBB"` (sRGB).
    public var hex: String {
        let c = srgb8
        return String(format: "%02X%02X%02X", c.x, c.y, c.z)
    }

    public var description: String { "#" + hex }

    public static let black = Color(linear: .zero)
    public static let white = Color(linear: .one)

    /// Relative luminance (Rec. 709 weights, linear light).
    @inlinable public var luminance: Float { dot(rgb, Vec3(0.2126, 0.7152, 0.0722)) }
}

/// sRGB transfer functions.
public enum SRGB {
    /// Linear value of each 8-bit sRGB code.
    public static let toLinear: [Float] = (0..<256).map { decode(Float($0) / 255) }

    /// sRGB-encoded 0...1 to linear 0...1.
    @inlinable public static func decode(_ v: Float) -> Float {
        v <= 0.04045 ? v / 12.92 : Float(pow(Double((v + 0.055) / 1.055), 2.4))
    }

    /// Linear 0...1 to sRGB-encoded 0...1.
    @inlinable public static func encode(_ v: Float) -> Float {
        let c = min(max(v, 0), 1)
        return c <= 0.0031308 ? c * 12.92 : Float(1.055 * pow(Double(c), 1 / 2.4) - 0.055)
    }

    /// 4096-entry table: linear value `i / 4095` to its 8-bit sRGB code (fast encode).
    public static let encodeTable: [UInt8] = (0..<4096).map { UInt8((encode(Float($0) / 4095) * 255).rounded()) }

    /// Linear 0...1 to 8-bit sRGB through the table (clamped; error under half a code).
    @inlinable public static func encode8(_ v: Float) -> UInt8 {
        let i = Int(min(max(v, 0), 1) * 4095 + 0.5)
        return encodeTable[i]
    }
}
