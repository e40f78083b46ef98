import Foundation
import Testing
import XMLEvents

/// The writer refuses, with a typed error and without writing anything, every event that would
/// make its output not well-formed.
@Suite("Writer: structure")
struct WriterStructureTests {
    /// Writes `events`, then returns the error `refused` throws, with what had been written.
    private func refusal(
        after events: [XMLEvent], _ refused: XMLEvent, writesFragments: Bool = false
    ) throws -> (error: XMLWriterError, written: String, writer: XMLWriter) {
        var writer = XMLWriter(writesFragments: writesFragments)
        for event in events { try writer.write(event) }
        let before = writer.bufferedByteCount
        do {
            try writer.write(refused)
        } catch {
            #expect(writer.bufferedByteCount == before, "a refused event wrote something")
            return (error, writer.takeString(), writer)
        }
        throw WriterTestFailure("\(refused) was written after \(events)")
    }

    @Test func anEndElementMustNameTheInnermostOpenElement() throws {
        let (error, written, _) = try refusal(after: [.start("root"), .start("a")], .end("b"))
        #expect(error.code == .mismatchedEndElement)
        #expect(error.message == "cannot write </b>: the innermost open element is <a>")
        #expect(error.openElements == [XMLName(localName: "root"), XMLName(localName: "a")])
        #expect(error.event == .end("b"))
        #expect(error.byteOffset == 8)
        #expect(written == "<root><a")
        #expect(error.description == "cannot write </b>: the innermost open element is <a> (in /root/a, at byte 8)")
        #expect(error.localizedDescription == error.description)
    }

    @Test func theSameSpellingInAnotherNamespaceDoesNotCloseAnElement() throws {
        let (error, _, _) = try refusal(after: [.start("{urn:x}a")], .end("a"))
        #expect(
            error.description
                == "cannot write </a>: the innermost open element is {urn:x}a, and the end tag names a (in /a, at byte 16)"
        )
        // The same name written three ways closes it: as given, by URI, by a prefix bound to it.
        var writer = XMLWriter()
        try writer.write(.start("p:a", namespaces: [XMLNamespaceDeclaration(prefix: "p", uri: "urn:x")]))
        try writer.write(.start("p:b"))
        try writer.write(.end("{urn:x}b"))
        try writer.write(.endElement(name: XMLName(localName: "a", prefix: "p", namespaceURI: "urn:x")))
        #expect(writer.takeString() == #"<p:a xmlns:p="urn:x"><p:b/></p:a>"#)
    }

    @Test func anEndElementNeedsAnOpenElement() throws {
        let (error, _, _) = try refusal(after: [], .end("a"))
        #expect(error.code == .noOpenElement)
        #expect(error.description == "cannot write </a>: no element is open (outside the root element, at byte 0)")
        var writer = XMLWriter(writesFragments: true)
        #expect(throws: XMLWriterError(code: .noOpenElement, message: "cannot write an end tag: no element is open")) {
            try writer.end()
        }
    }

    @Test func aDocumentHasOneRootElement() throws {
        let (error, written, _) = try refusal(after: [.start("a"), .end("a")], .start("b"))
        #expect(error.code == .secondRootElement)
        #expect(error.message.hasPrefix("cannot write <b>: a document has one root element"))
        #expect(written == "<a/>")
        #expect(error.description.contains("XMLWriter(writesFragments: true)"))
        // A subtree is refused the same way, and leaves nothing behind.
        var writer = XMLWriter()
        try writer.write(XMLSubtree(name: XMLName(localName: "a")))
        let second = XMLSubtree(name: XMLName(localName: "b"), children: [.text("x")])
        #expect(throws: XMLWriterError.self) { try writer.write(second) }
        #expect(writer.takeString() == "<a/>")
    }

    @Test func onlyWhiteSpaceCommentsAndInstructionsStandOutsideTheRoot() throws {
        var writer = XMLWriter()
        try writer.write(.startDocument(version: "1.0", encoding: nil, standalone: nil))
        try writer.write(.comment("before"))
        try writer.write(.text(" \n\t"))
        try writer.write(.start("a"))
        try writer.write(.end("a"))
        try writer.write(.processingInstruction(target: "after", data: ""))
        try writer.write(.endDocument)
        #expect(writer.takeString() == "<?xml version=\"1.0\"?>\n<!--before-->\n \n\t<a/><?after?>\n\n")
        for refused in [XMLEvent.text("x"), .cdata("")] {
            for events in [[], [XMLEvent.start("a"), .end("a")]] {
                let (error, _, _) = try refusal(after: events, refused)
                #expect(error.code == .textOutsideRootElement)
            }
        }
        let (error, _, _) = try refusal(after: [], .text("loose text"))
        #expect(
            error.description == "cannot write text \"loose text\": only white space, comments and processing "
                + "instructions may stand outside the root element (outside the root element, at byte 0)")
    }

    @Test func declarationsComeFirstOnceAndOnlyInDocuments() throws {
        let declaration = XMLEvent.startDocument(version: "1.0", encoding: "UTF-8", standalone: nil)
        let doctype = XMLEvent.doctype(name: "a", publicID: nil, systemID: nil)
        let misplaced: [([XMLEvent], XMLEvent, Bool)] = [
            ([.comment("c")], declaration, false),
            ([declaration], declaration, false),
            ([], declaration, true),
            ([doctype], doctype, false),
            ([.start("a"), .end("a")], doctype, false),
            ([.start("a")], doctype, false),
            ([], doctype, true),
        ]
        for (events, event, writesFragments) in misplaced {
            let (error, _, _) = try refusal(after: events, event, writesFragments: writesFragments)
            #expect(error.code == .misplacedDeclaration, "\(event) after \(events), fragments: \(writesFragments)")
        }
        let badVersion = try refusal(after: [], .startDocument(version: "2.0", encoding: nil, standalone: nil))
        #expect(badVersion.error.code == .invalidDeclaration)
        #expect(badVersion.error.message.hasSuffix(": the version must be 1. and digits"))
        let badPublicID = try refusal(after: [], .doctype(name: "a", publicID: "ü", systemID: nil))
        #expect(badPublicID.error.code == .invalidDeclaration)
        #expect(badPublicID.error.message.hasSuffix(": the public identifier holds a character it may not"))
        let quotes = try refusal(after: [], .doctype(name: "a", publicID: nil, systemID: "a\"b'c"))
        #expect(quotes.error.code == .invalidDeclaration)
        #expect(quotes.error.message.hasSuffix(": the system identifier holds both \" and '"))
        let badName = try refusal(after: [], .doctype(name: "a b", publicID: nil, systemID: nil))
        #expect(badName.error.code == .invalidName)
        #expect(badName.error.message.hasSuffix(": \"a b\" is not an XML name"))
    }

    @Test func theDocumentEndsOnceWithItsRootClosed() throws {
        let open = try refusal(after: [.start("a")], .endDocument)
        #expect(open.error.code == .unclosedElements)
        #expect(
            open.error.description
                == "cannot write end of document: the document ends while <a> is open (in /a, at byte 2)")
        let empty = try refusal(after: [.comment("only")], .endDocument)
        #expect(empty.error.code == .missingRootElement)
        let after = try refusal(after: [.start("a"), .end("a"), .endDocument], .comment("late"))
        #expect(after.error.code == .eventAfterEndDocument)
        var writer = XMLWriter()
        #expect(
            throws: XMLWriterError(
                code: .missingRootElement, message: "cannot write the document: a document needs a root element")
        ) { try writer.finish() }
        // Fragments may be empty, and end.
        var fragments = XMLWriter(writesFragments: true)
        try fragments.finish()
        try fragments.write(.endDocument)
        #expect(fragments.takeString().isEmpty)
    }

    @Test func fragmentsHoldSeveralElementsAndText() throws {
        var writer = XMLWriter(writesFragments: true)
        try writer.write(.text("lead "))
        try writer.element("a", text: "1")
        try writer.text("\n")
        try writer.write(XMLSubtree(name: XMLName(localName: "b")))
        try writer.write(.cdata("c"))
        #expect(writer.takeString() == "lead <a>1</a>\n<b/><![CDATA[c]]>")
        let (error, _, _) = try refusal(after: [.start("a")], .end("b"), writesFragments: true)
        #expect(error.code == .mismatchedEndElement)
        #expect(error.message == "cannot write </b>: the innermost open element is <a>")
    }

    @Test(arguments: ["a b", "1st", "", "-x", "a:b:c", ":a", "a:", "é\u{2}", "x\u{37E}"])
    func namesMustBeXMLNames(_ name: String) throws {
        let element = try refusal(after: [], .start(name))
        #expect(element.error.code == .invalidName, "\(element.error) for <\(name)>")
        let attribute = try refusal(after: [], .start("a", attributes: [name: "v"]))
        #expect(attribute.error.code == .invalidName, "\(attribute.error) for the attribute \(name)")
    }

    @Test func namesOfEveryScriptXMLAllowsAreWritten() throws {
        let names = ["café", "日本語", "_x", "a-b.c·d", "Ωmega", "x\u{300}", "\u{10000}z"]
        for name in names {
            #expect(try XMLWriter.string(for: [.start(name, attributes: [name: "v"])]) == "<\(name) \(name)=\"v\"/>")
        }
        let target = try refusal(after: [], .processingInstruction(target: "XmL", data: ""))
        #expect(target.error.code == .invalidName)
        #expect(target.error.message.hasSuffix(": \"XmL\" is not an XML name"))
    }

    @Test func prefixesMustBeBound() throws {
        let (error, _, _) = try refusal(after: [], .start("p:a"))
        #expect(error.code == .unboundPrefix)
        #expect(error.description.contains("the prefix 'p' is not bound to a namespace"))
        let attribute = try refusal(after: [.start("a")], .start("b", attributes: ["q:x": "1"]))
        #expect(attribute.error.code == .unboundPrefix)
        #expect(attribute.error.message.contains("the prefix 'q' is not bound"))
        // xml: is always bound.
        #expect(try XMLWriter.string(for: [.start("a", attributes: ["xml:lang": "en"])]) == #"<a xml:lang="en"/>"#)
    }

    @Test func anAttributeIsGivenOnce() throws {
        let same = try refusal(after: [], .start("a", attributes: ["x": "1", "x": "2"]))
        #expect(same.error.code == .duplicateAttribute)
        #expect(same.error.message.hasSuffix(": the start tag has the attribute x twice"))
        // The same local name and namespace under two prefixes is the same attribute.
        let declarations = [
            XMLNamespaceDeclaration(prefix: "p", uri: "urn:x"), XMLNamespaceDeclaration(prefix: "q", uri: "urn:x"),
        ]
        let aliased = try refusal(
            after: [], .start("a", attributes: ["p:x": "1", "q:x": "2"], namespaces: declarations))
        #expect(aliased.error.code == .duplicateAttribute, "\(aliased.error)")
        // Different namespaces are different attributes.
        #expect(
            try XMLWriter.string(for: [.start("a", attributes: ["x": "1", "{urn:x}x": "2"])])
                == #"<a xmlns:ns1="urn:x" x="1" ns1:x="2"/>"#)
        let declaration = try refusal(after: [], .start("a", attributes: ["xmlns:p": "urn:p"]))
        #expect(declaration.error.code == .invalidName)
        #expect(declaration.error.message.contains("\"xmlns:p\" is reserved"))
        #expect(declaration.error.description.contains("namespace declarations"))
    }

    @Test(arguments: [
        XMLNamespaceDeclaration(prefix: "xmlns", uri: "urn:x"),
        XMLNamespaceDeclaration(prefix: "xml", uri: "urn:x"),
        XMLNamespaceDeclaration(prefix: "p", uri: "http://www.w3.org/XML/1998/namespace"),
        XMLNamespaceDeclaration(prefix: nil, uri: "http://www.w3.org/XML/1998/namespace"),
        XMLNamespaceDeclaration(prefix: "p", uri: "http://www.w3.org/2000/xmlns/"),
        XMLNamespaceDeclaration(prefix: "p", uri: ""),
        XMLNamespaceDeclaration(prefix: "1p", uri: "urn:x"),
    ])
    func forbiddenNamespaceDeclarations(_ declaration: XMLNamespaceDeclaration) throws {
        let (error, _, _) = try refusal(after: [], .start("a", namespaces: [declaration]))
        #expect(error.code == .invalidNamespaceDeclaration)
        #expect(error.message.hasSuffix(": \(declaration) is not a namespace declaration XML allows"))
    }

    @Test func aPrefixIsDeclaredOncePerElement() throws {
        let twice = [
            XMLNamespaceDeclaration(prefix: "p", uri: "urn:1"), XMLNamespaceDeclaration(prefix: "p", uri: "urn:2"),
        ]
        let (error, _, _) = try refusal(after: [], .start("a", namespaces: twice))
        #expect(error.code == .invalidNamespaceDeclaration)
        #expect(error.message.hasSuffix(": \(twice[1]) is not a namespace declaration XML allows"))
    }

    @Test func anElementInNoNamespaceCannotDeclareADefault() throws {
        let declaration = XMLNamespaceDeclaration(prefix: nil, uri: "urn:d")
        let (error, _, _) = try refusal(after: [], .start("a", namespaces: [declaration]))
        #expect(error.code == .defaultNamespaceConflict)
        #expect(
            error.message.contains("<a> is in no namespace, but its start tag declares the default namespace \"urn:d\"")
        )
        // Named in that namespace, it can.
        #expect(try XMLWriter.string(for: [.start("{urn:d}a", namespaces: [declaration])]) == #"<a xmlns="urn:d"/>"#)
    }

    /// A refused name deep inside a subtree leaves nothing of the subtree written, and the
    /// writer goes on from where it was.
    @Test func aRefusedSubtreeIsNotWrittenAtAll() throws {
        var writer = XMLWriter()
        try writer.start("root")
        try writer.text("x")
        let bad = XMLSubtree(
            name: XMLName(localName: "ok"),
            children: [
                .element(
                    XMLSubtree(
                        name: XMLName(localName: "deep"),
                        children: [.element(XMLSubtree(name: XMLName(localName: "no good")))]))
            ])
        #expect(
            throws: XMLWriterError(
                code: .invalidName, message: "cannot write <no good>: \"no good\" is not an XML name",
                event: .start("no good"),
                openElements: [XMLName(localName: "root"), XMLName(localName: "ok"), XMLName(localName: "deep")],
                byteOffset: 16)
        ) {
            try writer.write(bad)
        }
        #expect(writer.depth == 1)
        try writer.element("fine", text: "")
        try writer.end()
        #expect(writer.takeString() == "<root>x<fine/></root>")
        #expect(bad.description.hasPrefix("<!-- cannot write <no good>"))
    }

    /// A character XML cannot carry is refused wherever it is, comments and CDATA sections
    /// included, rather than replaced: nothing is written, and the writer goes on.
    @Test func charactersXMLCannotCarryAreRefused() throws {
        let refused: [(XMLEvent, Unicode.Scalar)] = [
            (.start("a", attributes: ["v": "x\u{1}"]), "\u{1}"),
            (.start("a", attributes: ["v": "x\u{FFFE}"]), "\u{FFFE}"),
            (.text("t\u{0}"), "\u{0}"),
            (.text("t\u{FFFF}"), "\u{FFFF}"),
            (.comment("c\u{1F}"), "\u{1F}"),
            (.cdata("d\u{8}"), "\u{8}"),
            (.processingInstruction(target: "p", data: "e\u{B}"), "\u{B}"),
        ]
        for (event, scalar) in refused {
            let (error, written, writer) = try refusal(after: [.start("r")], event)
            #expect(error.code == .unrepresentableCharacter, "\(event)")
            #expect(error.message.contains(String(format: "U+%04X is not a character", scalar.value)), "\(error)")
            #expect(written == "<r")
            var going = writer
            try going.write(.text("\u{FFFD}"))
            try going.finish()
            #expect(going.takeString() == ">\u{FFFD}</r>")
        }
    }
}

struct WriterTestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
