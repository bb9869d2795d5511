import Cells
import Display
import Gestures
import Math3D
import SceneGraph
import Testing

@testable import OrbitCLI

/// Issue 14, point 1, pinned on the picture: for every swipe, by key, mouse or script, the
/// red marker on the front of a grey ball moves on screen in the swipe's direction, as
/// under a finger. The frames go through the headless pipeline (`orbit render`).
@Suite struct SwipeDirectionPictures {
    /// A grey ball of radius 1 with a red cube on its front (+Z, towards the camera).
    static let markedBall: LoadedScene = {
        let ball = Node(
            name: "ball", mesh: .sphere(radius: 1, longitudes: 24, latitudes: 12),
            material: Material(name: "grey", diffuse: Color(linear: Vec3(repeating: 0.5))))
        let marker = Node(
            name: "marker", mesh: .cube(size: 0.35),
            material: Material(name: "red", diffuse: Color(linearRed: 1, green: 0, blue: 0)),
            transform: Transform(position: Vec3(0, 0, 1)))
        let scene = Scene(
            root: Node(name: "model", children: [ball, marker]), camera: Staging.camera(fitting: 1.2),
            light: DirectionalLight(direction: Vec3(0, 0, -1)), ambient: Color(linear: Vec3(repeating: 0.2)))
        return LoadedScene(scene: scene, defaultSpin: 0, label: "marked ball")
    }()

    /// The centre of the red pixels after `frames` frames with `script`, in pixels
    /// (y down), or nil when no red pixel is seen.
    static func markerCentre(frames: Int, script: GestureScript? = nil, motion: MotionState = MotionState()) -> SIMD2<
        Double
    >? {
        let pipeline = FramePipeline(columns: 60, rows: 30, glyphs: .blocks, colors: .truecolor)
        var setup = HeadlessCommands.Setup(loaded: markedBall, motion: motion, script: script, pipeline: pipeline)
        for frame in 0..<frames { setup.renderFrame(frame) }
        guard let image = setup.pipeline.snapshotImage() else { return nil }
        var sum = SIMD2<Double>(0, 0)
        var count = 0.0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image[x, y]
                if Int(p.x) > 120 && Int(p.x) > 2 * Int(p.y) + 40 && Int(p.x) > 2 * Int(p.z) + 40 {
                    sum += SIMD2(Double(x), Double(y))
                    count += 1
                }
            }
        }
        return count > 0 ? sum / count : nil
    }

    /// The screen direction each swipe must move the near surface: x right, y down.
    static let expected: [(SwipeDirection, SIMD2<Double>)] = [
        (.left, SIMD2(-1, 0)), (.right, SIMD2(1, 0)), (.up, SIMD2(0, -1)), (.down, SIMD2(0, 1)),
    ]

    /// Checks that the marker moved at least 3 pixels along `direction` and less than a
    /// third of that across it.
    static func check(
        from start: SIMD2<Double>?, to end: SIMD2<Double>?, _ direction: SIMD2<Double>,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let start, let end else {
            Issue.record("the red marker is not in the picture", sourceLocation: sourceLocation)
            return
        }
        let moved = end - start
        let along = moved.x * direction.x + moved.y * direction.y
        let across = abs(moved.x * direction.y - moved.y * direction.x)
        #expect(along > 3, "moved \(moved) for direction \(direction)", sourceLocation: sourceLocation)
        #expect(across < along / 3, "moved \(moved) for direction \(direction)", sourceLocation: sourceLocation)
    }

    @Test(arguments: expected.map(\.0))
    func aScriptedSwipeMovesTheNearSurfaceItsWay(_ swipe: SwipeDirection) throws {
        let direction = try #require(Self.expected.first { $0.0 == swipe }?.1)
        let script = try GestureScript.parse("\(swipe.rawValue)@0")
        Self.check(from: Self.markerCentre(frames: 1), to: Self.markerCentre(frames: 8, script: script), direction)
    }

    @Test(arguments: expected.map(\.0))
    func anArrowKeyMovesTheNearSurfaceItsWay(_ swipe: SwipeDirection) throws {
        let direction = try #require(Self.expected.first { $0.0 == swipe }?.1)
        let key: Key =
            switch swipe {
            case .left: .left
            case .right: .right
            case .up: .up
            case .down: .down
            }
        var motion = MotionState()
        motion.apply(try #require(GestureRecognizer.gesture(for: key)))
        Self.check(from: Self.markerCentre(frames: 1), to: Self.markerCentre(frames: 8, motion: motion), direction)
    }

    @Test(arguments: expected.map(\.0))
    func aMouseDragMovesTheNearSurfaceItsWay(_ swipe: SwipeDirection) throws {
        let direction = try #require(Self.expected.first { $0.0 == swipe }?.1)
        var recognizer = GestureRecognizer(columns: 60, rows: 30)
        var motion = MotionState()
        let (c, r) = (30, 15)
        let (dc, dr) = (Int(direction.x) * 6, Int(direction.y) * 3)
        motion.apply(recognizer.gestures(for: .mouse(MouseEvent(.pressed, column: c, row: r, time: 0))))
        motion.apply(recognizer.gestures(for: .mouse(MouseEvent(.moved, column: c + dc, row: r + dr, time: 0.5))))
        motion.apply(recognizer.gestures(for: .mouse(MouseEvent(.released, column: c + dc, row: r + dr, time: 1.5))))
        Self.check(from: Self.markerCentre(frames: 1), to: Self.markerCentre(frames: 1, motion: motion), direction)
    }

    @Test(arguments: expected.map(\.0))
    func aFlingMovesTheNearSurfaceItsWay(_ swipe: SwipeDirection) throws {
        let direction = try #require(Self.expected.first { $0.0 == swipe }?.1)
        let script = try GestureScript.parse("fling-\(swipe.rawValue)@0")
        Self.check(from: Self.markerCentre(frames: 1), to: Self.markerCentre(frames: 4, script: script), direction)
    }

    @Test func changingAxisContinuesFromWhereTheModelIs() throws {
        // After spinning right, a swipe up must not snap the marker back to the middle:
        // it stays right of centre and starts to move up from there.
        let right = try GestureScript.parse("right@0")
        let rightThenUp = try GestureScript.parse("right@0 up@8")
        let centre = try #require(Self.markerCentre(frames: 1))
        let turned = try #require(Self.markerCentre(frames: 9, script: right))
        let after = try #require(Self.markerCentre(frames: 10, script: rightThenUp))
        #expect(turned.x - centre.x > 3)
        #expect(abs(after.x - turned.x) < 2, "the marker jumped from \(turned) to \(after)")
        let later = try #require(Self.markerCentre(frames: 16, script: rightThenUp))
        #expect(later.y < after.y - 2)
        #expect(later.x - centre.x > 3)
    }
}
