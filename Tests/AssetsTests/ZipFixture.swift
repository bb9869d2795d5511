/// Zip archives written in the tests: entries stored, or deflated as one stored deflate
/// block (RFC 1951 BTYPE 00, so no compressor is needed), with sizes that may lie.
struct ZipFixture {
    struct Entry {
        var name: String
        var data: [UInt8]
        var deflate = false
        /// The uncompressed size written in the directory; default the real one.
        var declaredSize: Int? = nil
    }

    var entries: [Entry]

    var bytes: [UInt8] {
        var out: [UInt8] = []
        var directory: [UInt8] = []
        func u16(_ v: Int, _ into: inout [UInt8]) { into += [UInt8(v & 255), UInt8(v >> 8 & 255)] }
        func u32(_ v: Int, _ into: inout [UInt8]) {
            u16(v & 0xFFFF, &into)
            u16(v >> 16 & 0xFFFF, &into)
        }
        for e in entries {
            let payload: [UInt8]
            if e.deflate {
                var block: [UInt8] = [1]
                u16(e.data.count, &block)
                u16(~e.data.count & 0xFFFF, &block)
                payload = block + e.data
            } else {
                payload = e.data
            }
            let name = Array(e.name.utf8)
            let crc = Int(ZipFixture.crc32(e.data))
            let size = e.declaredSize ?? e.data.count
            let offset = out.count
            func common(_ into: inout [UInt8]) {
                u16(20, &into)
                u16(0, &into)
                u16(e.deflate ? 8 : 0, &into)
                u32(0, &into)
                u32(crc, &into)
                u32(payload.count, &into)
                u32(size, &into)
                u16(name.count, &into)
                u16(0, &into)
            }
            u32(0x0403_4b50, &out)
            common(&out)
            out += name + payload
            u32(0x0201_4b50, &directory)
            u16(20, &directory)
            common(&directory)
            u16(0, &directory)
            u16(0, &directory)
            u16(0, &directory)
            u32(0, &directory)
            u32(offset, &directory)
            directory += name
        }
        let start = out.count
        out += directory
        u32(0x0605_4b50, &out)
        u32(0, &out)
        u16(entries.count, &out)
        u16(entries.count, &out)
        u32(directory.count, &out)
        u32(start, &out)
        u16(0, &out)
        return out
    }

    static func crc32(_ data: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in data {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? (c >> 1) ^ 0xEDB8_8320 : c >> 1 }
        }
        return ~c
    }

    /// A 3MF package holding `model` as its model part (deflated), with relationships.
    static func threeMF(_ model: String, deflate: Bool = true) -> [UInt8] {
        let rels = """
            <?xml version="1.0" encoding="UTF-8"?>
            <Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
            <Relationship Target="/3D/model.model" Id="rel0"
             Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/></Relationships>
            """
        return ZipFixture(entries: [
            Entry(name: "_rels/.rels", data: Array(rels.utf8)),
            Entry(name: "3D/model.model", data: Array(model.utf8), deflate: deflate),
        ]).bytes
    }
}
