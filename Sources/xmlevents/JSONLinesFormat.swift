import XMLEvents

/// `--format jsonl`: one JSON object per event, one line each, keys in a fixed order so that
/// output can be compared byte for byte and read by `jq` or any line-oriented tool.
///
/// Absent values are `null` rather than missing keys: every event of a kind has the same keys.
/// A parse error ends the output with an `error` line carrying the code's name (`null` for a
/// libxml2 code the library does not name) and number, the message and the position.
final class JSONLinesFormat: EventSink {
    private let output: BufferedOutput

    init(output: BufferedOutput) {
        self.output = output
    }

    func write(_ event: XMLEvent) {
        Self.append(event, to: &output.bytes)
        output.flushIfFull()
    }

    /// A selected subtree is written as the events it was built from, start to end element.
    func write(_ subtree: XMLSubtree) {
        subtree.forEachEvent { event in
            Self.append(event, to: &output.bytes)
        }
        output.flushIfFull()
    }

    func drain() {}

    func finish(failure: XMLParsingError?) {
        guard let failure else { return }
        var line: [UInt8] = []
        line.appendLiteral("{\"event\":\"error\",\"code\":")
        line.appendJSON(failure.code.name)
        line.appendLiteral(",\"codeValue\":")
        line.appendJSON(failure.code.rawValue)
        line.appendLiteral(",\"message\":")
        line.appendJSON(failure.message)
        line.appendLiteral(",\"line\":")
        line.appendJSON(failure.line)
        line.appendLiteral(",\"column\":")
        line.appendJSON(failure.column)
        line.appendLiteral(",\"byteOffset\":")
        line.appendJSON(failure.byteOffset)
        line.appendLiteral("}\n")
        output.append(line)
    }

    /// Appends the line of one event, its newline included.
    static func append(_ event: XMLEvent, to line: inout [UInt8]) {
        switch event {
        case .startDocument(let version, let encoding, let standalone):
            line.appendLiteral("{\"event\":\"startDocument\",\"version\":")
            line.appendJSON(version)
            line.appendLiteral(",\"encoding\":")
            line.appendJSON(encoding)
            line.appendLiteral(",\"standalone\":")
            line.appendJSON(standalone)
        case .doctype(let name, let publicID, let systemID):
            line.appendLiteral("{\"event\":\"doctype\",\"name\":")
            line.appendJSON(name)
            line.appendLiteral(",\"publicID\":")
            line.appendJSON(publicID)
            line.appendLiteral(",\"systemID\":")
            line.appendJSON(systemID)
        case .startElement(let name, let attributes, let namespaces):
            line.appendLiteral("{\"event\":\"startElement\",")
            appendName(name, to: &line)
            line.appendLiteral(",\"attributes\":[")
            for (index, attribute) in attributes.enumerated() {
                line.appendLiteral(index == 0 ? "{" : ",{")
                appendName(attribute.name, to: &line)
                line.appendLiteral(",\"value\":")
                line.appendJSON(attribute.value)
                line.appendLiteral("}")
            }
            line.appendLiteral("],\"namespaces\":[")
            for (index, declaration) in namespaces.enumerated() {
                line.appendLiteral(index == 0 ? "{\"prefix\":" : ",{\"prefix\":")
                line.appendJSON(declaration.prefix)
                line.appendLiteral(",\"uri\":")
                line.appendJSON(declaration.uri)
                line.appendLiteral("}")
            }
            line.appendLiteral("]")
        case .endElement(let name):
            line.appendLiteral("{\"event\":\"endElement\",")
            appendName(name, to: &line)
        case .text(let text):
            line.appendLiteral("{\"event\":\"text\",\"text\":")
            line.appendJSON(text)
        case .cdata(let text):
            line.appendLiteral("{\"event\":\"cdata\",\"text\":")
            line.appendJSON(text)
        case .comment(let text):
            line.appendLiteral("{\"event\":\"comment\",\"text\":")
            line.appendJSON(text)
        case .processingInstruction(let target, let data):
            line.appendLiteral("{\"event\":\"processingInstruction\",\"target\":")
            line.appendJSON(target)
            line.appendLiteral(",\"data\":")
            line.appendJSON(data)
        case .skippedEntity(let name):
            line.appendLiteral("{\"event\":\"skippedEntity\",\"name\":")
            line.appendJSON(name)
        case .endDocument:
            line.appendLiteral("{\"event\":\"endDocument\"")
        }
        line.appendLiteral("}\n")
    }

    /// `"name":…,"localName":…,"prefix":…,"namespace":…`, shared by elements and attributes.
    private static func appendName(_ name: XMLName, to line: inout [UInt8]) {
        line.appendLiteral("\"name\":")
        line.appendJSON(name.qualifiedName)
        line.appendLiteral(",\"localName\":")
        line.appendJSON(name.localName)
        line.appendLiteral(",\"prefix\":")
        line.appendJSON(name.prefix)
        line.appendLiteral(",\"namespace\":")
        line.appendJSON(name.namespaceURI)
    }
}
