import Foundation
import OrbitTestSupport
import Testing

extension Reliability {
    /// `-o` on a file system that refuses the write: one line naming the file and the
    /// system's reason, status 1, the old file untouched, no temporary file left. The file
    /// systems are tmpfs mounts of 64 KB in a private mount namespace (`unshare`), so the
    /// test needs no privileges of its own.
    @Suite struct OutputWriteErrors {
        static let export = ["apollonian", "export", "--level", "6"]

        /// Runs `setup` (sh, with `$D` the mounted folder holding `spheres.json` = `old`),
        /// then `orbit COMMAND $D/FILE` (default: `export ... -o $D/spheres.json`), in a fresh
        /// mount namespace; the result, with standard output listing the folder and the old
        /// file's text afterwards.
        static func run(setup: String, command: [String] = export + ["-o"], file: String = "spheres.json") throws -> (
            result: RunResult, folder: String
        ) {
            let orbit = try OrbitBinary.check()
            let scratch = try Scratch("orbit-o-fs")
            let folder = scratch.file("mnt")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
            let script = """
                D="$1"
                mount -t tmpfs -o size=64k none "$D" || { echo "cannot mount a tmpfs" >&2; exit 90; }
                printf old > "$D/spheres.json"
                \(setup)
                "$2" \(command.joined(separator: " ")) "$D/\(file)"
                status=$?
                echo "old=$(cat "$D/spheres.json")"
                [ -e "$D/x.cast" ] && echo "cast=$(cat "$D/x.cast")"
                ls -A "$D"
                exit $status
                """
            let r = try Spawn.run(
                ["unshare", "--user", "--map-root-user", "--mount", "sh", "-c", script, "sh", folder, orbit],
                timeout: 300)
            return (r, folder)
        }

        @Test("-o on a full file system says No space left on device")
        func fullFileSystem() throws {
            let (r, folder) = try Self.run(setup: #"head -c 1000000 /dev/zero > "$D/fill" 2>/dev/null"#)
            #expect(r.status == 1, "\(r.stderr)")
            #expect(
                r.stderr == "orbit: \(folder)/spheres.json: cannot write the file (No space left on device)\n",
                "\(r.stderr)")
            #expect(r.stdout.contains("old=old\n"), "\(r.stdout)")
            #expect(!r.stdout.contains(".orbit-"), "a temporary file was left: \(r.stdout)")
        }

        @Test("--record on a full file system says No space left on device and leaves the old recording")
        func recordingOnAFullFileSystem() throws {
            let (r, folder) = try Self.run(
                setup: #"printf old > "$D/x.cast"; head -c 1000000 /dev/zero > "$D/fill" 2>/dev/null"#,
                command: ["render", "--size", "20x6", "--frames", "3", "--record"], file: "x.cast")
            #expect(r.status == 1, "\(r.stderr)")
            #expect(
                r.stderr == "orbit: \(folder)/x.cast: the recording could not be written (No space left on device)\n",
                "\(r.stderr)")
            // No partial recording: the old file is as it was, no temporary file is left.
            #expect(r.stdout.contains("cast=old\n"), "\(r.stdout)")
            #expect(!r.stdout.contains(".orbit-"), "a temporary file was left: \(r.stdout)")
        }

        @Test("-o into a read-only file system says so")
        func readOnlyFileSystem() throws {
            let (r, folder) = try Self.run(setup: #"mount -o remount,ro "$D""#)
            #expect(r.status == 1, "\(r.stderr)")
            #expect(
                r.stderr
                    == "orbit: \(folder)/spheres.json: the folder '\(folder)' is not writable "
                    + "(Read-only file system)\n",
                "\(r.stderr)")
            #expect(r.stdout.contains("old=old\n"), "\(r.stdout)")
        }
    }
}

extension Reliability.OutputWriteErrors {
    @Test("-o into a folder the user may not write to says Permission denied")
    func folderWithoutPermission() throws {
        let orbit = try OrbitBinary.check()
        let scratch = try Scratch("orbit-o-perm")
        chmod(scratch.path, 0o755)
        let folder = scratch.file("locked")
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: false,
            attributes: [.posixPermissions: 0o555])
        defer { chmod(folder, 0o755) }
        // Root may write anywhere: as root the command runs as nobody.
        let prefix = getuid() == 0 ? ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
        let target = folder + "/spheres.json"
        let r = try Spawn.run(prefix + [orbit] + Self.export + ["-o", target], timeout: 300)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(
            r.stderr.hasPrefix("orbit: \(target): the folder '\(folder)' is not writable (Permission denied)"),
            "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: target))
    }
}
