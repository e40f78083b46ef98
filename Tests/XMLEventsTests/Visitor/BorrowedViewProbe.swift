import XMLEvents

/// A visitor that checks every accessor of the borrowed views against the owned events of the
/// same document, walking them in step: each ``XMLText`` (text, CDATA, comment, processing
/// instruction target and data, attribute value) against the owned string, each ``XMLStartTag``
/// against the owned start element and the owned tier's location. What it finds wrong it
/// records in ``problems``.
struct BorrowedViewProbe: XMLVisitor {
    let reference: TierOutcome
    private var eventIndex = 0
    private var startIndex = 0
    private(set) var problems: [String] = []
    /// How many borrowed texts and start tags were checked.
    private(set) var textsChecked = 0
    private(set) var tagsChecked = 0
    private(set) var lookupsChecked = 0

    init(reference: TierOutcome) {
        self.reference = reference
    }

    /// Whether the visit went through every owned event.
    var sawEveryEvent: Bool { eventIndex == reference.events.count }

    private mutating func nextReference() -> XMLEvent? {
        guard eventIndex < reference.events.count else {
            problem("an event after the owned events ended")
            return nil
        }
        defer { eventIndex += 1 }
        return reference.events[eventIndex]
    }

    private mutating func problem(_ what: String) {
        if problems.count < 20 { problems.append("event \(eventIndex): \(what)") }
    }

    mutating func startDocument(version: String?, encoding: String?, standalone: Bool?) {
        let event = XMLEvent.startDocument(version: version, encoding: encoding, standalone: standalone)
        if let expected = nextReference(), expected != event { problem("\(event), want \(expected)") }
    }

    mutating func doctype(name: String, publicID: String?, systemID: String?) {
        let event = XMLEvent.doctype(name: name, publicID: publicID, systemID: systemID)
        if let expected = nextReference(), expected != event { problem("\(event), want \(expected)") }
    }

    mutating func endElement(_ name: XMLName) {
        if let expected = nextReference(), expected != .endElement(name: name) {
            problem("end \(name), want \(expected)")
        }
    }

    mutating func endDocument() {
        if let expected = nextReference(), expected != .endDocument { problem("endDocument, want \(expected)") }
    }

    mutating func skippedEntity(_ name: String) {
        if let expected = nextReference(), expected != .skippedEntity(name: name) {
            problem("skipped entity \(name), want \(expected)")
        }
    }

    mutating func text(_ text: borrowing XMLText) {
        guard case .text(let expected) = nextReference() else { return problem("text out of place") }
        check(text, against: expected, what: "text")
    }

    mutating func cdata(_ text: borrowing XMLText) {
        guard case .cdata(let expected) = nextReference() else { return problem("CDATA out of place") }
        check(text, against: expected, what: "CDATA")
    }

    mutating func comment(_ text: borrowing XMLText) {
        guard case .comment(let expected) = nextReference() else { return problem("comment out of place") }
        check(text, against: expected, what: "comment")
    }

    mutating func processingInstruction(target: borrowing XMLText, data: borrowing XMLText) {
        guard case .processingInstruction(let expectedTarget, let expectedData) = nextReference() else {
            return problem("processing instruction out of place")
        }
        check(target, against: expectedTarget, what: "PI target")
        check(data, against: expectedData, what: "PI data")
    }

    mutating func startElement(_ tag: borrowing XMLStartTag) {
        guard case .startElement(let name, let attributes, let namespaces) = nextReference() else {
            return problem("start element \(tag.name) out of place")
        }
        tagsChecked += 1
        let location = startIndex < reference.startLocations.count ? reference.startLocations[startIndex] : nil
        startIndex += 1
        if tag.name != name { problem("name \(tag.name), want \(name)") }
        if tag.location != location {
            problem("<\(name)> location \(tag.location), want \(String(describing: location))")
        }
        if tag.attributes.count != attributes.count || tag.attributes.isEmpty != attributes.isEmpty {
            return problem("<\(name)> has \(tag.attributes.count) attributes, want \(attributes.count)")
        }
        if tag.attributes.copied != attributes {
            problem("<\(name)> attributes \(tag.attributes.copied), want \(attributes)")
        }
        if tag.namespaceDeclarationCount != namespaces.count || tag.namespaceDeclarations != namespaces {
            problem(
                "<\(name)> namespaces \(tag.namespaceDeclarations) (\(tag.namespaceDeclarationCount)), want \(namespaces)"
            )
        }
        for (index, attribute) in attributes.enumerated() {
            if tag.attributes.name(at: index) != attribute.name {
                problem("<\(name)> attribute \(index) named \(tag.attributes.name(at: index)), want \(attribute.name)")
            }
            if tag.attributes.value(at: index) != attribute.value {
                problem("<\(name)> attribute \(index) = \(tag.attributes.value(at: index)), want \(attribute.value)")
            }
            tag.attributes.withValue(at: index) { value in
                check(value, against: attribute.value, what: "value of \(attribute.name)")
            }
        }
        checkLookups(tag, attributes: Array(attributes))
    }

    /// Every written form of every attribute's name, and forms no attribute has, looked up
    /// against a plain search of the owned attributes.
    private mutating func checkLookups(_ tag: borrowing XMLStartTag, attributes: [XMLAttribute]) {
        var tests: [(String, (XMLName) -> Bool)] = [("no-such-attribute", { _ in false })]
        for name in attributes.map(\.name) {
            let local = name.localName
            tests.append((local, { $0.localName == local }))
            let uri = name.namespaceURI
            tests.append(("{\(uri ?? "")}\(local)", { $0.localName == local && $0.namespaceURI == uri }))
            tests.append(("{urn:absent}\(local)", { _ in false }))
            tests.append(("absent:\(local)", { _ in false }))
            if let prefix = name.prefix {
                tests.append(("\(prefix):\(local)", { $0.localName == local && $0.prefix == prefix }))
            }
            let index = tag.attributes.firstIndex(local, namespaceURI: uri)
            let expected = attributes.firstIndex { $0.name.localName == local && $0.name.namespaceURI == uri }
            let owned = XMLAttributes(attributes)
            if index != expected || owned.firstIndex(local, namespaceURI: uri) != expected {
                problem("firstIndex(\(local), namespaceURI: \(uri ?? "nil")) = \(String(describing: index))")
            }
            let value = tag.attributes[local, namespaceURI: uri]
            if value != expected.map({ attributes[$0].value }) || value != owned[local, namespaceURI: uri] {
                problem("[\(local), namespaceURI: \(uri ?? "nil")] = \(String(describing: value))")
            }
            if tag.attributes.firstIndex(local, namespaceURI: "urn:absent") != nil
                || tag.attributes[local, namespaceURI: "urn:absent"] != nil
            {
                problem("firstIndex(\(local), namespaceURI: urn:absent) found one")
            }
        }
        for (written, passes) in tests {
            lookupsChecked += 1
            let expected = attributes.firstIndex { passes($0.name) }
            let index = tag.attributes.firstIndex(named: written)
            let value = tag.attributes[written]
            if index != expected || value != expected.map({ attributes[$0].value }) {
                problem(
                    "lookup \(written): index \(String(describing: index)), value \(String(describing: value)); "
                        + "want \(String(describing: expected))")
            }
        }
    }

    private struct Thrown: Error {}

    /// Every accessor of `text` against the owned string it stands for.
    private mutating func check(_ text: borrowing XMLText, against expected: String, what: String) {
        textsChecked += 1
        let bytes = Array(expected.utf8)
        if text.string != expected {
            problem("\(what) string \(text.string.debugDescription), want \(expected.debugDescription)")
        }
        if text.count != bytes.count || text.isEmpty != bytes.isEmpty {
            problem("\(what) count \(text.count) (empty: \(text.isEmpty)), want \(bytes.count)")
        }
        let spanBytes = text.withSpan { span in (0..<span.count).map { span[$0] } }
        let rawBytes = text.withUnsafeBytes { Array($0) }
        let subscripted = (0..<text.count).map { text[$0] }
        if spanBytes != bytes || rawBytes != bytes || subscripted != bytes {
            problem("\(what) bytes: span \(spanBytes), raw \(rawBytes), subscript \(subscripted); want \(bytes)")
        }
        let whitespace = bytes.allSatisfy { [0x20, 0x0A, 0x09, 0x0D].contains($0) }
        if text.isWhitespace != whitespace {
            problem("\(what) \(expected.debugDescription) isWhitespace \(text.isWhitespace)")
        }
        var others = [expected, "", expected + "x", "x" + expected]
        var prefixes = ["", expected, expected + "x", "x"]
        if !expected.isEmpty {
            others += [
                String(expected.dropLast()), String(expected.dropFirst()), String(expected.dropLast()) + "\u{FFFD}",
            ]
            prefixes += [
                String(expected.prefix(1)), String(expected.prefix(expected.count / 2)), String(expected.dropFirst()),
            ]
            prefixes += [String(expected.dropLast()) + "\u{FFFD}"]
        }
        for other in others where (text == other) != (Array(other.utf8) == bytes) {
            problem("\(what) \(expected.debugDescription) == \(other.debugDescription) is \(text == other)")
        }
        for prefix in prefixes where text.hasPrefix(prefix) != bytes.starts(with: prefix.utf8) {
            problem(
                "\(what) \(expected.debugDescription).hasPrefix(\(prefix.debugDescription)) is \(text.hasPrefix(prefix))"
            )
        }
        // The closures' results and errors come back through the accessors.
        if (try? text.withSpan { _ throws(Thrown) -> Int in throw Thrown() }) != nil {
            problem("withSpan lost an error")
        }
        if (try? text.withUnsafeBytes { _ throws(Thrown) -> Int in throw Thrown() }) != nil {
            problem("withUnsafeBytes lost an error")
        }
    }
}
