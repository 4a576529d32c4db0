import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An element of a conformance fixture: its tag, attributes, text and children.
final class FixtureElement {
    let name: String
    let attributes: [String: String]
    var text = ""
    var children: [FixtureElement] = []

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    func child(named name: String) -> FixtureElement? { children.first { $0.name == name } }
}

/// Reads a fixture file into a tree of elements with Foundation's XML parser.
final class FixtureXMLReader: NSObject, XMLParserDelegate {
    private var stack: [FixtureElement] = []
    private var root: FixtureElement?
    private var failure: String?

    /// Parses XML data.
    /// - Throws: `FixtureError` with the parser's message when the data is malformed.
    static func parse(_ data: Data, file: String) throws -> FixtureElement {
        let reader = FixtureXMLReader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        guard parser.parse(), let root = reader.root else {
            let reason = reader.failure ?? parser.parserError.map { "\($0)" } ?? "no root element"
            throw FixtureError("\(file): malformed XML: \(reason)")
        }
        return root
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        let element = FixtureElement(name: elementName, attributes: attributes)
        stack.last?.children.append(element)
        if stack.isEmpty { root = element }
        stack.append(element)
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
        qualifiedName: String?
    ) {
        stack.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        stack.last?.text += string
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        failure = "\(parseError)"
    }
}

/// A fixture that cannot be read.
struct FixtureError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
