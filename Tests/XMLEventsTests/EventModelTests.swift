import Foundation
import Testing
import XMLEvents

/// What each event carries: names, namespaces, attributes in order, the prolog.
@Suite struct EventModelTests {
    @Test func prologEvents() async {
        let outcome = await parse(
            """
            <?xml version="1.0" encoding="UTF-8" standalone="no"?>
            <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">
            <html/>
            """)
        #expect(outcome.error == nil)
        #expect(outcome.events.first == .startDocument(version: "1.0", encoding: "UTF-8", standalone: false))
        #expect(
            outcome.events[1]
                == .doctype(
                    name: "html", publicID: "-//W3C//DTD XHTML 1.0 Strict//EN",
                    systemID: "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd"))
        #expect(outcome.events.last == .endDocument)
    }

    @Test func documentWithoutDeclarationReportsNoVersion() async {
        let outcome = await parse("<a/>")
        #expect(
            outcome.events == [
                .startDocument(version: nil, encoding: nil, standalone: nil),
                .startElement(name: XMLName(localName: "a"), attributes: [], namespaces: []),
                .endElement(name: XMLName(localName: "a")),
                .endDocument,
            ])
    }

    @Test func namesAttributesAndNamespaces() async throws {
        let outcome = await parse(
            "<a:b xmlns:a='urn:x' xmlns='urn:d' xml:lang='en' z='1' a:y='2' m='3'><c a:k='v'/></a:b>")
        #expect(outcome.error == nil)
        guard case .startElement(let name, let attributes, let namespaces) = outcome.events[1] else {
            Issue.record("expected a start element, got \(outcome.events[1])")
            return
        }
        #expect(name == XMLName(localName: "b", prefix: "a", namespaceURI: "urn:x"))
        #expect(name.qualifiedName == "a:b")
        #expect(name.expandedName == "{urn:x}b")
        #expect(
            namespaces == [
                XMLNamespaceDeclaration(prefix: "a", uri: "urn:x"), XMLNamespaceDeclaration(prefix: nil, uri: "urn:d"),
            ])
        #expect(attributes.map(\.name.qualifiedName) == ["xml:lang", "z", "a:y", "m"])
        #expect(attributes[0].name.namespaceURI == "http://www.w3.org/XML/1998/namespace")
        #expect(attributes[1].name.namespaceURI == nil)
        #expect(attributes[2].name.namespaceURI == "urn:x")
        #expect(attributes.map(\.value) == ["en", "1", "2", "3"])
        guard case .startElement(let child, let childAttributes, _) = outcome.events[2] else {
            Issue.record("expected the child")
            return
        }
        #expect(child == XMLName(localName: "c", namespaceURI: "urn:d"))
        #expect(
            childAttributes == [
                XMLAttribute(name: XMLName(localName: "k", prefix: "a", namespaceURI: "urn:x"), value: "v")
            ])
        #expect(outcome.events[3] == .endElement(name: child))
        #expect(outcome.events[4] == .endElement(name: name))
    }

    @Test func attributeValuesAreNormalizedAndDefaulted() async {
        let outcome = await parse(
            "<!DOCTYPE a [<!ATTLIST a d CDATA 'default' t NMTOKENS #IMPLIED>]><a x='1&#10;2\n3\t4' t='  p   q  '/>")
        guard case .startElement(_, let attributes, _) = outcome.events[2] else {
            Issue.record("expected a start element, got \(outcome.events)")
            return
        }
        #expect(attributes.map(\.name.localName) == ["x", "t", "d"])
        #expect(attributes.map(\.value) == ["1\n2 3 4", "p q", "default"])
    }

    @Test func commentsAndProcessingInstructionsInTheProlog() async {
        let outcome = await parse("<?xml version='1.0'?><!-- c --><?style href='x'?><a/><!--after-->")
        #expect(outcome.events[1] == .comment(" c "))
        #expect(outcome.events[2] == .processingInstruction(target: "style", data: "href='x'"))
        #expect(outcome.events[5] == .comment("after"))
    }

    @Test func declarationsInsideTheDTDAreNotContent() async {
        let outcome = await parse("<!DOCTYPE a [<!-- in dtd --><?pi in dtd?><!ELEMENT a ANY>]><a/>")
        #expect(outcome.events.count == 5)
    }

    @Test func descriptionsAreReadable() {
        let name = XMLName(localName: "b", prefix: "a", namespaceURI: "urn:x")
        let start = XMLEvent.startElement(
            name: name,
            attributes: [XMLAttribute(name: XMLName(localName: "id"), value: "7")],
            namespaces: [XMLNamespaceDeclaration(prefix: "a", uri: "urn:x")])
        #expect(start.description == "<a:b xmlns:a=\"urn:x\" id=\"7\">")
        #expect(XMLEvent.endElement(name: name).description == "</a:b>")
        #expect(XMLEvent.text("a\nb").description == "text \"a\\nb\"")
        #expect(XMLEvent.comment(" c ").description == "<!-- c -->")
        #expect(XMLEvent.processingInstruction(target: "t", data: "").description == "<?t?>")
        #expect(
            XMLEvent.startDocument(version: "1.0", encoding: nil, standalone: true).description
                == "<?xml version=\"1.0\" standalone=\"yes\"?>")
        #expect(
            XMLEvent.doctype(name: "r", publicID: nil, systemID: "r.dtd").description == "<!DOCTYPE r SYSTEM \"r.dtd\">"
        )
        #expect(XMLEvent.endDocument.description == "end of document")
    }
}
