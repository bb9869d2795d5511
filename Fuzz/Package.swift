// swift-tools-version: 6.0
// Orbit's fuzz targets: one libFuzzer executable per reader, built against the main
// package by path (nothing is fetched). Build and run them through ../scripts/fuzz.sh,
// which passes `--sanitize fuzzer --sanitize address` so every Orbit module is
// instrumented; see docs/RELIABILITY.md, "Fuzzing".
import PackageDescription

/// A fuzz target: Sources/<name>/<name>.swift exports `LLVMFuzzerTestOneInput`; libFuzzer
/// supplies `main`, so the file is compiled as a library file (no top-level code).
func fuzzTarget(_ name: String, _ dependencies: [String]) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["FuzzSupport"] + dependencies.map { .product(name: $0, package: "Orbit") },
        swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    )
}

let package = Package(
    name: "OrbitFuzz",
    dependencies: [.package(name: "Orbit", path: "..")],
    targets: [
        .target(name: "FuzzSupport", dependencies: [.product(name: "Orbit", package: "Orbit")]),
        fuzzTarget("fuzz-obj", ["Orbit"]),
        fuzzTarget("fuzz-mtl", ["Orbit"]),
        fuzzTarget("fuzz-stl", ["Orbit"]),
        fuzzTarget("fuzz-ply", ["Orbit"]),
        fuzzTarget("fuzz-3mf", ["Orbit"]),
        fuzzTarget("fuzz-collada", ["Orbit"]),
        fuzzTarget("fuzz-gltf", ["Orbit"]),
        fuzzTarget("fuzz-glb", ["Orbit"]),
        fuzzTarget("fuzz-image", ["Orbit"]),
        fuzzTarget("fuzz-tga", ["Orbit"]),
        fuzzTarget("fuzz-spheres", ["Orbit"]),
        fuzzTarget("fuzz-records", ["Orbit"]),
        fuzzTarget("fuzz-args", ["OrbitCLI"]),
        fuzzTarget("fuzz-input", ["Orbit"]),
    ],
    swiftLanguageModes: [.v6]
)
