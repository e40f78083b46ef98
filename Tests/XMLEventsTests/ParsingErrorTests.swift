import Foundation
import Testing
import XMLEvents

/// Guarantee 3: malformed input throws a typed error, after every event before the error point.
@Suite struct ParsingErrorTests {
    @Test func mismatchedTagReportsWhereAndWhat() async throws {
        let outcome = await parse("<a>\n  <b>text</c>\n</a>")
        let error = try #require(outcome.error)
        #expect(error.code == .tagNameMismatch)
        #expect(error.message.contains("b") && error.message.contains("c"))
        #expect(error.line == 2)
        #expect(error.column > 1)
        #expect(error.byteOffset > 6 && error.byteOffset <= 18)
        #expect(outcome.events.count == 5)
        #expect(outcome.events.last == .text("text"))
        #expect(error.description.hasPrefix("2:"))
    }

    @Test func eventsBeforeTheErrorAreDelivered() async throws {
        let outcome = await parse("<r><ok/><ok/>text & more</r>")
        let error = try #require(outcome.error)
        #expect(outcome.events.filter { if case .startElement = $0 { return true } else { return false } }.count == 3)
        #expect(outcome.events.last == .text("text "))
        // libxml2 reports the bad reference once it has read the '&' and the space after it.
        #expect(error.line == 1 && error.column == 20 && error.byteOffset == 19)
    }

    @Test func everyTruncationIsAnError() async {
        let document = Data(
            "<?xml version='1.0'?><!DOCTYPE r [<!ENTITY e 'x'>]><r a='1'><b>t&e;</b><![CDATA[c]]><!--c--></r>".utf8)
        for length in 0..<document.count {
            let outcome = await parse(document.prefix(length))
            #expect(outcome.error != nil, "prefix of \(length) bytes ended silently")
            #expect(outcome.events.last != .endDocument)
        }
        #expect(await parse(document).error == nil)
    }

    @Test func truncatedDocumentSaysWhatIsMissing() async throws {
        let error = try #require(await parse("<a><b>text").error)
        #expect(error.code == .truncated)
        #expect(error.message.contains("ended early"))
        #expect(error.message.contains("2 elements"))
    }

    @Test func emptyInputIsAnError() async throws {
        #expect(try #require(await parse("").error).code == .documentEmpty)
        #expect(try #require(await parse("  \n ").error).code == .documentEmpty)
    }

    /// libxml2's code and where it reports each error: at the offending byte, or where the
    /// construct it belongs to ends (a start tag's attributes are checked once all are read, a
    /// reference once its `;` is, an encoding name once its closing quote is).
    @Test(arguments: [
        // Two roots, text after the root: XML_ERR_DOCUMENT_END at the extra content.
        ("<a/><b/>", XMLParsingError.Code.extraContent, 4, 3),
        ("<a/>text", .extraContent, 4, 3),
        // A duplicate attribute (XML_ERR_ATTRIBUTE_REDEFINED), at the tag's `/>`.
        ("<a x='1' x='2'/>", XMLParsingError.Code(rawValue: 42), 14, 1),
        // An unbound prefix (XML_NS_ERR_UNDEFINED_NAMESPACE), at the tag's `/>`.
        ("<x:a/>", XMLParsingError.Code(rawValue: 201), 4, 1),
        // An undeclared entity, just after its reference.
        ("<a>&undefined;</a>", .undeclaredEntity, 14, 2),
        // NUL, at the NUL.
        ("<a>\u{0}</a>", .invalidCharacter, 3, 2),
        // An unquoted attribute value (XML_ERR_ATTRIBUTE_NOT_STARTED), at its first character.
        ("<a b=c/>", XMLParsingError.Code(rawValue: 39), 5, 1),
        // An unknown encoding, just after its name's closing quote: nothing was reported.
        ("<?xml version='1.0' encoding='no-such-encoding'?><a/>", .unsupportedEncoding, 47, 0),
    ])
    func structuralErrors(document: String, code: XMLParsingError.Code, byteOffset: Int, eventsBefore: Int)
        async throws
    {
        for options in [XMLParsingOptions.default, .huge] {
            let outcome = await parse(document, options: options)
            let error = try #require(outcome.error, "accepted: \(document)")
            #expect(error.code == code, "\(document): \(error)")
            // One line of ASCII: the column is the byte offset plus one.
            #expect(
                (error.line, error.column, error.byteOffset) == (1, byteOffset + 1, byteOffset), "\(document): \(error)"
            )
            #expect(outcome.events.count == eventsBefore, "\(document): \(outcome)")
        }
    }

    @Test func invalidUTF8IsAnError() async throws {
        var bytes = Data("<a>ok ".utf8)
        bytes.append(contentsOf: [0xC3, 0x28])
        bytes.append(contentsOf: Data(" more</a>".utf8))
        let error = try #require(await parse(bytes).error)
        #expect(error.line == 1)
        #expect(error.byteOffset >= 6)
    }

    @Test func iterationEndsAfterTheError() async throws {
        var iterator = XMLEvents(string: "<a></b>").makeAsyncIterator()
        var thrown: (any Error)?
        do {
            while try await iterator.next() != nil {}
        } catch {
            thrown = error
        }
        #expect(thrown is XMLParsingError)
        #expect(try await iterator.next() == nil)
    }

    /// How an input that is not a complete document ends is told apart: nothing at all, no
    /// markup, cut short, or more after the root.
    @Test(arguments: [
        ("", XMLParsingError.Code.documentEmpty, "the document is empty"),
        (" \n\t ", .documentEmpty, "the document is empty"),
        ("{\"a\": 1}", .startTagExpected, "found '{' (it looks like JSON, not XML)"),
        ("hello", .startTagExpected, "found 'h'"),
        ("<r>", .truncated, "before its first tag was complete"),
        ("<!-- c -->", .truncated, "before its root element"),
        ("<a><b>text", .truncated, "inside <b>: 2 elements are not closed"),
        ("<a/>x", .extraContent, "content after the end of the root element"),
        ("<a/><b/>", .extraContent, "content after the end of the root element"),
    ])
    func incompleteInputsAreToldApart(document: String, code: XMLParsingError.Code, message: String) async throws {
        let error = try #require(await parse(document).error, "\(document)")
        #expect(error.code == code, "\(document): \(error)")
        #expect(error.message.contains(message), "\(document): \(error.message)")
    }

    /// The mistakes of real documents get a code with a name (and a description that says it),
    /// not `libxml2 error N`: each document here makes libxml2 report the code beside it.
    @Test(arguments: [
        ("<a>&#xZZ;</a>", XMLParsingError.Code.invalidHexCharacterReference),
        ("<a>&#12a;</a>", .invalidDecimalCharacterReference),
        ("<a href=\"?a=1&b=2\"/>", .entityReferenceWithoutSemicolon),
        ("<a b=\"x<y\"/>", .lessThanInAttributeValue),
        ("<a b=1/>", .attributeValueNotQuoted),
        ("<input checked/>", .attributeWithoutValue),
        ("<a b=\"1\" b=\"2\"/>", .duplicateAttribute),
        ("<a>x ]]> y</a>", .misplacedCDATAEnd),
        ("<a><?xml version=\"1.0\"?></a>", .reservedXMLName),
        ("<a b=\"1\"c=\"2\"/>", .spaceRequired),
        ("<a>< b/></a>", .nameRequired),
        ("<?xml version\"1.0\"?><a/>", .equalSignRequired),
        ("<a><!-- x -- y --></a>", .doubleHyphenInComment),
        ("<atom:link href=\"x\"/>", .undefinedNamespacePrefix),
        ("<a:b:c xmlns:a=\"urn:a\"/>", .invalidQualifiedName),
        ("<a xmlns:p=\"urn:x\" xmlns:q=\"urn:x\" p:b=\"1\" q:b=\"2\"/>", .duplicateNamespacedAttribute),
        ("<a>x</a b>", .greaterThanRequired),
    ])
    func commonMistakesHaveNamedCodes(document: String, code: XMLParsingError.Code) async throws {
        let error = try #require(await parse(document).error, "\(document)")
        #expect(error.code == code, "\(document): \(error.code) \(error.message)")
        let name = try #require(code.name, "\(code.rawValue)")
        #expect(code.description == "\(name) (\(code.rawValue))")
    }

    @Test func codesPrintTheirNames() {
        #expect(XMLParsingError.Code.tagNameMismatch.description == "tagNameMismatch (76)")
        #expect(XMLParsingError.Code.truncated.description == "truncated (100010)")
        #expect(XMLParsingError.Code(rawValue: 53).description == "libxml2 error 53")
        #expect("\(XMLParsingError.Code.nodeLengthLimitExceeded)" == "nodeLengthLimitExceeded (100004)")
        #expect(
            XMLParsingError.Code.attributeDefaultsLimitExceeded.description == "attributeDefaultsLimitExceeded (100012)"
        )
        #expect(XMLParsingError.Code.truncated.name == "truncated")
        #expect(XMLParsingError.Code(rawValue: 53).name == nil)
    }
}
