import Foundation
import Testing
import XMLEvents

@Suite("Composition: writer")
struct CompositionWriterTests {
    private func name(_ local: String, _ prefix: String? = nil, _ uri: String? = nil) -> XMLName {
        XMLName(localName: local, prefix: prefix, namespaceURI: uri)
    }

    @Test func escapesTextAndAttributeValues() throws {
        let events: [XMLEvent] = [
            .startElement(
                name: name("a"),
                attributes: [XMLAttribute(name: name("v"), value: "<&>\"'\t\n\r")],
                namespaces: []),
            .text("1 < 2 && 3 > 2 ]]> \"q\" 'a'\t\n\r"),
            .endElement(name: name("a")),
        ]
        #expect(
            try XMLWriter.string(for: events)
                == "<a v=\"&lt;&amp;&gt;&quot;'&#9;&#10;&#13;\">1 &lt; 2 &amp;&amp; 3 &gt; 2 ]]&gt; \"q\" 'a'\t\n&#13;</a>"
        )
    }

    @Test func writesEmptyElementsAsEmptyElementTags() throws {
        let events: [XMLEvent] = [
            .startElement(name: name("a"), attributes: [], namespaces: []),
            .startElement(name: name("b"), attributes: [XMLAttribute(name: name("k"), value: "")], namespaces: []),
            .endElement(name: name("b")),
            .startElement(name: name("c"), attributes: [], namespaces: []),
            .text(""),
            .endElement(name: name("c")),
            .endElement(name: name("a")),
        ]
        #expect(try XMLWriter.string(for: events) == "<a><b k=\"\"/><c></c></a>")
    }

    @Test func declaresTheNamespacesASubtreeNeeds() async throws {
        let xml = """
            <root xmlns="urn:default" xmlns:p="urn:p" xmlns:q="urn:q"><p:item q:attr="1" plain="2">\
            <inner/><p:inner/></p:item></root>
            """
        let item = try #require(try await collect(XMLEvents(string: xml).elements(matching: "item")).first)
        #expect(
            item.description
                == "<p:item xmlns:p=\"urn:p\" xmlns:q=\"urn:q\" q:attr=\"1\" plain=\"2\">"
                + "<inner xmlns=\"urn:default\"/><p:inner/></p:item>")
        // The text parses on its own, to the same names, attributes and content; the declarations
        // now sit on the subtree itself.
        let reparsed = try await subtree(item.description)
        #expect(reparsed.name == item.name)
        #expect(reparsed.attributes == item.attributes)
        #expect(reparsed.childElements.map(\.name) == item.childElements.map(\.name))
        #expect(reparsed.description == item.description)
    }

    @Test func undeclaresTheDefaultNamespaceForNamesWithoutOne() {
        let tree = XMLSubtree(
            name: name("a", nil, "urn:a"),
            children: [.element(XMLSubtree(name: name("b"), children: [.text("t")]))])
        #expect(tree.description == "<a xmlns=\"urn:a\"><b xmlns=\"\">t</b></a>")
    }

    @Test func generatesPrefixesWhenNamesCannotUseTheirOwn() {
        let tree = XMLSubtree(
            name: name("a", "p", "urn:one"),
            attributes: [
                XMLAttribute(name: name("x", "p", "urn:two"), value: "1"),
                XMLAttribute(name: name("y", nil, "urn:three"), value: "2"),
                XMLAttribute(name: name("lang", "xml", "http://www.w3.org/XML/1998/namespace"), value: "en"),
            ])
        #expect(
            tree.description
                == "<p:a xmlns:p=\"urn:one\" xmlns:ns1=\"urn:two\" xmlns:ns2=\"urn:three\" ns1:x=\"1\" ns2:y=\"2\" "
                + "xml:lang=\"en\"/>")
    }

    @Test func keepsMarkupOtherThanElementsWellFormed() throws {
        let events: [XMLEvent] = [
            .startDocument(version: "1.0", encoding: "ISO-8859-1", standalone: true),
            .doctype(name: "a", publicID: "-//P//EN", systemID: "a \"b\".dtd"),
            .comment("x - y"),
            .startElement(name: name("a"), attributes: [], namespaces: []),
            .cdata("keep ]]> this"),
            .processingInstruction(target: "pi", data: "a ? > b"),
            .processingInstruction(target: "empty", data: ""),
            .endElement(name: name("a")),
            .endDocument,
        ]
        #expect(
            try XMLWriter.string(for: events) == """
                <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
                <!DOCTYPE a PUBLIC "-//P//EN" 'a "b".dtd'>
                <!--x - y-->
                <a><![CDATA[keep ]]]]><![CDATA[> this]]><?pi a ? > b?><?empty?></a>

                """)
        // Without a version there was no declaration, and none is written.
        #expect(
            try XMLWriter.string(for: [.startDocument(version: nil, encoding: nil, standalone: nil), .start("a")])
                == "<a/>")
    }

    @Test func closesOpenElementsAndStreamsInPieces() throws {
        var writer = XMLWriter()
        try writer.write(.startElement(name: name("a"), attributes: [], namespaces: []))
        try writer.write(.startElement(name: name("b"), attributes: [], namespaces: []))
        var output = writer.takeString()
        #expect(output == "<a><b")
        #expect(writer.depth == 2)
        #expect(writer.bufferedByteCount == 0)
        try writer.write(.text("t"))
        try writer.finish()
        output += writer.takeString()
        #expect(output == "<a><b>t</b></a>")
        // The root has ended: a stray end element is refused, and nothing is written.
        #expect(throws: XMLWriterError.self) { try writer.write(.endElement(name: name("stray"))) }
        #expect(writer.takeString().isEmpty)
    }

    static let document = """
        <?xml version="1.0" encoding="UTF-8" standalone="no"?>
        <!DOCTYPE doc [
          <!ENTITY e "entity &amp; text">
          <!ATTLIST item kind CDATA "default">
        ]>
        <!-- before -->
        <?style sheet?>
        <doc xmlns="urn:d" xmlns:x="urn:x" x:a="1 &lt; 2" b="tab&#9;nl&#10;cr&#13;quote&quot;">
          <item>&e; and &#x263A; &lt;&gt;&amp; "quotes" 'apos'</item>
          <x:item x:c="v"><![CDATA[<cdata> & ]]]]><![CDATA[> more]]></x:item>
          <empty/><emptier></emptier>
          <mixed>a<b>b</b>c<!-- c --><?p d?>e</mixed>
          <reset xmlns=""><deep xmlns:y="urn:y"><y:z y:w="w">line1
        line2&#13;</y:z></deep></reset>
        </doc>
        <!-- after -->
        """

    @Test(arguments: [false, true])
    func roundTripsEvents(reportsCDATA: Bool) async throws {
        let options = XMLParsingOptions(reportsCDATA: reportsCDATA)
        let original = try await collect(XMLEvents(string: Self.document, options: options))
        let written = try XMLWriter.string(for: original)
        let reparsed = try await collect(XMLEvents(string: written, options: options))
        #expect(reparsed == original, "\(written)")
    }

    @Test func roundTripsSelectedSubtrees() async throws {
        let items = try await collect(XMLEvents(string: Self.document).elements(matching: "*"))
        let root = try #require(items.first)
        let reparsed = try await subtree(root.description)
        #expect(reparsed == root)
    }
}
