import Foundation
import Math3D
import OrbitTestSupport
import Raster
import SceneGraph
import Testing

@Suite struct GoldenFrames {
    /// The frame as text: one character per pixel, `.` where nothing is drawn, else the
    /// pixel's linear luminance as a digit 0...9.
    static func luminanceText(_ fb: Framebuffer) -> String {
        var lines: [String] = []
        for y in 0..<fb.height {
            var line = ""
            for x in 0..<fb.width {
                let i = fb.index(x: x, y: y)
                if fb.coverage[i] == 0 {
                    line += "."
                    continue
                }
                let l = Color(linear: fb.color[i]).luminance
                line += String(min(9, max(0, Int(l * 10))))
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func aLitCubeAtLowResolutionMatchesItsGoldenFrame() throws {
        let material = Material(
            diffuse: Color(linear: Vec3(0.8, 0.7, 0.6)), specular: Color(linear: Vec3(repeating: 0.3)), shininess: 20)
        let cube = Node(
            mesh: .cube(size: 1.2), material: material,
            transform: Transform(rotation: Quaternion(eulerX: .degrees(25), y: .degrees(-35), z: .zero)))
        let scene = Scene(
            root: Node(children: [cube]), camera: Camera(position: Vec3(0, 0, 3.2)),
            light: DirectionalLight(direction: Vec3(0.5, -1, -1.5)))
        var fb = Framebuffer(width: 48, height: 24)
        Rasterizer().render(scene, into: &fb, pixelAspect: 0.5)
        Golden.check(Self.luminanceText(fb), against: "lit-cube-48x24.txt")
    }
}
