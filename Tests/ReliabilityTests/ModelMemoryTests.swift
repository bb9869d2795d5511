import Foundation
import OrbitTestSupport
import Testing

extension Reliability {
    /// Hostile model files run the real binary under an address-space limit
    /// (`prlimit --as`), so a regression fails fast with an allocation failure instead of
    /// swapping: each must end with one clean line, within the limit.
    @Suite struct ModelMemory {
        /// Runs `orbit render FILE` limited to `mebibytes` of address space.
        static func render(_ path: String, mebibytes: Int, timeout: Double = 300) throws -> RunResult {
            let orbit = try OrbitBinary.check()
            return try Spawn.run(
                ["prlimit", "--as=\(mebibytes * 1_048_576)", orbit, "render", path, "--size", "40x12"],
                stdoutPath: "/dev/null", timeout: timeout)
        }

        /// Little-endian bytes of floats.
        static func floats(_ values: [Float]) -> Data {
            var d = Data()
            for v in values { withUnsafeBytes(of: v.bitPattern.littleEndian) { d.append(contentsOf: $0) } }
            return d
        }

        @Test("A mesh instanced 40,000 times is refused by the drawn-triangle cap under 768 MiB")
        func instancingCannotAmplifyPastTheTriangleCap() throws {
            // 300 triangles (a fan of thin slivers) used by 40,000 nodes: 12 million drawn.
            var positions: [Float] = []
            for k in 0..<300 {
                let a = Float(k) / 300
                let b = Float(k + 1) / 300
                positions += [0, 0, 0, a, 1, 0, b, 1, 0]
            }
            let buffer = Self.floats(positions).base64EncodedString()
            let nodes = (0..<40_000).map { "{\"mesh\":0,\"translation\":[\($0 % 200),\($0 / 200),0]}" }.joined(
                separator: ",")
            let json = """
                {"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],
                 "nodes":[{"children":[\((1...40_000).map(String.init).joined(separator: ","))]},\(nodes)],
                 "meshes":[{"primitives":[{"attributes":{"POSITION":0}}]}],
                 "accessors":[{"bufferView":0,"componentType":5126,"count":900,"type":"VEC3"}],
                 "bufferViews":[{"buffer":0,"byteLength":\(positions.count * 4)}],
                 "buffers":[{"byteLength":\(positions.count * 4),
                             "uri":"data:application/octet-stream;base64,\(buffer)"}]}
                """
            let scratch = try Scratch("orbit-models-instances")
            let path = try scratch.write("instances.gltf", json)
            let r = try Self.render(path, mebibytes: 768)
            print(
                "instancing 40,000 x 300 triangles under 768 MiB: status \(r.status), peak "
                    + "\(r.maxRSSKiB) KiB, \(r.stderr)"
            )
            #expect(r.status == 1, "\(r)")
            #expect(
                r.stderr
                    == "orbit: \(path): the model draws 12000000 triangles (instances counted), "
                    + "more than the 10000000 limit\n"
            )
        }

        /// A 4096 x 4096 TGA of one grey, run-length encoded (128 pixels per packet).
        static func bigTGA() -> Data {
            var d = Data([0, 0, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 16, 0, 16, 24, 0])
            let packet: [UInt8] = [0xFF, 90, 90, 90]
            d.append(contentsOf: [UInt8]((0..<(4096 * 4096 / 128)).flatMap { _ in packet }))
            return d
        }

        @Test("Five 4096 x 4096 textures share one decode budget: refused under 1280 MiB")
        func texturesShareOneBudgetPerLoad() throws {
            let scratch = try Scratch("orbit-models-budget")
            let tga = Self.bigTGA()
            var mtl = ""
            var obj = "mtllib m.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0 0\nvt 1 0\nvt 0 1\n"
            for k in 0..<5 {
                try tga.write(to: URL(fileURLWithPath: scratch.file("t\(k).tga")))
                mtl += "newmtl m\(k)\nmap_Kd t\(k).tga\n"
                obj += "usemtl m\(k)\nf 1/1 2/2 3/3\n"
            }
            try scratch.write("m.mtl", mtl)
            let path = try scratch.write("five.obj", obj)
            let r = try Self.render(path, mebibytes: 1280)
            print("five 4096^2 textures under 1280 MiB: status \(r.status), peak \(r.maxRSSKiB) KiB, \(r.stderr)")
            #expect(r.status == 1, "\(r)")
            let lines = r.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(r.stderr)")
            #expect(lines.first?.hasPrefix("orbit: \(path): line 1: ") == true, "\(r.stderr)")
            #expect(
                lines.first?.contains("load budget exceeded: more than 33554432 image pixels decoded for one model")
                    == true, "\(r.stderr)")
        }

        @Test("A material library named 5,000 times is read once")
        func repeatedMaterialLibraryIsReadOnce() throws {
            let scratch = try Scratch("orbit-models-mtllib")
            // 2 MB of materials, and a missing texture to count the readings by.
            var mtl = "newmtl first\nmap_Kd missing.png\n"
            for k in 0..<40_000 { mtl += "newmtl m\(k)\nKd 0.5 0.5 0.5\n" }
            try scratch.write("big.mtl", mtl)
            let obj =
                String(repeating: "mtllib big.mtl\n", count: 5_000) + "v 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl m7\nf 1 2 3\n"
            let path = try scratch.write("many.obj", obj)
            // Read 5,000 times this took many minutes; once, well under a second.
            let r = try Self.render(path, mebibytes: 768, timeout: 120)
            #expect(r.status == 0, "\(r)")
            #expect(
                r.stderr
                    == "orbit: warning: \(path): line 1: big.mtl: line 2: texture 'missing.png' not "
                    + "found beside the model\n"
            )
        }
    }
}
