import Foundation
import Testing
import XMLEvents

/// The package words libxml2's reports: one sentence in lower case, with a named code, and none
/// of libxml2's own texts (its function names, `indicate encoding !`, a second line quoting the
/// document).
@Suite struct ParsingErrorWordingTests {
    /// A document for each code that libxml2 reports with the W3C XML Conformance Test Suite or
    /// the package's test corpora, and for each of its wordings, with the message it gets.
    @Test(
        arguments: [
            (
                "<r><![CDATA [x]]></r>", .unrecognizedMarkup,
                "content that is neither text, a reference, an element, a comment, a CDATA section ('<![CDATA[') nor a processing instruction"
            ),
            (
                "<!DOCTYPE r [<![INCLUDE[ ]]>]><r/>", .unrecognizedMarkup,
                "a markup declaration that is not well-formed or not allowed in the internal subset"
            ),
            (
                "", .documentEmpty,
                "the document is empty"
            ),
            (
                "<r/><r/>", .extraContent,
                "content after the end of the root element: a document has one root element"
            ),
            (
                "<r>&#xZZ;</r>", .invalidHexCharacterReference,
                "a malformed character reference: '&#x' must be followed by hexadecimal digits and ';'"
            ),
            (
                "<r>&#12a;</r>", .invalidDecimalCharacterReference,
                "a malformed character reference: '&#' must be followed by decimal digits and ';'"
            ),
            (
                "<r>\u{1}</r>", .invalidCharacter,
                "the character U+0001 is not allowed in XML text"
            ),
            (
                "<r><!--\u{1}--></r>", .invalidCharacter,
                "the character U+0001 is not allowed in XML (here in a comment)"
            ),
            (
                "<r>&#1;</r>", .invalidCharacter,
                "a character reference names U+0001, which is not allowed in XML"
            ),
            (
                "<r>&#x110000;</r>", .invalidCharacter,
                "a character reference names a code point beyond U+10FFFF"
            ),
            (
                "<r a='\u{1}'/>", .invalidCharacter,
                "an attribute value holds a character that is not allowed in XML"
            ),
            (
                "<r>&amp</r>", .entityReferenceWithoutSemicolon,
                "an entity reference is not closed by ';' (a '&' that starts no reference is written '&amp;')"
            ),
            (
                "<!DOCTYPE r [% ]><r/>", .parameterEntityReferenceWithoutName,
                "'%' is not followed by a parameter entity's name"
            ),
            (
                "<!DOCTYPE r [%e ]><r/>", .parameterEntityReferenceWithoutSemicolon,
                "a parameter entity reference is not closed by ';'"
            ),
            (
                "<r>&e;</r>", .undeclaredEntity,
                "the entity 'e' is referenced but not declared"
            ),
            (
                "<!DOCTYPE r [<!ENTITY % p 'x'> %q;]><r/>", .undeclaredEntity,
                "the parameter entity 'q' is referenced but not declared"
            ),
            (
                "<!DOCTYPE r [<!NOTATION n SYSTEM 'n'><!ENTITY e SYSTEM 'e' NDATA n>]><r>&e;</r>",
                .unparsedEntityReference,
                "the entity 'e' is unparsed (declared with NDATA) and cannot be referenced"
            ),
            (
                "<!DOCTYPE r [<!ENTITY e SYSTEM 'e.xml'>]><r a='&e;'/>", .externalEntityInAttributeValue,
                "an attribute value references the external entity 'e', which attribute values may not"
            ),
            (
                "<?xml version='1.0' encoding='x-no-such'?><r/>", .unsupportedEncoding,
                "the document declares encoding 'x-no-such', which is not supported"
            ),
            (
                "<?xml version=1.0?><r/>", .declarationValueNotQuoted,
                "a value in the XML declaration must be quoted with \" or '"
            ),
            (
                "<?xml version='1.0?><r/>", .declarationValueNotFinished,
                "a value in the XML declaration is not closed by its quote"
            ),
            (
                "<!DOCTYPE r [<!ENTITY e 'x'<!ELEMENT r ANY>]><r/>", .entityDeclarationNotFinished,
                "the declaration of the entity 'e' is not closed by '>'"
            ),
            (
                "<r a='<'/>", .lessThanInAttributeValue,
                "an attribute value holds '<', which must be written '&lt;'"
            ),
            (
                "<r a=b/>", .attributeValueNotQuoted,
                "an attribute value must be quoted with \" or '"
            ),
            (
                "<r a/>", .attributeWithoutValue,
                "the attribute 'a' has no value: an attribute is written name=\"value\""
            ),
            (
                "<r a='1' a='2'/>", .duplicateAttribute,
                "the attribute 'a' appears twice in one start tag"
            ),
            (
                "<!DOCTYPE r SYSTEM x><r/>", .externalIdentifierNotQuoted,
                "a system or public identifier must be quoted with \" or '"
            ),
            (
                "<!DOCTYPE r PUBLIC '[' 'x'><r/>", .externalIdentifierNotFinished,
                "a system or public identifier is not closed by its quote, or a public identifier holds a character it may not"
            ),
            (
                "<r><!-- x</r>", .truncated,
                "the document ended early inside <r>: 1 element is not closed (a comment is not closed by '-->')"
            ),
            (
                "<r><? x?></r>", .processingInstructionWithoutTarget,
                "'<?' is not followed by a processing instruction's target"
            ),
            (
                "<r><?pi x</r>", .truncated,
                "the document ended early inside <r>: 1 element is not closed (the processing instruction 'pi' is not closed by '?>', or holds a character XML does not allow)"
            ),
            (
                "<!DOCTYPE r [<!ATTLIST r a NOTATION ( )>]><r/>", .nameRequired,
                "a notation's name is expected here"
            ),
            (
                "<!DOCTYPE r [<!NOTATION n SYSTEM 'x'<!ELEMENT r ANY>]><r/>", .notationNotFinished,
                "a notation declaration or notation type is not closed ('>' or ')' expected)"
            ),
            (
                "<!DOCTYPE r [<!ATTLIST r a cdata #IMPLIED>]><r/>", .attributeTypeRequired,
                "an attribute's type must be CDATA, ID, IDREF, IDREFS, ENTITY, ENTITIES, NMTOKEN, NMTOKENS, NOTATION, or an enumeration in parentheses"
            ),
            (
                "<!DOCTYPE r [<!ATTLIST r a (x|y #IMPLIED>]><r/>", .enumerationNotFinished,
                "an enumeration of attribute values is not closed by ')'"
            ),
            (
                "<!DOCTYPE r [<!ELEMENT r (#PCDATA|a)>]><r/>", .malformedMixedContent,
                "a mixed content model expects '|' or ')*' here"
            ),
            (
                "<!DOCTYPE r [<!ELEMENT r (a,)>]><r/>", .contentModelRequired,
                "a content model expects a name or '(' here"
            ),
            (
                "<!DOCTYPE r [<!ELEMENT r EMPTI>]><r/>", .contentModelRequired,
                "an element declaration's content must be EMPTY, ANY, or a content model in parentheses"
            ),
            (
                "<!DOCTYPE r [<!ELEMENT r (a b)>]><r/>", .contentModelNotFinished,
                "a content model expects ',', '|' or ')' here"
            ),
            (
                "<?xml version='1.0' ?x><r/>", .truncated,
                "the document ended before its first tag was complete (the XML declaration is not closed by '?>')"
            ),
            (
                "<!DOCTYPE r [<!ELEMENT r ANY>] <r/>", .truncated,
                "the document ended before its root element"
            ),
            (
                "<r>]]></r>", .misplacedCDATAEnd,
                "']]>' is not allowed in text (it is written ']]&gt;')"
            ),
            (
                "<!DOCTYPE r [<!ENTITY e '&#60;![CDATA['>]><r>&e;]]></r>", .cdataNotFinished,
                "a CDATA section is not closed by ']]>'"
            ),
            (
                " <?xml version='1.0'?><r/>", .reservedXMLName,
                "the XML declaration ('<?xml …?>') is allowed only at the very start of the document"
            ),
            (
                "<r><?XmL x?></r>", .reservedXMLName,
                "a processing instruction's target may not be 'xml' in any case: the name is reserved"
            ),
            (
                "<r a='1'b='2'/>", .spaceRequired,
                "attributes must be separated by white space"
            ),
            (
                "<!DOCTYPE r [<!ENTITY% e 'x'>]><r/>", .spaceRequired,
                "white space is required after '<!ENTITY'"
            ),
            (
                "<?xml version='1.0'encoding='UTF-8'?><r/>", .spaceRequired,
                "white space is required here"
            ),
            (
                "<!DOCTYPE r [<!ELEMENT r (a,b|c)>]><r/>", .separatorRequired,
                "a content model expects ',' here: one group uses ',' or '|', not both"
            ),
            (
                "<!DOCTYPE r [<!ATTLIST r a (|x) #IMPLIED>]><r/>", .nameTokenRequired,
                "an enumeration of attribute values expects a name token here"
            ),
            (
                "<r><1/></r>", .nameRequired,
                "'<' is not followed by an element's name (a '<' in text is written '&lt;')"
            ),
            (
                "<r 1='x'/>", .nameRequired,
                "an attribute's name is expected here"
            ),
            (
                "<r>& x</r>", .nameRequired,
                "'&' is not followed by an entity's name (a '&' in text is written '&amp;')"
            ),
            (
                "<!DOCTYPE><r/>", .nameRequired,
                "the document type declaration has no name"
            ),
            (
                "<!DOCTYPE r [<!ATTLIST>]><r/>", .spaceRequired,
                "white space is required after '<!ATTLIST'"
            ),
            (
                "<!DOCTYPE r [<!ELEMENT>]><r/>", .spaceRequired,
                "white space is required after 'ELEMENT'"
            ),
            (
                "<!DOCTYPE r [<!ELEMENT r (#PCDATA|)*>]><r/>", .nameRequired,
                "a mixed content model expects an element's name here"
            ),
            (
                "<!DOCTYPE r [<!NOTATION>]><r/>", .spaceRequired,
                "white space is required after '<!NOTATION'"
            ),
            (
                "<r a='1'></r b>", .greaterThanRequired,
                "'>' expected here"
            ),
            (
                "<r></s>", .tagNameMismatch,
                "the end tag </s> does not match the start tag <r> on line 1"
            ),
            (
                "<!DOCTYPE r [<!ENTITY e '&#60;foo>'>]><r>&e;</r>", .elementNotFinished,
                "the element <foo>, opened on line 1, is not closed in the entity or document it starts in"
            ),
            (
                "<?xml version='1.0' standalone='maybe'?><r/>", .invalidStandaloneValue,
                "standalone must be 'yes' or 'no'"
            ),
            (
                "<?xml version='1.0' encoding='8bit'?><r/>", .invalidEncodingName,
                "the encoding's name in the XML declaration is not valid: a letter, then letters, digits, '.', '_' or '-'"
            ),
            (
                "<r><!-- a -- b --></r>", .doubleHyphenInComment,
                "a comment holds '--', which comments may not"
            ),
            (
                "<?xml version='1.0' encoding='UTF-16'?><r/>", .encodingMismatch,
                "the document declares encoding 'UTF-16' but has no byte order mark, and its first bytes are 8-bit code units (UTF-8, say), not UTF-16"
            ),
            (
                "<!DOCTYPE r [<!ENTITY e>]><r/>", .spaceRequired,
                "white space is required after the entity name"
            ),
            (
                "<!DOCTYPE r [<!ENTITY e '</r><r>'>]><r>&e;</r>", .unbalancedEntity,
                "an entity's replacement text is not balanced: it ends an element it did not start, or starts one it does not end"
            ),
            (
                "<!DOCTYPE r [<!ENTITY e '&'>]><r/>", .unescapedCharacterInEntityValue,
                "an entity value holds a '&' that starts no reference (it is written '&#38;')"
            ),
            (
                "<!DOCTYPE r [<!ENTITY e '%'>]><r/>", .unescapedCharacterInEntityValue,
                "an entity value holds a '%' that starts no reference (it is written '&#37;')"
            ),
            (
                "<!DOCTYPE r [<!ENTITY % p 'x'><!ENTITY e '%p;'>]><r/>", .parameterEntityInsideDeclaration,
                "a parameter entity reference inside a markup declaration is not allowed in the internal subset"
            ),
            (
                "<!DOCTYPE r [<!ENTITY a '&b;'><!ENTITY b '&a;'>]><r>&a;</r>", .entityLoop,
                "an entity refers to itself, directly or through others, or entity references expand too far"
            ),
            (
                "<!DOCTYPE r [<!ENTITY e SYSTEM 'x#y'>]><r/>", .fragmentInSystemIdentifier,
                "a system identifier may not hold a fragment ('#…')"
            ),
            (
                "<?xml encoding='UTF-8'?><r/>", .versionMissing,
                "the XML declaration must start with the version (version=\"1.0\")"
            ),
            (
                "<r xmlns='http://example.org/rosé'/>", .invalidNamespaceURI,
                "the namespace name 'http://example.org/rosé' is not a valid URI"
            ),
            (
                "<!DOCTYPE r [<!NOTATION n >]><r/>", .invalidNotationDeclaration,
                "the notation 'n' declares neither a system nor a public identifier"
            ),
            (
                "<r xmlns='http://www.w3.org/XML/1998/namespace'/>", .reservedNamespace,
                "the namespace 'http://www.w3.org/XML/1998/namespace' cannot be the default namespace"
            ),
            (
                "<r xmlns:xml='urn:x'/>", .reservedNamespace,
                "the prefix 'xml' can be bound only to 'http://www.w3.org/XML/1998/namespace'"
            ),
            (
                "<r xmlns:x='http://www.w3.org/XML/1998/namespace'/>", .reservedNamespace,
                "the namespace 'http://www.w3.org/XML/1998/namespace' can be bound only to the prefix 'xml'"
            ),
            (
                "<r xmlns:xmlns='urn:x'/>", .reservedNamespace,
                "the prefix 'xmlns' cannot be declared"
            ),
            (
                "<r xmlns:x='http://www.w3.org/2000/xmlns/'/>", .reservedNamespace,
                "the namespace 'http://www.w3.org/2000/xmlns/' cannot be declared"
            ),
            (
                "<r xmlns:a=''/>", .reservedNamespace,
                "xmlns:a=\"\" binds a prefix to no namespace, which XML 1.0 namespaces do not allow"
            ),
            (
                "<a:r/>", .undefinedNamespacePrefix,
                "the prefix 'a' of <a:r> is bound to no namespace (xmlns:a=\"…\" declares it)"
            ),
            (
                "<r a:b='1'/>", .undefinedNamespacePrefix,
                "the prefix 'a' of the attribute 'a:b' of <r> is bound to no namespace (xmlns:a=\"…\" declares it)"
            ),
            (
                "<r xmlns:a='urn:a' xmlns:b='urn:a' a:x='1' b:x='2'/>", .duplicateNamespacedAttribute,
                "the attribute 'x' in the namespace 'urn:a' appears twice in one start tag, under different prefixes"
            ),
            (
                "<a:b:c/>", .invalidQualifiedName,
                "the name 'a:b:' is not a valid qualified name: one colon at most, with a name on each side"
            ),
            (
                "<r><?a:b x?></r>", .colonInName,
                "the processing instruction's target 'a:b' holds a colon, which names may not in a document with namespaces"
            ),
            (
                "<!DOCTYPE r [<!ENTITY a:b 'x'>]><r/>", .colonInName,
                "the entity's name 'a:b' holds a colon, which names may not in a document with namespaces"
            ),
            (
                "<!DOCTYPE r [<!NOTATION a:b SYSTEM 'x'>]><r/>", .colonInName,
                "the notation's name 'a:b' holds a colon, which names may not in a document with namespaces"
            ),
            (
                "<xmlns:r/>", .undefinedNamespacePrefix,
                "the prefix 'xmlns' is reserved for namespace declarations: it cannot name an element or another attribute"
            ),
            (
                "<!DOCTYPE r [<!ENTITY e '&#60;!--'>]><r>&e;--></r>", .commentNotFinished,
                "a comment is not closed by '-->'"
            ),
            (
                "<r><?pi \u{C}?></r>", .processingInstructionNotFinished,
                "the processing instruction 'pi' is not closed by '?>', or holds a character XML does not allow"
            ),
            (
                "<!DOCTYPE r [<!NOTATION n SYSTEM 'n'><!ATTLIST r a NOTATION n #IMPLIED>]><r/>", .notationNameRequired,
                "a notation's name is expected here"
            ),
            (
                "<?xml version='1.0' version='1.0'?><r/>", .xmlDeclarationNotFinished,
                "the XML declaration is not closed by '?>'"
            ),
            (
                "<!DOCTYPE r -- x -- []><r/>", .doctypeNotFinished,
                "the document type declaration is not closed properly: '>' expected (after ']' when it has an internal subset)"
            ),
            (
                "<!DOCTYPE r [<!ENTITY e CDATA 'x'>]><r/>", .entityValueRequired,
                "an entity declaration needs a quoted value or an external identifier (SYSTEM or PUBLIC)"
            ),
            (
                "<r a='x\u{0}'/>", .invalidCharacter,
                "the character U+0000 is not allowed in XML"
            ),
            // Where the input ends inside a construct, libxml2's report is the detail of the truncation.
            (
                "<r a='x", .truncated,
                "the document ended before its first tag was complete (an attribute value is not closed by its quote)"
            ),
        ] as [(String, XMLParsingError.Code, String)])
    func eachCodeIsWorded(document: String, code: XMLParsingError.Code, message: String) async throws {
        let error = try #require(await parse(document).error, "accepted: \(document)")
        #expect(error.code == code, "\(document)")
        #expect(error.code.name != nil, "\(document)")
        #expect(error.message == message, "\(document)")
    }

    /// Bytes that are not UTF-8, in a document without an encoding declaration: the message
    /// quotes them on its one line and says what to do.
    @Test func bytesThatAreNotUTF8() async throws {
        let document = Data("<r>".utf8 + [0xE6, 0x9C, 0xD0, 0xBE] + "</r>".utf8)
        let error = try #require(await parse(document).error)
        #expect(error.code == .invalidCharacter)
        #expect(
            error.message
                == "the input is not valid UTF-8 at bytes 0xE6 0x9C 0xD0 0xBE; a document in another encoding must "
                + "declare it in its XML declaration")
        #expect(error.description == "1:4: error: \(error.message) (byte offset 3)")
    }

    /// Bytes that are not valid in a declared encoding other than UTF-8.
    @Test func bytesThatAreNotInTheDeclaredEncoding() async throws {
        let document = Data("<?xml version='1.0' encoding='Shift_JIS'?><r>".utf8 + [0x81, 0x20] + "</r>".utf8)
        let error = try #require(await parse(document).error)
        #expect(error.code == .undecodableInput)
        #expect(error.code.description == "undecodableInput (6003)")
        #expect(
            error.message
                == "the input is not valid in the document's encoding (Shift_JIS) at bytes 0x81 0x20 0x3C 0x2F")
        #expect(error.description.hasPrefix("1:46: error: ") && error.byteOffset == 45, "\(error)")
    }

    /// `XMLEvents(string:)` parses the string's UTF-8 and ignores its encoding declaration, as the
    /// Errors article warns: the same document as bytes is refused.
    @Test(arguments: [
        ("<?xml version=\"1.0\" encoding=\"klingon\"?><r/>", XMLParsingError.Code.unsupportedEncoding),
        ("<?xml version=\"1.0\" encoding=\"UTF-16\"?><r/>", .encodingMismatch),
    ])
    func aStringIgnoresItsEncodingDeclaration(document: String, code: XMLParsingError.Code) async throws {
        var events: [XMLEvent] = []
        for try await event in XMLEvents(string: document) { events.append(event) }
        #expect(events.count == 4)
        #expect(events.last == .endDocument)
        #expect(await parse(document).error?.code == code)
    }

    /// Every error of every document of the W3C suite and of the fuzzing corpus, whole and fed a
    /// byte at a time as it arrives (libxml2 words some errors by where its input ended), has a
    /// named code and a message in the package's words.
    @Test func everyErrorOfTheCorporaReadsAsThePackagesOwn() async throws {
        var documents = try ConformanceSuite.standaloneDocuments()
        let suite = try ConformanceSuite.load()
        for testCase in suite.cases where !testCase.isStandalone {
            documents.append((testCase.id, try Data(contentsOf: suite.url(of: testCase))))
        }
        let fuzz = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus")
        let names = try FileManager.default.contentsOfDirectory(atPath: fuzz.path).sorted()
        #expect(names.count > 40)
        for name in names {
            documents.append(("Fuzz/Corpus/" + name, try Data(contentsOf: fuzz.appendingPathComponent(name))))
        }
        var asArriving = XMLParsingOptions.default
        asArriving.parsesAsBytesArrive = true
        var unnamed: [String] = []
        var unworded: [String] = []
        var errors = 0
        for (id, data) in documents {
            let whole = await parse(data).error
            let trickled = await parse(chunks: data.map { Data([$0]) }, options: asArriving).error
            for error in [whole, trickled].compactMap({ $0 }) {
                errors += 1
                if error.code.name == nil { unnamed.append("\(id): \(error.code)") }
                let libxml2Texts = [
                    "\\u{", "indicate encoding", "xmlParse", "SAX.", "ParsePI", "internal error", "Unregistered",
                    "Opening and ending", " !",
                ]
                if libxml2Texts.contains(where: error.message.contains) || error.message.first?.isUppercase != false {
                    unworded.append("\(id): \(error.message)")
                }
            }
        }
        #expect(errors > 2_000)
        #expect(unnamed.isEmpty, "\(Set(unnamed).sorted())")
        #expect(unworded.isEmpty, "\(Set(unworded).sorted())")
    }
}
