import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Parses XML into an `XElement` tree with FoundationXML's `XMLParser` (libxml2 SAX).
///
/// The encoding is settled first (`XMLEncoding`: UTF-8, or UTF-16 with a byte order mark
/// turned into UTF-8; anything else refused). The text must then be valid UTF-8:
/// swift-corelibs-foundation's SAX callbacks force-unwrap
/// names decoded as UTF-8 and crash on an invalid byte in an element or attribute name.
/// The parser runs libxml2 in recover mode (a truncated document is not an error to it,
/// so unclosed elements are reported here).
///
/// Safety, measured on this toolchain (swift-corelibs-foundation 6.3, libxml2): external
/// entities are not resolved (`shouldResolveExternalEntities` is false and stays so),
/// internal entity references are not substituted into text, and libxml2 stops
/// exponential entity expansion with an error. On top of that, a document that declares
/// entities (`<!ENTITY`) is refused before parsing, elements may nest at most
/// `AssetLimits.maxDepth` deep and a document may hold at most `AssetLimits.maxXMLElements`.
enum XMLTree {
    /// The root element of `bytes`.
    /// - Parameters:
    ///   - bytes: the document.
    ///   - name: the file's name for messages.
    ///   - refuseEntities: refuse documents declaring entities (default true; the tests
    ///     turn it off to check what the parser alone does).
    static func parse(_ raw: [UInt8], name: String, refuseEntities: Bool = true) throws(AssetError) -> XElement {
        // The encoding first: every check below must read the characters libxml2 will.
        let bytes = try XMLEncoding.utf8(raw, name: name)
        if refuseEntities, contains(bytes, Array("<!ENTITY".utf8)) {
            throw AssetError(file: name, "XML entity declarations are not allowed (<!ENTITY found)")
        }
        // FoundationXML force-unwraps element and attribute names decoded as UTF-8, so an
        // invalid byte in a name would crash the process: refuse such input first.
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw AssetError(file: name, "not valid UTF-8 (only UTF-8 XML is read)")
        }
        // FoundationXML calls strlen on the data of a processing instruction, which libxml2
        // passes as NULL for one without data (`<?name?>`): refuse those before parsing.
        if let target = emptyProcessingInstruction(in: bytes) {
            throw AssetError(
                file: name, "XML processing instruction <?\(AssetError.oneLine(target))?> without data is not read")
        }
        let parser = XMLParser(data: Data(bytes))
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        let builder = TreeBuilder()
        parser.delegate = builder
        let ok = parser.parse()
        if let problem = builder.problem { throw AssetError(file: name, line: builder.problemLine, problem) }
        if ok, let open = builder.stack.last {
            throw AssetError(
                file: name, "malformed XML: the document ends inside <\(AssetError.oneLine(open.name))> (truncated)")
        }
        guard ok, let root = builder.root else {
            let code = (parser.parserError as NSError?)?.code ?? 0
            throw AssetError(
                file: name, line: parser.lineNumber > 0 ? parser.lineNumber : nil,
                "malformed XML (libxml2 error \(code))")
        }
        return root
    }

    /// The target of the first processing instruction in `bytes` written with no data
    /// (`<?name?>`, nothing between the name and `?>`), or nil. Occurrences inside
    /// comments and CDATA count too: such documents are refused, not misread.
    static func emptyProcessingInstruction(in bytes: [UInt8]) -> String? {
        var i = 0
        while i + 1 < bytes.count {
            guard bytes[i] == UInt8(ascii: "<"), bytes[i + 1] == UInt8(ascii: "?") else {
                i += 1
                continue
            }
            var end = i + 2
            while end < bytes.count, ![9, 10, 13, 32, UInt8(ascii: "?"), UInt8(ascii: ">")].contains(bytes[end]) {
                end += 1
            }
            if end > i + 2, end + 1 < bytes.count, bytes[end] == UInt8(ascii: "?"), bytes[end + 1] == UInt8(ascii: ">")
            {
                return String(decoding: bytes[(i + 2)..<end].prefix(40), as: UTF8.self)
            }
            // On from the next byte, not from `end`: a `<?` inside the target (`<?<?x?>`,
            // which libxml2 reads on from as a new instruction) is checked too.
            i += 1
        }
        return nil
    }

    /// True when `needle` occurs in `haystack`.
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, haystack.count >= needle.count else { return false }
        var i = 0
        let last = haystack.count - needle.count
        while i <= last {
            if haystack[i] == first, haystack[i..<(i + needle.count)].elementsEqual(needle) { return true }
            i += 1
        }
        return false
    }

    private final class TreeBuilder: NSObject, XMLParserDelegate {
        var root: XElement?
        var stack: [XElement] = []
        var count = 0
        var problem: String?
        var problemLine: Int?

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
        ) {
            guard problem == nil else { return }
            count += 1
            if stack.count >= AssetLimits.maxDepth {
                stop(parser, "XML elements nested deeper than \(AssetLimits.maxDepth) levels")
                return
            }
            if count > AssetLimits.maxXMLElements {
                stop(parser, "more than \(AssetLimits.maxXMLElements) XML elements")
                return
            }
            let local = elementName.split(separator: ":").last.map(String.init) ?? elementName
            let e = XElement(
                name: local, attributes: attributeDict, line: parser.lineNumber > 0 ? parser.lineNumber : nil)
            if let parent = stack.last { parent.children.append(e) } else if root == nil { root = e }
            stack.append(e)
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
        ) {
            guard problem == nil else { return }
            _ = stack.popLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard problem == nil, let e = stack.last else { return }
            e.text += string
        }

        func parser(_ parser: XMLParser, foundCDATA block: Data) {
            guard problem == nil, let e = stack.last else { return }
            e.text += String(decoding: block, as: UTF8.self)
        }

        func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
            stop(parser, "external XML entity '\(name)' refused")
            return nil
        }

        private func stop(_ parser: XMLParser, _ message: String) {
            problem = message
            problemLine = parser.lineNumber > 0 ? parser.lineNumber : nil
            parser.abortParsing()
        }
    }
}
