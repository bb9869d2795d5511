/// One element of a parsed XML document: local name (namespace prefix dropped),
/// attributes, its line, children in order, and the text directly inside it.
final class XElement {
    let name: String
    let attributes: [String: String]
    /// The 1-based line of the start tag, or nil when the parser did not know it.
    let line: Int?
    var children: [XElement] = []
    var text = ""

    init(name: String, attributes: [String: String], line: Int? = nil) {
        self.name = name
        self.attributes = attributes
        self.line = line
    }

    /// The first child named `name`.
    func child(_ name: String) -> XElement? { children.first { $0.name == name } }

    /// Every child named `name`.
    func children(_ name: String) -> [XElement] { children.filter { $0.name == name } }

    /// The first element named `name` along a path of children.
    func path(_ names: String...) -> XElement? {
        var e: XElement? = self
        for n in names { e = e?.child(n) }
        return e
    }

    /// Every descendant (this element included), depth first, without recursion.
    func descendants() -> [XElement] {
        var out: [XElement] = []
        var stack: [XElement] = [self]
        while let e = stack.popLast() {
            out.append(e)
            stack.append(contentsOf: e.children.reversed())
        }
        return out
    }
}
