import Foundation
import Math3D
import Raster
import SceneGraph
import Testing

@testable import OrbitCLI

/// Known places land on land or sea as the map says: checks the texture's orientation,
/// the sphere's UV convention, the yaw sign and the projection together, by rendering
/// the built-in Earth and reading the pixel where each place must appear.
@Suite struct EarthMap {
    struct Place: CustomStringConvertible, Sendable {
        let name: String
        let longitude: Double
        let latitude: Double
        let isLand: Bool
        var description: String { name }
    }

    static let seenFromGreenwich: [Place] = [
        Place(name: "Sahara", longitude: 10, latitude: 23, isLand: true),
        Place(name: "Arabia", longitude: 45, latitude: 23, isLand: true),
        Place(name: "Congo basin", longitude: 23, latitude: -2, isLand: true),
        Place(name: "Gulf of Guinea", longitude: 0, latitude: -3, isLand: false),
        Place(name: "mid Atlantic", longitude: -30, latitude: 10, isLand: false),
        Place(name: "South Atlantic", longitude: -15, latitude: -30, isLand: false),
    ]

    static let seenFromAmericas: [Place] = [
        Place(name: "Kansas", longitude: -98, latitude: 38, isLand: true),
        Place(name: "Amazon", longitude: -60, latitude: -5, isLand: true),
        Place(name: "Pacific off Peru", longitude: -100, latitude: -15, isLand: false),
        Place(name: "Gulf of Mexico", longitude: -90, latitude: 25, isLand: false),
    ]

    /// Renders the Earth turned by `yaw` degrees and returns the linear colour at `place`.
    func colour(at place: Place, yaw: Double) throws -> Vec3 {
        let (_, options) = try ArgumentParser.parse([
            "render", "earth", "--size", "200x60", "--glyphs", "blocks",
            "--colors", "truecolor", "--yaw", String(yaw),
        ])
        var s = try HeadlessCommands.setup(options, environment: [:])
        s.renderFrame(0)
        let fb = s.pipeline.framebuffer
        let lon = place.longitude * .pi / 180
        let lat = place.latitude * .pi / 180
        let onSphere = Vec3(Float(cos(lat) * sin(lon)), Float(sin(lat)), Float(cos(lat) * cos(lon)))
        let world = Quaternion(angle: .degrees(yaw), axis: Vec3(0, 1, 0)).act(onSphere)
        let camera = s.loaded.scene.camera
        let clip =
            camera.projectionMatrix(width: fb.width, height: fb.height, pixelAspect: s.pipeline.pixelAspect)
            * camera.viewMatrix * Vec4(world.x, world.y, world.z, 1)
        let x = Int(((clip.x / clip.w) + 1) / 2 * Float(fb.width))
        let y = Int((1 - clip.y / clip.w) / 2 * Float(fb.height))
        #expect(fb.coverage[fb.index(x: x, y: y)] != 0, "\(place) is not on the globe at pixel \(x),\(y)")
        return fb.color[fb.index(x: x, y: y)]
    }

    @Test(arguments: seenFromGreenwich)
    func placesFacingGreenwich(place: Place) throws {
        let c = try colour(at: place, yaw: 0)
        #expect((c.x > c.z) == place.isLand, "\(place): linear colour \(c)")
    }

    @Test(arguments: seenFromAmericas)
    func placesAfterTurningNinetyDegreesWest(place: Place) throws {
        // +90 degrees about Y brings longitude -90 to the front.
        let c = try colour(at: place, yaw: 90)
        #expect((c.x > c.z) == place.isLand, "\(place): linear colour \(c)")
    }
}
