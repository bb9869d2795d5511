import Foundation
import OrbitTestSupport
import Testing

extension Reliability {
    /// Cell sizes from `--cell-size` or from the terminal multiply into the graphics pixel
    /// grid: `orbit render --format kitty --size 80x24 --cell-size 1000x1000` once aborted
    /// allocating 30 GB. Under a 2 GB address-space limit the largest ones give a picture
    /// scaled within `SizeCap.graphicsPixels` (16 Mpixels, the shape kept), and values past
    /// the option's range one line and exit 2; never a crash.
    @Suite struct CellSizeLimits {
        /// The address-space limit: what a small machine or container might allow.
        static let addressSpace = 2_000_000_000
        /// `SizeCap.graphicsPixels`.
        static let pixelCap = 4000 * 4000

        /// Width and height of a PNG from its header.
        static func pngSize(_ bytes: some Collection<UInt8>) -> (width: Int, height: Int)? {
            let b = Array(bytes.prefix(24))
            guard b.count == 24, b[0] == 0x89, b[1] == 0x50, b[12] == 0x49, b[13] == 0x48 else { return nil }
            func word(_ i: Int) -> Int { b[i...(i + 3)].reduce(0) { $0 << 8 | Int($1) } }
            return (word(16), word(20))
        }

        /// The size of the first kitty image in `bytes`: its `s=`/`v=` keys, or its PNG's header.
        static func kittyImageSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
            guard let start = SlowTerminal.find(Array("\u{1B}_G".utf8), in: bytes, from: 0),
                let semicolon = SlowTerminal.find([0x3B], in: bytes, from: start)
            else { return nil }
            let keys = String(decoding: bytes[(start + 3)..<semicolon], as: UTF8.self).split(separator: ",")
            var values: [String: Int] = [:]
            for pair in keys {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2, let n = Int(parts[1]) { values[String(parts[0])] = n }
            }
            if let s = values["s"], let v = values["v"] { return (s, v) }
            // A PNG (f=100): its header is in the first 32 characters of the payload.
            guard bytes.count >= semicolon + 33,
                let head = Data(base64Encoded: Data(bytes[(semicolon + 1)...(semicolon + 32)]))
            else { return nil }
            return pngSize(head)
        }

        /// The raster attributes (`"1;1;W;H`) of the first sixel image in `text`.
        static func sixelSize(_ text: String) -> (width: Int, height: Int)? {
            guard let range = text.range(of: "\"1;1;") else { return nil }
            let numbers = text[range.upperBound...].prefix(32).split(whereSeparator: { !$0.isNumber }).prefix(2)
            guard numbers.count == 2, let w = Int(numbers[0]), let h = Int(numbers[1]) else { return nil }
            return (w, h)
        }

        /// A picture within the cap, of about the cap's size (scaled, not shrunk to nothing),
        /// of the shape `columns` x `rows` cells of `cell` pixels.
        static func expectScaled(
            _ size: (width: Int, height: Int)?, columns: Int, rows: Int, cell: (Int, Int), _ what: String
        ) {
            guard let size else {
                Issue.record("\(what): no picture size found")
                return
            }
            let pixels = size.width * size.height
            #expect(pixels <= pixelCap, "\(what): \(size.width)x\(size.height)")
            #expect(pixels >= pixelCap / 2, "\(what): \(size.width)x\(size.height), far below the cap")
            let shape = Double(columns * cell.0) / Double(rows * cell.1)
            let drawn = Double(size.width) / Double(size.height)
            #expect(abs(drawn / shape - 1) < 0.02, "\(what): \(size.width)x\(size.height), not of shape \(shape)")
        }

        /// Runs `orbit ARGS` under the address-space limit (and a CPU limit against hangs).
        static func run(_ arguments: [String], stdout: String) throws -> RunResult {
            let orbit = try OrbitBinary.check()
            return try Spawn.run(
                ["prlimit", "--as=\(addressSpace)", "--cpu=300", orbit] + arguments, stdoutPath: stdout,
                timeout: 600)
        }

        @Test(
            "The largest --cell-size renders kitty, sixel and PNG pictures scaled within the cap",
            arguments: ["kitty", "sixel", "png"])
        func largestCellSizeIsScaled(output: String) throws {
            let scratch = try Scratch("orbit-cell-size")
            let out = scratch.file(output == "png" ? "frame.png" : "frame.txt")
            let arguments =
                output == "png"
                ? ["snapshot", "ball", "--size", "80x24", "--cell-size", "1000x1000", "-o", out]
                : [
                    "render", "ball", "--format", output, "--size", "80x24", "--cell-size", "1000x1000", "--frames",
                    "1",
                ]
            let r = try Self.run(arguments, stdout: out)
            print("cell-size 1000x1000 \(output): status \(r.status), peak \(r.maxRSSKiB) KiB")
            #expect(r.signal == nil, "ended by signal \(String(describing: r.signal)): \(r.stderr)")
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stderr.isEmpty, "\(r.stderr)")
            let bytes = [UInt8]((try? Data(contentsOf: URL(fileURLWithPath: out))) ?? Data())
            let size: (width: Int, height: Int)? =
                switch output {
                case "kitty": Self.kittyImageSize(bytes)
                case "sixel": Self.sixelSize(String(decoding: bytes, as: UTF8.self))
                default: Self.pngSize(bytes)
                }
            Self.expectScaled(size, columns: 80, rows: 24, cell: (1000, 1000), output)
        }

        @Test(
            "A --cell-size past 1-1000 pixels is one line and exit 2",
            arguments: ["1001x1000", "1000x1001", "0x16", "99999999999999999999x16", "-8x16", "1e3x1e3", "8x"])
        func cellSizeOutOfRangeIsRefused(value: String) throws {
            let scratch = try Scratch("orbit-cell-size")
            let r = try Self.run(
                ["render", "ball", "--format", "kitty", "--size", "80x24", "--cell-size", value, "--frames", "1"],
                stdout: scratch.file("out"))
            #expect(r.signal == nil)
            #expect(r.status == 2, "\(r.stderr)")
            let lines = r.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(r.stderr)")
            #expect(r.stderr.hasPrefix("orbit: --cell-size wants WxH with 1-1000 pixels each"), "\(r.stderr)")
            #expect(scratch.read("out").isEmpty)
        }

        @Test("A terminal that says its cells are 819x2730 pixels gets a kitty picture within the cap; q quits")
        func terminalAnsweredCellSizeIsScaled() throws {
            // 80x24 cells in a window of 65535x65535 pixels (the most TIOCGWINSZ can say):
            // cells of 819x2730 pixels, taken as 819x1000 (`CellSize` keeps each side within
            // 1...1000), then the picture within the pixel cap.
            let terminal = try SlowTerminal(
                ["ball", "--format", "kitty"], columns: 80, rows: 24, pixels: (65535, 65535),
                prefix: ["prlimit", "--as=\(Self.addressSpace)", "--cpu=300"])
            let deadline = Date().addingTimeInterval(300)
            // The first image, up to its PNG header.
            var size: (width: Int, height: Int)?
            while size == nil && Date() < deadline {
                if terminal.read(upTo: 65536, timeoutMs: 100) < 0 { break }
                size = Self.kittyImageSize(terminal.received)
            }
            let peak = terminal.memoryKiB("VmHWM")
            print("terminal cell 819x2730: first picture \(String(describing: size)), peak \(peak) KiB so far")
            // The viewer's picture leaves the last row to the status line: 80x23 cells.
            Self.expectScaled(size, columns: 80, rows: 23, cell: (65535 / 80, 1000), "viewer kitty")
            terminal.send("q")
            #expect(try terminal.finish() == 0)
        }
    }
}
