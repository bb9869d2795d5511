// swift-tools-version: 6.0
// Orbit: a scene graph rendered in software into terminal character cells, and `orbit`,
// the interactive viewer built on it. See docs/ARCHITECTURE.md for the module map.
import PackageDescription

/// The modules of the `Orbit` library product.
let libraryTargets = [
    "Math3D", "SceneGraph", "Raster", "Escapes", "Cells", "Display", "Assets", "Apollonian", "Gestures", "TerminalText",
]

let package = Package(
    name: "Orbit",
    products: [
        .library(name: "Orbit", targets: libraryTargets),
        .executable(name: "orbit", targets: ["orbit"]),
        .executable(name: "orbit-assimp", targets: ["orbit-assimp"]),
        // The command-line layer as a library, for the fuzz package in Fuzz/ (ArgumentParser).
        .library(name: "OrbitCLI", targets: ["OrbitCLI"]),
    ],
    targets: [
        // System C libraries, reached through small shim headers.
        .systemLibrary(name: "CNcurses", path: "Sources/CNcurses"),
        .systemLibrary(name: "CJPEG", path: "Sources/CJPEG"),
        .systemLibrary(name: "CPNG", path: "Sources/CPNG"),
        .systemLibrary(name: "CCurl", path: "Sources/CCurl"),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        // meshoptimizer: EXT_meshopt_compression decoding (orbit_meshopt_decode_*) and, for
        // the viewer, orbit_meshopt_simplify_* for drawing very large meshes while they turn.
        .systemLibrary(name: "CMeshopt", path: "Sources/CMeshopt"),
        .systemLibrary(name: "CWebP", path: "Sources/CWebP"),
        // Draco (libdraco-dev, C++) behind a small C interface: KHR_draco_mesh_compression.
        .target(name: "CDraco", linkerSettings: [.linkedLibrary("draco")]),
        // assimp (libassimp-dev): only in the orbit-assimp child process, never in orbit.
        .systemLibrary(name: "CAssimp", path: "Sources/CAssimp"),
        // giflib (libgif-dev): GIF turntables and recordings.
        .systemLibrary(name: "CGif", path: "Sources/CGif"),

        // The library, bottom to top. TerminalText makes outside text safe to show on a
        // terminal; every module that shows text uses it.
        .target(name: "TerminalText"),
        .target(name: "Math3D"),
        .target(name: "SceneGraph", dependencies: ["Math3D"]),
        .target(name: "Raster", dependencies: ["Math3D", "SceneGraph"]),
        .target(name: "Escapes"),
        .target(name: "Cells", dependencies: ["Math3D", "SceneGraph", "Raster", "Escapes"]),
        .target(
            name: "Assets",
            dependencies: [
                "Math3D", "SceneGraph", "CJPEG", "CPNG", "CZlib", "TerminalText", "CDraco", "CMeshopt", "CWebP",
            ]),
        .target(name: "Apollonian", dependencies: ["Math3D", "SceneGraph", "TerminalText", "CCurl"]),
        .target(name: "Gestures", dependencies: ["Math3D"]),
        // Frames to terminal bytes (cells, graphics), without a terminal: what the viewer
        // and the headless commands share.
        .target(
            name: "Display",
            dependencies: ["Math3D", "SceneGraph", "Raster", "Escapes", "Cells", "Gestures", "TerminalText", "CZlib"]),
        .target(
            name: "OrbitResources",
            resources: [
                .copy("../../Resources/earth.obj"),
                .copy("../../Resources/earth.mtl"),
                .copy("../../Resources/earth.jpg"),
                .copy("../../Resources/models"),
            ]
        ),

        // The front ends.
        .target(
            name: "Viewer",
            dependencies: [
                "Math3D", "SceneGraph", "Raster", "Escapes", "Cells", "Display", "Assets", "Gestures", "CNcurses",
                "TerminalText", "CMeshopt", "CGif", "CZlib",
            ]),
        .target(
            name: "OrbitCLI",
            dependencies: [
                "Math3D", "SceneGraph", "Raster", "Cells", "Display", "Assets", "Apollonian", "Gestures", "Viewer",
                "OrbitResources", "TerminalText",
            ]),
        .executableTarget(name: "orbit", dependencies: ["OrbitCLI"]),
        // assimp's reader, run by Assets as a child process (AssimpReader): a crash or hang
        // in it cannot take down the viewer.
        .executableTarget(
            name: "orbit-assimp", dependencies: ["Assets", "Math3D", "CAssimp"], path: "Sources/OrbitAssimp"),
        .executableTarget(name: "make-earth", dependencies: ["Assets", "SceneGraph"], path: "Tools/MakeEarth"),
        .executableTarget(
            name: "EarthTutorial",
            dependencies: ["Math3D", "SceneGraph", "Raster", "Cells", "Assets", "OrbitResources"],
            path: "Examples/EarthTutorial"),

        // Tests. OrbitTestSupport is what tests share: tmux sessions, process spawning,
        // the orbit binary under test, waiting with deadlines, scratch folders, golden files.
        .target(name: "OrbitTestSupport", path: "Tests/OrbitTestSupport"),
        .testTarget(name: "Math3DTests", dependencies: ["Math3D"]),
        .testTarget(name: "SceneGraphTests", dependencies: ["Math3D", "SceneGraph"]),
        .testTarget(
            name: "RasterTests", dependencies: ["Math3D", "Raster", "SceneGraph", "OrbitTestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "CellsTests", dependencies: ["Math3D", "Cells", "Raster", "SceneGraph", "OrbitTestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "AssetsTests",
            dependencies: ["Math3D", "Assets", "SceneGraph", "Raster", "CJPEG", "CMeshopt", "CWebP"],
            exclude: ["Fixtures"]),
        .testTarget(name: "ApollonianTests", dependencies: ["Math3D", "Apollonian", "SceneGraph", "OrbitTestSupport"]),
        .testTarget(name: "GesturesTests", dependencies: ["Math3D", "Gestures"]),
        .testTarget(
            name: "DisplayTests",
            dependencies: ["Display", "Cells", "Raster", "Math3D", "SceneGraph", "CZlib", "CPNG"]),
        // orbit in a real kitty, xterm and Konsole under Xvfb, photographed.
        .testTarget(name: "GraphicsTerminalTests", dependencies: ["OrbitTestSupport", "Display"]),
        .testTarget(name: "TerminalTextTests", dependencies: ["TerminalText"]),
        .testTarget(
            name: "ViewerTests",
            dependencies: [
                "Viewer", "Display", "Cells", "Raster", "Escapes", "Gestures", "SceneGraph", "Math3D", "Assets",
                "OrbitResources",
            ]),
        // Drives the built `orbit` binary (ORBIT_BIN) in tmux.
        .testTarget(name: "EndToEndTests", dependencies: ["OrbitTestSupport"]),
        // Drives the built `orbit` binary (ORBIT_BIN) through faults, slow links and SSH.
        .testTarget(name: "ReliabilityTests", dependencies: ["OrbitTestSupport"]),
        .testTarget(
            name: "OrbitCLITests",
            dependencies: [
                "Math3D", "SceneGraph", "OrbitCLI", "Apollonian", "Cells", "Display", "Raster", "Assets", "Gestures",
                "OrbitTestSupport", "Viewer", "CGif",
            ], exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)

// The library's modules are optimized in debug builds too: the tests drive the built `orbit`
// binary through whole frames (16-megapixel pictures, Apollonian flights) that take minutes
// unoptimized. Overflow and precondition checks stay on (`-O`, not `-Ounchecked`); the front
// ends and the tests stay unoptimized for the debugger (docs/DECISIONS.md).
for target in package.targets where libraryTargets.contains(target.name) {
    target.swiftSettings = [.unsafeFlags(["-O"], .when(configuration: .debug))]
}
