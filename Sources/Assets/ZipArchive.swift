import CZlib

/// The entries of a zip archive in memory (PKWARE APPNOTE 6.3: the central directory at
/// the end, stored or deflated entries), as 3MF packages are written.
///
/// Bounded: an entry is inflated only up to the size its directory record declares, and
/// no entry may declare more than `maxEntryBytes`, so a zip bomb stops at the limit
/// instead of filling memory. ZIP64, encrypted entries and methods other than stored (0)
/// and deflate (8) are refused.
struct ZipArchive {
    /// One entry of the central directory.
    struct Entry {
        let name: String
        let method: Int
        let compressedSize: Int
        let size: Int
        let localHeader: Int
        let encrypted: Bool
    }

    /// Largest entry inflated, in bytes: `AssetLimits.maxFileBytes` (256 MB).
    static let maxEntryBytes = AssetLimits.maxFileBytes
    /// Most entries in the directory.
    static let maxEntries = 65535

    let bytes: [UInt8]
    let name: String
    private(set) var entries: [Entry] = []

    /// Reads the central directory of `bytes`.
    /// - Throws: `AssetError` when it is not a zip archive or its directory is broken.
    init(_ bytes: [UInt8], name: String) throws(AssetError) {
        self.bytes = bytes
        self.name = name
        // The end of central directory record: 22 bytes and a comment of up to 64 KB.
        var eocd = -1
        var i = bytes.count - 22
        while i >= 0, i >= bytes.count - 22 - 65535 {
            if u32(i) == 0x0605_4b50 {
                eocd = i
                break
            }
            i -= 1
        }
        guard eocd >= 0 else { throw AssetError(file: name, "not a zip archive (no end of central directory)") }
        let count = Int(u16(eocd + 10))
        let directorySize = Int(u32(eocd + 12))
        let directory = Int(u32(eocd + 16))
        guard count != 0xFFFF, directory != 0xFFFF_FFFF else {
            throw AssetError(file: name, "ZIP64 archives are not supported")
        }
        guard directory + directorySize <= eocd, count * 46 <= directorySize else {
            throw AssetError(file: name, "zip central directory out of the file")
        }
        var at = directory
        for _ in 0..<count {
            guard at + 46 <= eocd, u32(at) == 0x0201_4b50 else {
                throw AssetError(file: name, "broken zip central directory")
            }
            let nameLength = Int(u16(at + 28))
            let extra = Int(u16(at + 30))
            let comment = Int(u16(at + 32))
            guard at + 46 + nameLength <= eocd else { throw AssetError(file: name, "broken zip central directory") }
            entries.append(
                Entry(
                    name: String(decoding: bytes[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self),
                    method: Int(u16(at + 10)), compressedSize: Int(u32(at + 20)), size: Int(u32(at + 24)),
                    localHeader: Int(u32(at + 42)), encrypted: u16(at + 8) & 1 != 0))
            at += 46 + nameLength + extra + comment
        }
    }

    /// The entry named `path` (a leading `/` ignored, letters in any case), or nil.
    func entry(_ path: String) -> Entry? {
        let wanted = (path.hasPrefix("/") ? String(path.dropFirst()) : path).lowercased()
        return entries.first { $0.name.lowercased() == wanted }
    }

    /// The contents of `entry`, at most `limit` bytes.
    /// - Throws: `AssetError` naming the entry when it is too large, encrypted, of an
    ///   unknown method, out of the file or its data is broken.
    func read(_ entry: Entry, limit: Int = ZipArchive.maxEntryBytes) throws(AssetError) -> [UInt8] {
        let what = "zip entry '\(String(entry.name.prefix(80)))'"
        guard !entry.encrypted else { throw AssetError(file: name, "\(what) is encrypted") }
        guard entry.size <= limit, entry.size != 0xFFFF_FFFF else {
            throw AssetError(file: name, "\(what) of \(entry.size) bytes is larger than the \(limit) byte limit")
        }
        let h = entry.localHeader
        guard h + 30 <= bytes.count, u32(h) == 0x0403_4b50 else {
            throw AssetError(file: name, "\(what): no local header")
        }
        let start = h + 30 + Int(u16(h + 26)) + Int(u16(h + 28))
        guard start + entry.compressedSize <= bytes.count else {
            throw AssetError(file: name, "\(what) runs past the end of the file")
        }
        let data = bytes[start..<(start + entry.compressedSize)]
        switch entry.method {
        case 0:
            guard entry.compressedSize == entry.size else { throw AssetError(file: name, "\(what): sizes differ") }
            return Array(data)
        case 8:
            return try inflate(data, size: entry.size, what: what)
        default:
            throw AssetError(file: name, "\(what) uses compression method \(entry.method) (stored or deflate only)")
        }
    }

    /// Raw deflate data to exactly `size` bytes; more or fewer is an error.
    private func inflate(_ data: ArraySlice<UInt8>, size: Int, what: String) throws(AssetError) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: size + 1)
        var stream = z_stream()
        guard orbit_inflate_init_raw(&stream) == Z_OK else { throw AssetError(file: name, "\(what): zlib failed") }
        defer { inflateEnd(&stream) }
        var input = Array(data)
        let (status, produced) = input.withUnsafeMutableBufferPointer { inp in
            out.withUnsafeMutableBufferPointer { o in
                stream.next_in = inp.baseAddress
                stream.avail_in = uInt(inp.count)
                stream.next_out = o.baseAddress
                stream.avail_out = uInt(o.count)
                let status = CZlib.inflate(&stream, Z_FINISH)
                return (status, o.count - Int(stream.avail_out))
            }
        }
        guard status == Z_STREAM_END, produced == size else {
            throw AssetError(
                file: name,
                produced > size
                    ? "\(what) inflates past its declared \(size) bytes" : "\(what): broken deflate data")
        }
        out.removeLast()
        return out
    }

    private func u16(_ i: Int) -> UInt16 { UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8 }
    private func u32(_ i: Int) -> UInt32 { UInt32(u16(i)) | UInt32(u16(i + 2)) << 16 }
}
