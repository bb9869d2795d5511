import Foundation
import Gestures
import Math3D
import SceneGraph

/// The tilting ball's scene: a lit, shaded ball in an open box seen from above (the box's
/// floor, its four inner walls in perspective, so depth reads), and an arrow on the floor
/// that points the way gravity pulls.
///
/// World units: the field of `BallPhysics` maps to x -w...w, y -1...1 (screen y down is
/// world -y) in the plane z = 0 where the ball's centre moves; the floor is one ball radius
/// behind it. The camera on +Z sees the top of the walls at the view's edges, so the
/// field is the view.
public enum BallStage {
    /// The ball's radius in world units: the field is 2 units tall.
    static let radius = Float(BallPhysics.defaultRadius * 2 / BallPhysics.referenceHeight)
    /// The walls rise this far in front of the floor, in world units.
    static let wallHeight = 3 * radius
    /// Thickness of the walls and the floor.
    static let thickness: Float = 0.05
    /// Vertical field of view of the camera.
    static let fieldOfView = Angle.degrees(45)

    /// The scene, unposed (ball in the centre, no gravity); `posed(_:ball:)` places it.
    public static func scene() -> Scene {
        let cube = Mesh.cube(size: 1)
        let wall = Material(
            name: "wall", diffuse: Color(hex: "A9B4C2") ?? .white,
            specular: Color(linear: Vec3(repeating: 0.05)), shininess: 8)
        let floor = Material(
            name: "floor", diffuse: Color(hex: "4A6A8A") ?? .white,
            specular: Color(linear: Vec3(repeating: 0.05)), shininess: 8)
        let arrow = Material(
            name: "gravity", diffuse: Color(hex: "F2C12E") ?? .white, emissive: Color(linear: Vec3(0.25, 0.2, 0.02)))
        let ball = Material(
            name: "ball", diffuse: Color(hex: "E8542F") ?? .white,
            specular: Color(linear: Vec3(repeating: 0.6)), shininess: 48)
        var nodes = [Node(name: "floor", mesh: cube, material: floor)]
        for side in ["left", "right", "top", "bottom"] {
            nodes.append(Node(name: "wall-\(side)", mesh: cube, material: wall))
        }
        nodes += [
            Node(name: "gravity-marker", mesh: cube, material: arrow),
            Node(name: "gravity-shaft", mesh: cube, material: arrow),
            Node(name: "gravity-head", mesh: cube, material: arrow),
            Node(name: "ball", mesh: .sphere(radius: radius, longitudes: 32, latitudes: 16), material: ball),
        ]
        let distance = Double(wallHeight - radius) + 1 / tan(fieldOfView.radians / 2)
        let camera = Camera(
            position: Vec3(0, 0, Float(distance)), target: .zero, fieldOfView: fieldOfView, near: 0.05, far: 20)
        let light = DirectionalLight(
            direction: Vec3(0.45, -0.55, -0.75), ambient: .black,
            diffuse: Color(linear: Vec3(repeating: 1.0)), specular: Color(linear: Vec3(repeating: 0.6)))
        let root = Node(name: "ball-stage", children: nodes)
        return place(
            Scene(root: root, camera: camera, light: light, ambient: Color(linear: Vec3(repeating: 0.14))),
            ball: BallMotion())
    }

    /// The scene with the box sized to the ball's field, the ball where the physics has
    /// it and the arrow along the filtered gravity. The camera is not moved (zoom and
    /// rotation gestures do not apply to the ball).
    public static func place(_ scene: Scene, ball: BallMotion) -> Scene {
        let p = ball.physics
        let scale = 2 / p.height
        let halfWidth = Float(p.width * scale / 2)
        let t = thickness
        let back = -radius
        let front = wallHeight - radius
        let depth = front - back
        let midZ = (front + back) / 2
        let center = p.position * scale - SIMD2(Double(halfWidth), 1)
        let g = p.gravity
        let strength = Float(((g * g).sum()).squareRoot())
        let angle = Float(atan2(-g.y, g.x))
        let shaft = min(strength, 2) * 0.25
        let direction = Vec3(cos(angle), sin(angle), 0)
        var s = scene
        s.root.children = scene.root.children.map { node in
            var n = node
            switch n.name {
            case "floor":
                n.transform = Transform(
                    position: Vec3(0, 0, back - t / 2), scale: Vec3(2 * halfWidth + 2 * t, 2 + 2 * t, t))
            case "wall-left", "wall-right":
                let x = (halfWidth + t / 2) * (n.name == "wall-left" ? -1 : 1)
                n.transform = Transform(position: Vec3(x, 0, midZ), scale: Vec3(t, 2 + 2 * t, depth))
            case "wall-top", "wall-bottom":
                let y = (1 + t / 2) * (n.name == "wall-bottom" ? -1 : 1)
                n.transform = Transform(position: Vec3(0, y, midZ), scale: Vec3(2 * halfWidth, t, depth))
            case "gravity-marker":
                n.transform = flat(at: .zero, z: back, angle: .pi / 4, size: Vec3(0.07, 0.07, 0.01))
            case "gravity-shaft":
                n.isHidden = strength < 0.02
                n.transform = flat(at: direction * (shaft / 2), z: back, angle: angle, size: Vec3(shaft, 0.04, 0.01))
            case "gravity-head":
                n.isHidden = strength < 0.02
                n.transform = flat(at: direction * shaft, z: back, angle: angle + .pi / 4, size: Vec3(0.1, 0.1, 0.01))
            case "ball":
                n.transform = Transform(position: Vec3(Float(center.x), Float(-center.y), 0))
            default:
                break
            }
            return n
        }
        return s
    }

    /// A thin flat box lying on the floor.
    private static func flat(at p: Vec3, z: Float, angle: Float, size: Vec3) -> Transform {
        Transform(
            position: Vec3(p.x, p.y, z + size.z / 2),
            rotation: Quaternion(angle: .radians(Double(angle)), axis: Vec3(0, 0, 1)),
            scale: size)
    }
}
