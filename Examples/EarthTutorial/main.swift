import Assets
import Cells
// Spin the Earth in your terminal with Orbit's library: the code of docs/TUTORIAL.md.
// Run: swift run EarthTutorial
import Foundation
import Math3D
import OrbitResources
import Raster
import SceneGraph

let earth: Node
do {
    earth = try ModelLoader.load(path: OrbitResources.path(of: "earth.obj") ?? "earth.obj")  // mesh, material, texture
} catch {
    FileHandle.standardError.write(Data("EarthTutorial: \(error)\n".utf8))
    exit(1)
}
var scene = Scene(
    root: earth,
    camera: Camera(position: Vec3(0, 0, 3)),  // 3 units out on +Z, looking at the origin
    light: DirectionalLight(direction: Vec3(0.55, -0.3, -1)),  // the way sunlight travels
    ambient: Color(linear: Vec3(repeating: 0.06)))
let (columns, rows) = (80, 24)
let glyphs = GlyphSet.blocks  // two square pixels per cell
var framebuffer = Framebuffer(width: columns * glyphs.subpixels.x, height: rows * glyphs.subpixels.y)
var encoder = CellEncoder(glyphs: glyphs, colors: .ansi256)
var grid = CellGrid(columns: columns, rows: rows)
let rasterizer = Rasterizer()
for frame in 0..<90 {
    scene.root.rotation = Quaternion(angle: .degrees(Double(frame) * 4), axis: Vec3(0, 1, 0))
    framebuffer.clear()
    rasterizer.render(scene, into: &framebuffer, pixelAspect: glyphs.pixelAspect())
    encoder.encode(framebuffer, into: &grid)
    print("\u{1B}[H" + grid.textLines(colors: true).joined(separator: "\n"), terminator: "")
    usleep(33_000)
}
print()
