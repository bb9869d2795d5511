import Foundation

/// Finds the files Orbit ships (the Earth model and texture, sample models) wherever the
/// binary runs from: `swift run`, the build folder, or an installed copy.
///
/// Search order: `$ORBIT_RESOURCES`; the SwiftPM bundle folder beside the executable
/// (`Orbit_OrbitResources.resources`); `../share/orbit` relative to the executable (what
/// `make install` lays out); the source tree's `Resources/` this file was compiled from.
/// SwiftPM's generated `Bundle.module` is deliberately not used: on Linux it stops the
/// process when the bundle is missing, and a missing file must be an error message instead.
public enum OrbitResources {
    /// Name of the bundle folder SwiftPM builds beside the executable.
    public static let bundleName = "Orbit_OrbitResources.resources"

    /// Folders searched, in order, for shipped files.
    public static func searchFolders(environment: [String: String] = ProcessInfo.processInfo.environment) -> [URL] {
        var folders: [URL] = []
        if let env = environment["ORBIT_RESOURCES"], !env.isEmpty {
            folders.append(URL(fileURLWithPath: env, isDirectory: true))
        }
        let exe = URL(fileURLWithPath: CommandLine.arguments.first ?? "", isDirectory: false)
            .resolvingSymlinksInPath().deletingLastPathComponent()
        let selfExe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        for dir in [selfExe, exe] {
            folders.append(dir.appendingPathComponent(bundleName, isDirectory: true))
            folders.append(dir.deletingLastPathComponent().appendingPathComponent("share/orbit", isDirectory: true))
        }
        // The source tree: Sources/OrbitResources/OrbitResources.swift -> ../../Resources
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Resources", isDirectory: true)
        folders.append(source)
        return folders
    }

    /// The path of a shipped file such as `"earth.obj"` or `"models/cube.obj"`, or `nil`
    /// when no search folder has it.
    public static func path(of name: String) -> String? {
        for folder in searchFolders() {
            let candidate = folder.appendingPathComponent(name).path
            if FileManager.default.isReadableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// A one-line explanation for a missing shipped file, listing where it was looked for.
    public static func missingMessage(for name: String) -> String {
        "orbit: cannot find the shipped file '\(name)' (looked in: "
            + searchFolders().map(\.path).joined(separator: ", ")
            + "); set ORBIT_RESOURCES to the folder that holds it"
    }
}
