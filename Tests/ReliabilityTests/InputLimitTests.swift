import Foundation
import OrbitTestSupport
import Testing

extension Reliability {
    /// Inputs that never end are refused at their cap, with the memory that takes asserted
    /// by running orbit under an address-space limit (a regression fails fast instead of
    /// swapping).
    @Suite struct InputLimits {
        /// Address space allowed: the 1 GiB input cap plus what a debug Swift binary maps.
        static let addressSpace = "--as=2200000000"

        @Test("Sphere records from standard input that never end are refused at 1 GiB, in bounded memory")
        func endlessStandardInputIsRefused() throws {
            let orbit = try OrbitBinary.check()
            let r = try Spawn.run(
                ["prlimit", Self.addressSpace, orbit, "render", "-", "--size", "20x6"],
                stdin: "/dev/zero", timeout: 300)
            print("endless stdin: status \(r.status), peak \(r.maxRSSKiB) KiB, stderr \(r.stderr.debugDescription)")
            #expect(r.status == 1, "\(r.stderr)")
            #expect(r.stderr == "orbit: stdin: more than 1073741824 bytes\n", "\(r.stderr)")
        }

        @Test("A .json name that is a link to an endless device is refused at 1 GiB, in bounded memory")
        func endlessFileIsRefused() throws {
            let orbit = try OrbitBinary.check()
            let scratch = try Scratch("orbit-limits")
            let link = scratch.file("spheres.json")
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/zero")
            let r = try Spawn.run(
                ["prlimit", Self.addressSpace, orbit, "render", link, "--size", "20x6"], timeout: 300)
            #expect(r.status == 1, "\(r.stderr)")
            #expect(r.stderr == "orbit: \(link): more than 1073741824 bytes\n", "\(r.stderr)")
        }
    }

    /// Text from outside (file names, arguments) never reaches the terminal as control
    /// characters: ESC, C0 and C1 (U+009B is CSI on terminals that read C1) are shown as
    /// `\u{XX}`.
    @Suite struct TerminalInjection {
        static let hostile = "evil\u{1B}]0;pwned\u{7}\u{9B}2J\u{9D}0;x\u{9C}"

        static func controls(in text: String) -> [Unicode.Scalar] {
            text.unicodeScalars.filter { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) }
        }

        @Test(
            "An error naming a hostile file name shows its control characters as text",
            arguments: [["render"], ["snapshot", "-o", "/dev/null/x.png"], ["apollonian", "export", "--url"]])
        func errorsShowControlsAsText(command: [String]) throws {
            let orbit = try OrbitBinary.check()
            let r = try Spawn.run([orbit] + command + [Self.hostile + ".obj"])
            #expect(r.status != 0)
            #expect(r.stderr.hasPrefix("orbit: "), "\(r.stderr.debugDescription)")
            #expect(Self.controls(in: r.stderr).isEmpty, "raw controls in: \(r.stderr.debugDescription)")
            #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr.debugDescription)")
        }

        @Test("A model whose file name holds escapes: the status line shows them as text, the title stays")
        func statusLineShowsControlsAsText() throws {
            let scratch = try Scratch("orbit-inject")
            let model = try scratch.write(
                "cube\u{1B}]2;pwned\u{7}\u{9B}2J.obj",
                """
                v -1 -1 -1
                v 1 -1 -1
                v 1 1 -1
                v -1 1 -1
                f 1 2 3
                f 1 3 4

                """)
            let pane = try ViewerPane(["--fps", "30", model], columns: 120)
            try pane.waitUntilDrawing()
            let screen = try pane.tmux.waitFor(#"cube\u{1B}]2;pwned\u{7}\u{9B}2J"#)
            #expect(try pane.tmux.display("#{pane_title}") != "pwned", "\(screen)")
            try pane.tmux.send("q")
            let after = try pane.afterExit()
            #expect(after.status == 0)
            #expect(after.isRestored, "\(after)")
        }
    }
}

extension Reliability {
    /// `-o` replaces only regular files, atomically; a failed write is one line and status 1.
    @Suite struct OutputFiles {
        static let export = ["apollonian", "export", "--level", "4"]

        @Test(
            "-o refuses a FIFO, a symbolic link and a device, and leaves them as they were",
            arguments: ["fifo", "link", "device"])
        func refusesWhatIsNotARegularFile(kind: String) throws {
            let orbit = try OrbitBinary.check()
            let scratch = try Scratch("orbit-o")
            let target = scratch.file("target.json")
            try scratch.write("real.json", "old")
            switch kind {
            case "fifo": #expect(mkfifo(target, 0o600) == 0)
            case "link":
                try FileManager.default.createSymbolicLink(
                    atPath: target, withDestinationPath: scratch.file("real.json"))
            default:  // Device 1:3, like /dev/null (glibc makedev: major << 8 | minor for small numbers).
                #expect(mknod(target, S_IFCHR | 0o600, dev_t(1 << 8 | 3)) == 0, "mknod needs root")
            }
            var before = stat()
            lstat(target, &before)
            let r = try Spawn.run([orbit] + Self.export + ["-o", target])
            #expect(r.status == 1, "\(r.stderr)")
            #expect(r.stderr.hasPrefix("orbit: \(target): is a "), "\(r.stderr)")
            #expect(r.stderr.contains("-o replaces only regular files"), "\(r.stderr)")
            var after = stat()
            lstat(target, &after)
            #expect(after.st_mode == before.st_mode && after.st_ino == before.st_ino, "\(kind) was replaced")
            #expect(scratch.read("real.json") == "old")
        }

        @Test("A full disk on standard output is one line and status 1")
        func fullDiskOnStandardOutput() throws {
            let orbit = try OrbitBinary.check()
            let r = try Spawn.run([orbit, "render", "--size", "20x6", "--frames", "3"], stdoutPath: "/dev/full")
            #expect(r.status == 1, "\(r.stderr)")
            #expect(r.stderr == "orbit: standard output: No space left on device\n", "\(r.stderr)")
        }

        @Test("-o past the file size limit: one line, status 1, the old file untouched, no temporary file left")
        func fileSizeLimitLeavesOldFile() throws {
            let orbit = try OrbitBinary.check()
            let scratch = try Scratch("orbit-o")
            let target = scratch.file("spheres.json")
            try scratch.write("spheres.json", "old")
            let r = try Spawn.run(["prlimit", "--fsize=4096", orbit] + Self.export + ["-o", target])
            #expect(r.status == 1, "\(r.stderr)")
            #expect(r.stderr == "orbit: \(target): cannot write the file (File too large)\n", "\(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1)
            #expect(scratch.read("spheres.json") == "old")
            let left = try FileManager.default.contentsOfDirectory(atPath: scratch.path)
            #expect(left == ["spheres.json"], "\(left)")
        }
    }
}
