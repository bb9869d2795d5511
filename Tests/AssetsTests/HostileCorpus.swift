import Foundation

/// Broken and hostile files for every reader: truncated, wrong counts, indices out of
/// range, NaN/Inf, absurd sizes, entity bombs, external entities, path traversal,
/// empty files, binary noise, deep nesting.
enum HostileCorpus {
    static let obj: [HostileCase] = [
        HostileCase("empty.obj", "", expect: "empty file"),
        HostileCase("noise.obj", HostileCase.noise(4096, seed: 1), expect: "noise.obj: "),
        HostileCase("comments.obj", "# nothing\n\n", expect: "no vertices"),
        HostileCase(
            "range.obj", "v 0 0 0\nv 1 0 0\nf 1 2 9\n",
            expect: "line 3: face vertex index 9 out of "
                + "range (2 vertices)"),
        HostileCase("zero.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 0 1 2\n", expect: "index 0 out of range"),
        HostileCase("negative.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf -1 -2 -4\n", expect: "index -4 out of range"),
        HostileCase("huge-index.obj", "v 0 0 0\nf 1 1 99999999999999\n", expect: "is not an integer"),
        HostileCase(
            "uv-range.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0 0\nf 1/1 2/2 3/1\n",
            expect: "texture coordinate index 2 out of range"),
        HostileCase("nan.obj", "v nan 0 0\n", expect: "'nan' is not a finite number"),
        HostileCase("inf.obj", "v 0 inf 0\n", expect: "'inf' is not a finite number"),
        HostileCase("overflow.obj", "v 0 0 1e999\n", expect: "'1e999' is not a finite number"),
        HostileCase("float-overflow.obj", "v 0 0 1e39\n", expect: "not a finite number"),
        HostileCase("truncated.obj", "v 0 0 0\nv 1 0", expect: "line 2: v needs 3 numbers, found 2"),
        HostileCase("two.obj", "v 0 0 0\nv 1 0 0\nf 1 2\n", expect: "face needs at least 3 vertices"),
        HostileCase("traversal.obj", "mtllib ../secret.mtl\n", expect: "leaves the model's folder"),
        HostileCase("absolute.obj", "mtllib \(HostileCase.secretPath)\n", expect: "is an absolute path"),
        HostileCase("windows.obj", "mtllib C:\\Windows\\x.mtl\n", expect: "is a URI with a scheme"),
        HostileCase("backslash.obj", "mtllib ..\\secret.mtl\n", expect: "leaves the model's folder"),
        HostileCase("missing.obj", "mtllib nowhere.mtl\n", expect: "not found beside the model"),
        HostileCase("folder.obj", "mtllib sub\n", expect: "is a directory", extra: [("sub/x", [1])]),
        HostileCase(
            "link.obj", "mtllib link.mtl\n", expect: "link to a file outside",
            links: [("link.mtl", HostileCase.secretPath)]),
        HostileCase(
            "device.obj", "mtllib zero.mtl\n", expect: "outside the model's folder",
            links: [("zero.mtl", "/dev/zero")]),
        HostileCase(
            "texture-traversal.obj", "mtllib m.mtl\n", expect: "m.mtl: line 2: texture '../../etc/passwd' leaves",
            extra: [("m.mtl", Array("newmtl a\nmap_Kd ../../etc/passwd\n".utf8))]),
        HostileCase(
            "texture-url.obj", "mtllib m.mtl\n", expect: "is a URI with a scheme",
            extra: [("m.mtl", Array("newmtl a\nmap_Kd -s 1 1 1 http://example.com/x.png\n".utf8))]),
        HostileCase(
            "texture-noise.obj", "mtllib m.mtl\n", expect: "noise.png: not a JPEG, PNG or TGA image",
            extra: [
                ("m.mtl", Array("newmtl a\nmap_Kd noise.png\n".utf8)), ("noise.png", HostileCase.noise(300, seed: 2)),
            ]),
        HostileCase(
            "mtl-nan.obj", "mtllib m.mtl\n", expect: "m.mtl: line 2: 'NaN' is not a finite number",
            extra: [("m.mtl", Array("newmtl a\nKd NaN 0 0\n".utf8))]),
        HostileCase("nul.obj", "mtllib a\u{0}b.mtl\n", expect: "NUL"),
    ]

    static let stl: [HostileCase] = [
        HostileCase("empty.stl", "", expect: "empty file"),
        HostileCase("noise.stl", HostileCase.noise(1000, seed: 3), expect: "binary STL declares"),
        HostileCase("short.stl", [1, 2, 3], expect: "not an STL file"),
        HostileCase(
            "count.stl", header(count: 1000) + [UInt8](repeating: 0, count: 100), expect: "declares 1000 triangles"),
        HostileCase(
            "absurd.stl", header(count: 0xFFFF_FFFF) + [UInt8](repeating: 0, count: 50),
            expect: "declares 4294967295 triangles"),
        HostileCase("zero.stl", header(count: 0), expect: "has no triangles"),
        HostileCase("nan.stl", header(count: 1) + nanTriangle(), expect: "triangle 0 has a value that is not finite"),
        HostileCase("solid-only.stl", "solid x\nendsolid x\n", expect: "has no facets"),
        HostileCase(
            "cut.stl", "solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\n", expect: "truncated"),
        HostileCase(
            "nan-ascii.stl", "solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 nan 0\n",
            expect: "line 4: 'nan' is not a finite number"),
        HostileCase("stray.stl", "solid x\nvertex 0 0 0\n", expect: "vertex outside a facet"),
        HostileCase(
            "two.stl", "solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nendloop\nendfacet\n",
            expect: "facet with 2 vertices"),
        HostileCase("junk.stl", "solid x\nhello world\n", expect: "unexpected 'hello'"),
    ]

    static func header(count: UInt32) -> [UInt8] {
        [UInt8](repeating: 0x41, count: 80) + withUnsafeBytes(of: count.littleEndian) { Array($0) }
    }

    static func nanTriangle() -> [UInt8] {
        var out: [UInt8] = []
        for k in 0..<12 {
            let f: Float = k == 4 ? .nan : 0
            withUnsafeBytes(of: f.bitPattern.littleEndian) { out += $0 }
        }
        return out + [0, 0]
    }
}
