extension TextScanner {
    /// True for XML whitespace (XML 1.0, production S): space, tab, carriage return, line feed.
    @inline(__always) static func isXMLSpace(_ b: UInt8) -> Bool { b == 32 || b == 9 || b == 10 || b == 13 }

    /// Splits the text of an XML list type (COLLADA `<float_array>`, `<p>`, `<vcount>`,
    /// `<matrix>`...) at XML whitespace, line breaks included.
    static func xmlTokens(_ text: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        var i = text.startIndex
        let end = text.endIndex
        while i < end {
            while i < end, isXMLSpace(text[i]) { i += 1 }
            if i >= end { break }
            let s = i
            while i < end, !isXMLSpace(text[i]) { i += 1 }
            result.append(text[s..<i])
        }
        return result
    }
}
