import Foundation
import Testing
import XMLEvents

/// Building documents in code: the event helpers and the writer's element methods, with the
/// namespaces declared as needed and everything escaped; what is written parses back to it.
@Suite("Writer: building documents")
struct WriterBuildingTests {
    @Test func eventHelpersMakeTheEventsTheyName() {
        #expect(
            XMLEvent.start("record", attributes: ["id": "7", "xml:lang": "en"])
                == .startElement(
                    name: XMLName(localName: "record"),
                    attributes: [
                        XMLAttribute(name: XMLName(localName: "id"), value: "7"),
                        XMLAttribute(
                            name: XMLName(
                                localName: "lang", prefix: "xml", namespaceURI: "http://www.w3.org/XML/1998/namespace"),
                            value: "en"),
                    ],
                    namespaces: []))
        #expect(
            XMLEvent.start("{urn:x}a")
                == .startElement(name: XMLName(localName: "a", namespaceURI: "urn:x"), attributes: [], namespaces: []))
        #expect(XMLEvent.end("p:a") == .endElement(name: XMLName(localName: "a", prefix: "p")))
        #expect(XMLEvent.end("{}a") == .endElement(name: XMLName(localName: "a")))
    }

    @Test func elementMethodsWriteNestedElements() async throws {
        var writer = XMLWriter()
        try writer.start("registry", attributes: ["updated": "2024-06-01"])
        for id in 1...2 {
            try writer.element("record", attributes: ["id": "\(id)"]) { writer in
                try writer.element("name", text: "Record <\(id)> & \"more\"")
                try writer.element("value", text: "\(Double(id) * 1.5)")
                try writer.element("empty", text: "")
            }
        }
        try writer.end()
        try writer.finish()
        let xml = writer.takeString()
        #expect(
            xml == #"<registry updated="2024-06-01"><record id="1"><name>Record &lt;1&gt; &amp; "more"</name>"#
                + #"<value>1.5</value><empty/></record><record id="2"><name>Record &lt;2&gt; &amp; "more"</name>"#
                + #"<value>3.0</value><empty/></record></registry>"#)
        let names = try await collect(XMLEvents(string: xml).elements(matching: "name")).map(\.text)
        #expect(names == ["Record <1> & \"more\"", "Record <2> & \"more\""])
    }

    @Test func anElementsContentMustLeaveItBalanced() throws {
        var writer = XMLWriter()
        try writer.start("root")
        #expect(
            throws: XMLWriterError(
                code: .mismatchedEndElement, message: "cannot write </a>: the innermost open element is <left-open>",
                event: .end("a"), openElements: ["root", "a", "left-open"].map { XMLName(localName: $0) },
                byteOffset: 19)
        ) {
            try writer.element("a") { writer in try writer.start("left-open") }
        }
        var closing = XMLWriter()
        try closing.start("root")
        #expect(throws: XMLWriterError.self) {
            try closing.element("a") { writer in try writer.end() }
        }
        // The content's own errors pass through.
        struct Stop: Error {}
        var stopping = XMLWriter()
        #expect(throws: Stop.self) { try stopping.element("a") { _ in throw Stop() } }
    }

    /// Names given by URI get the declarations they need: the default namespace for elements,
    /// a prefix for attributes, and nothing where the binding is in scope already.
    @Test func namespacesAreDeclaredAsNeeded() async throws {
        let atom = "http://www.w3.org/2005/Atom"
        let xlink = "http://www.w3.org/1999/xlink"
        var writer = XMLWriter()
        try writer.start("{\(atom)}feed")
        try writer.element("{\(atom)}title", text: "News")
        try writer.element("{\(atom)}link", attributes: ["{\(xlink)}href": "/a", "rel": "self"], text: "")
        try writer.element("{\(atom)}link", attributes: ["{\(xlink)}href": "/b"], text: "")
        try writer.element("plain", text: "no namespace")
        try writer.start("x:ext", namespaces: [XMLNamespaceDeclaration(prefix: "x", uri: "urn:ext")])
        try writer.element("x:inner", attributes: ["x:flag": "1"], text: "")
        try writer.end()
        try writer.end()
        try writer.finish()
        let xml = writer.takeString()
        #expect(
            xml == #"<feed xmlns="http://www.w3.org/2005/Atom"><title>News</title>"#
                + #"<link xmlns:ns1="http://www.w3.org/1999/xlink" ns1:href="/a" rel="self"/>"#
                + #"<link xmlns:ns2="http://www.w3.org/1999/xlink" ns2:href="/b"/>"#
                + #"<plain xmlns="">no namespace</plain><x:ext xmlns:x="urn:ext"><x:inner x:flag="1"/></x:ext></feed>"#)
        // Parsed again, every name is where it was written.
        let events = try await collect(XMLEvents(string: xml))
        let names = events.compactMap { event -> String? in
            guard case .startElement(let name, let attributes, _) = event else { return nil }
            return ([name] + attributes.map(\.name)).map(\.expandedName).joined(separator: " ")
        }
        #expect(
            names == [
                "{\(atom)}feed", "{\(atom)}title", "{\(atom)}link {\(xlink)}href rel", "{\(atom)}link {\(xlink)}href",
                "plain", "{urn:ext}ext", "{urn:ext}inner {urn:ext}flag",
            ])
    }

    /// A subtree written on its own declares the namespaces its names need, however deep the
    /// names that need them are; the writer's own output then parses to the same subtree.
    @Test func aSubtreeOfAParsedDocumentParsesOnItsOwn() async throws {
        let xml = """
            <r xmlns="urn:d" xmlns:a="urn:a"><s:sel xmlns:s="urn:s"><a:x a:k="1"><y xmlns="">t</y><s:z/></a:x></s:sel></r>
            """
        let selected = try #require(try await collect(XMLEvents(string: xml).elements(matching: "sel")).first)
        let written = try XMLWriter.string(for: selected)
        #expect(
            written == #"<s:sel xmlns:s="urn:s"><a:x xmlns:a="urn:a" a:k="1"><y xmlns="">t</y><s:z/></a:x></s:sel>"#)
        let reparsed = try await subtree(written)
        #expect(try XMLWriter.string(for: reparsed) == written)
        #expect(reparsed.childElements.first?.attributes == selected.childElements.first?.attributes)
        #expect(
            reparsed.childElements.first?.childElements.map(\.name)
                == selected.childElements.first?.childElements.map(\.name))
    }

    /// A transform that renames elements builds its events with the helpers; the writer checks
    /// the renamed ends against the renamed starts.
    @Test func renamingInATransform() async throws {
        let source = #"<list><item n="1">a</item><item n="2">b</item></list>"#
        let renamed = XMLEvents(string: source).map { event -> XMLEvent in
            switch event {
            case .startElement(let name, let attributes, let namespaces) where name.localName == "item":
                return .startElement(name: XMLName(localName: "entry"), attributes: attributes, namespaces: namespaces)
            case .endElement(let name) where name.localName == "item":
                return .end("entry")
            default:
                return event
            }
        }
        var output = Data()
        try await XMLWriter.write(renamed) { output.append($0) }
        #expect(
            String(decoding: output, as: UTF8.self) == #"<list><entry n="1">a</entry><entry n="2">b</entry></list>"#
                + "\n")
        // Renaming only the starts is caught at the first end.
        let broken = XMLEvents(string: source).map { event -> XMLEvent in
            if case .startElement(let name, _, _) = event, name.localName == "item" { return .start("entry") }
            return event
        }
        await #expect(throws: XMLWriterError.self) { try await XMLWriter.write(broken) { _ in } }
    }
}
