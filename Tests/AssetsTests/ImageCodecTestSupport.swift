import Assets

/// Encoded images for the hostile corpus.
enum ImageCodecTestSupport {
    static func png() throws -> [UInt8] {
        guard let image = Fixture.gradient(width: 40, height: 30) else { return [] }
        return try ImageCodec.encodePNG(image)
    }

    static func jpeg() throws -> [UInt8] {
        guard let image = Fixture.gradient(width: 40, height: 30) else { return [] }
        return try ImageCodec.encodeJPEG(image)
    }

    /// Offset of the SOF0 marker (FF C0) in a baseline JPEG.
    static func sofOffset(_ jpeg: [UInt8]) -> Int? {
        var i = 2
        while i + 1 < jpeg.count {
            if jpeg[i] == 0xFF, jpeg[i + 1] == 0xC0 { return i }
            i += 1
        }
        return nil
    }
}
