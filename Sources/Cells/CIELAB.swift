import Foundation
import SceneGraph

/// CIELAB (D65) conversions and the CIE76 colour difference, for perceptual palette choice
/// and the quality metric.
public enum CIELAB {
    /// L*, a*, b* of a linear-light sRGB colour (components clamped to 0...1).
    public static func lab(linear c: SIMD3<Float>) -> SIMD3<Float> {
        let r = min(max(c.x, 0), 1)
        let g = min(max(c.y, 0), 1)
        let b = min(max(c.z, 0), 1)
        // Linear sRGB to XYZ (D65), normalized by the white point.
        let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
        let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
        let fx = f(x)
        let fy = f(y)
        let fz = f(z)
        return SIMD3(116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    /// L*, a*, b* of an 8-bit sRGB colour.
    public static func lab(srgb c: SIMD3<UInt8>) -> SIMD3<Float> {
        lab(linear: SIMD3(SRGB.toLinear[Int(c.x)], SRGB.toLinear[Int(c.y)], SRGB.toLinear[Int(c.z)]))
    }

    /// CIE76 delta E: the Euclidean distance between two Lab colours.
    public static func deltaE(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> Float {
        let d = a - b
        return (d * d).sum().squareRoot()
    }

    private static func f(_ t: Float) -> Float {
        t > 216.0 / 24389.0 ? Float(cbrt(Double(t))) : (24389.0 / 27.0 * t + 16) / 116
    }
}
