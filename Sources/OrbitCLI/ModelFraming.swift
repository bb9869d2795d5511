import Assets
import Foundation
import Math3D
import SceneGraph

/// How a model file is first shown: turned so a flat model is never seen edge-on (nor
/// from behind), and with a camera that fits its bounding sphere to about 90% of the
/// view's height. The one place the default view of a model is decided.
enum ModelFraming {
    /// A model of bounding-sphere radius r is viewed from r * this far: the sphere then
    /// fills 90% of the view's height (the smaller side of a terminal): its angular radius
    /// is atan(0.9 tan(22.5 deg)) = 20.4 deg, and r / sin(20.4 deg) = 2.86 r.
    static let distancePerRadius: Float = 1 / sinf(atanf(0.9 * tanf(Float.pi / 8)))

    /// The camera of a model's first view: its bounding sphere (radius `radius` about the
    /// origin) fills 90% of the view's height.
    static func camera(fitting radius: Float) -> Camera {
        Staging.camera(fitting: radius, distancePerRadius: distancePerRadius)
    }

    /// A model whose thinnest extent is at most this fraction of its largest is flat.
    static let flatness: Float = 0.1
    /// The direction a flat model's face is turned to: towards the camera and 30 degrees
    /// up, so its face is seen at a slant, never edge-on.
    static let faceDirection = normalize(Vec3(0, 0.5, 0.866))

    /// `model` (centred on the origin) turned for its first view, and the radius of its
    /// bounding sphere about the origin.
    static func stage(_ model: Node) -> (node: Node, radius: Float) {
        var node = model
        if let turn = turn(for: model) {
            node = Node(name: model.name, transform: Transform(rotation: turn), children: [model])
        }
        return (node, max(radius(of: model), 1e-6))
    }

    /// The rotation that shows a flat model's face, or nil for a model with volume. The
    /// face's direction is the area-weighted mean normal (or, when the normals cancel, the
    /// bounding box's thinnest axis); the model is flat when its depth along that
    /// direction is at most `flatness` of its largest extent.
    static func turn(for model: Node) -> Quaternion? {
        var sum = Vec3.zero
        var points: [Vec3] = []
        model.traverse { n, world in
            guard !n.isHidden, let mesh = n.content?.mesh else { return }
            let p = mesh.positions.map { world.transformPoint($0) }
            points += p
            let idx = mesh.indices
            var t = 0
            while t + 2 < idx.count {
                let a = p[Int(idx[t])]
                let b = p[Int(idx[t + 1])]
                let c = p[Int(idx[t + 2])]
                sum += cross(b - a, c - a)
                t += 3
            }
        }
        guard let box = ModelLoader.bounds(of: model), box.size.max() > 0 else { return nil }
        let size = box.size
        let face: Vec3
        if length(sum) > 1e-12 {
            face = normalize(sum)
        } else {
            face = size.x == size.min() ? Vec3(1, 0, 0) : size.y == size.min() ? Vec3(0, 1, 0) : Vec3(0, 0, 1)
        }
        var lo = Float.infinity
        var hi = -Float.infinity
        for p in points {
            let d = dot(p, face)
            lo = min(lo, d)
            hi = max(hi, d)
        }
        guard hi - lo <= flatness * size.max() else { return nil }
        return rotation(from: face, to: faceDirection)
    }

    /// The shortest rotation taking unit vector `a` to unit vector `b`.
    static func rotation(from a: Vec3, to b: Vec3) -> Quaternion {
        let d = dot(a, b)
        if d > 0.999_999 { return .identity }
        if d < -0.999_999 {
            let axis = abs(a.x) < 0.9 ? cross(a, Vec3(1, 0, 0)) : cross(a, Vec3(0, 1, 0))
            return Quaternion(angle: .degrees(180), axis: normalize(axis))
        }
        let axis = normalize(cross(a, b))
        return Quaternion(angle: .radians(Double(acosf(min(max(d, -1), 1)))), axis: axis)
    }

    /// The largest distance of a vertex from the origin (the model is centred): the
    /// radius of the sphere the view must hold whatever way the model is turned.
    static func radius(of model: Node) -> Float {
        var r2: Float = 0
        model.traverse { n, world in
            guard !n.isHidden, let mesh = n.content?.mesh else { return }
            for p in mesh.positions {
                let q = world.transformPoint(p)
                r2 = max(r2, dot(q, q))
            }
        }
        return r2.squareRoot()
    }
}
