/// libxml2's reports of a document's errors, in the package's words.
///
/// libxml2 words its messages for its own developers: they name its functions
/// (`xmlParseEntityDecl:`), end in ` !` or `...`, break into a second line that quotes the
/// document (`Input is not proper UTF-8, indicate encoding !\nBytes: 0xE6 0x9C 0xD0 0xBE`), and
/// for a few codes say nothing at all (`Unregistered error message`). Every code the W3C XML
/// Conformance Test Suite and the package's test corpora produce is worded here, one sentence in
/// lower case, as the package's other errors are; the details libxml2 passes beside its message
/// (names, values, line numbers: `str1`, `str2`, `str3`, `int1` of its `xmlError`) are quoted.
/// Where one code stands for several failures, libxml2 2.9's own text tells them apart; a text
/// this does not know (another version of libxml2, another code) is shown cleaned: its first
/// line, its first letter in lower case unless it starts a name, without the trailing ` !`.
///
/// The code stays libxml2's `xmlParserErrors` value (``XMLParsingError/Code``), but for
/// `XML_ERR_INVALID_ENCODING`, which is the package's
/// ``XMLParsingError/Code/encodingMismatch``: one code for one failure, whichever of the two
/// found it.
enum LibXML2Wording {
    /// One report of libxml2's, as its `xmlError` holds it.
    struct Report {
        /// The `xmlParserErrors` value.
        var code: Int
        /// libxml2's message.
        var message: String
        /// The details libxml2 passes beside the message, which its format quotes.
        var str1: String?
        var str2: String?
        var str3: String?
        var int1: Int
    }

    /// The report's code and message in the package's words.
    static func words(for report: Report) -> (XMLParsingError.Code, String) {
        var report = report
        while report.message.last?.isWhitespace == true { report.message.removeLast() }
        let code = XMLParsingError.Code(rawValue: report.code)
        if report.code == XMLParsingError.Code.libxml2InvalidEncoding {
            return (
                .encodingMismatch,
                "the document declares encoding 'UTF-16' but has no byte order mark, and its first bytes are "
                    + "8-bit code units (UTF-8, say), not UTF-16"
            )
        }
        if let sentence = sentence(for: report) { return (code, sentence) }
        let cleaned = cleaned(report.message)
        return (code, cleaned.isEmpty ? "libxml2 reported error \(report.code) without a message" : cleaned)
    }

    /// libxml2's text made to read as the package's messages do, for a report this file does not
    /// word: its first line, without a trailing ` !` or `...`, its first letter in lower case
    /// unless the first word is a name (`ATTLIST`, `PEReference`).
    static func cleaned(_ text: String) -> String {
        var line = Substring(text.prefix { $0 != "\n" && $0 != "\r" })
        while let last = line.last, last == " " || last == "!" || last == "." { line.removeLast() }
        while line.first == " " { line.removeFirst() }
        guard let first = line.first, first.isUppercase else { return String(line) }
        let second = line.dropFirst().first
        guard second.map({ $0.isLowercase || $0 == " " }) ?? true else { return String(line) }
        return first.lowercased() + line.dropFirst()
    }

    // MARK: - The sentences

    /// The package's sentence for the report, or `nil` when it does not word it.
    private static func sentence(for report: Report) -> String? {
        let text = report.message
        let name = report.str1.map { "'\($0)'" } ?? "a name"
        switch XMLParsingError.Code(rawValue: report.code) {
        case .unrecognizedMarkup:
            // libxml2 made no progress over markup it does not recognize.
            if text.contains("detected an error in element content") {
                return "content that is neither text, a reference, an element, a comment, a CDATA section "
                    + "('<![CDATA[') nor a processing instruction"
            }
            if text.contains("error detected in Markup declaration") {
                return "a markup declaration that is not well-formed or not allowed in the internal subset"
            }
            return nil
        case .documentEmpty:
            return "the document is empty"
        case .extraContent:
            return "content after the end of the root element: a document has one root element"
        case .invalidHexCharacterReference:
            return "a malformed character reference: '&#x' must be followed by hexadecimal digits and ';'"
        case .invalidDecimalCharacterReference:
            return "a malformed character reference: '&#' must be followed by decimal digits and ';'"
        case .invalidCharacter:
            return invalidCharacter(report)
        case .entityReferenceWithoutSemicolon:
            return "an entity reference is not closed by ';' (a '&' that starts no reference is written '&amp;')"
        case .parameterEntityReferenceWithoutName:
            return "'%' is not followed by a parameter entity's name"
        case .parameterEntityReferenceWithoutSemicolon:
            return "a parameter entity reference is not closed by ';'"
        case .undeclaredEntity:
            if text.hasPrefix("PEReference") {
                return "the parameter entity \(name) is referenced but not declared"
            }
            return "the entity \(name) is referenced but not declared"
        case .unparsedEntityReference:
            return "the entity \(name) is unparsed (declared with NDATA) and cannot be referenced"
        case .externalEntityInAttributeValue:
            return "an attribute value references the external entity \(name), which attribute values may not"
        case .unsupportedEncoding:
            return "the document declares encoding \(name), which is not supported"
        case .declarationValueNotQuoted:
            return "a value in the XML declaration must be quoted with \" or '"
        case .declarationValueNotFinished:
            return "a value in the XML declaration is not closed by its quote"
        case .entityDeclarationNotFinished:
            if text.hasPrefix("xmlParseEntityDecl") {
                return "the declaration of the entity \(name) is not closed by '>'"
            }
            return "an entity's value is not closed by its quote"
        case .lessThanInAttributeValue:
            if report.str1 != nil, text.contains("in entity") {
                return "the entity \(name), referenced in an attribute value, holds '<', which attribute values may not"
            }
            return "an attribute value holds '<', which must be written '&lt;'"
        case .attributeValueNotQuoted:
            return "an attribute value must be quoted with \" or '"
        case .attributeValueNotFinished:
            return "an attribute value is not closed by its quote"
        case .attributeWithoutValue:
            return "the attribute \(name) has no value: an attribute is written name=\"value\""
        case .duplicateAttribute:
            let attribute = report.str2.map { "\(report.str1 ?? ""):\($0)" } ?? report.str1
            return "the attribute \(attribute.map { "'\($0)'" } ?? "") appears twice in one start tag"
        case .externalIdentifierNotQuoted:
            return "a system or public identifier must be quoted with \" or '"
        case .externalIdentifierNotFinished:
            return "a system or public identifier is not closed by its quote, or a public identifier holds a "
                + "character it may not"
        case .commentNotFinished:
            return "a comment is not closed by '-->'"
        case .processingInstructionWithoutTarget:
            return "'<?' is not followed by a processing instruction's target"
        case .processingInstructionNotFinished:
            return "the processing instruction \(name) is not closed by '?>', or holds a character XML does not allow"
        case .notationNameRequired:
            return "a notation's name is expected here"
        case .notationNotFinished:
            return "a notation declaration or notation type is not closed ('>' or ')' expected)"
        case .attributeTypeRequired:
            return "an attribute's type must be CDATA, ID, IDREF, IDREFS, ENTITY, ENTITIES, NMTOKEN, NMTOKENS, "
                + "NOTATION, or an enumeration in parentheses"
        case .enumerationNotFinished:
            return "an enumeration of attribute values is not closed by ')'"
        case .malformedMixedContent:
            return "a mixed content model expects '|' or ')*' here"
        case .contentModelRequired:
            if text.contains("'EMPTY', 'ANY' or '('") {
                return "an element declaration's content must be EMPTY, ANY, or a content model in parentheses"
            }
            return "a content model expects a name or '(' here"
        case .contentModelNotFinished:
            return "a content model expects ',', '|' or ')' here"
        case .xmlDeclarationNotFinished:
            return "the XML declaration is not closed by '?>'"
        case .doctypeNotFinished:
            return "the document type declaration is not closed properly: '>' expected (after ']' when it has an "
                + "internal subset)"
        case .misplacedCDATAEnd:
            return "']]>' is not allowed in text (it is written ']]&gt;')"
        case .cdataNotFinished:
            return "a CDATA section is not closed by ']]>'"
        case .reservedXMLName:
            if text.hasPrefix("XML declaration allowed only") {
                return "the XML declaration ('<?xml …?>') is allowed only at the very start of the document"
            }
            return "a processing instruction's target may not be 'xml' in any case: the name is reserved"
        case .spaceRequired:
            return spaceRequired(report)
        case .separatorRequired:
            let separator = report.int1 > 0 ? Unicode.Scalar(UInt32(report.int1)).map { "'\($0)'" } : nil
            return "a content model expects \(separator ?? "a separator") here: one group uses ',' or '|', not both"
        case .nameTokenRequired:
            return "an enumeration of attribute values expects a name token here"
        case .nameRequired:
            return nameRequired(report)
        case .greaterThanRequired:
            if text.hasPrefix("Couldn't find end of Start Tag") {
                return "the start tag \(report.str1.map { "<\($0)>" } ?? "") is not closed by '>' or '/>'"
            }
            return "'>' expected here"
        case .equalSignRequired:
            return "'=' expected after an attribute's name"
        case .tagNameMismatch:
            guard let open = report.str1, let found = report.str2 else { return nil }
            let line = report.int1 > 0 ? " on line \(report.int1)" : ""
            return "the end tag </\(found)> does not match the start tag <\(open)>\(line)"
        case .elementNotFinished:
            guard let element = report.str1 else { return nil }
            let line = report.int1 > 0 ? ", opened on line \(report.int1)," : ""
            return "the element <\(element)>\(line) is not closed in the entity or document it starts in"
        case .invalidStandaloneValue:
            return "standalone must be 'yes' or 'no'"
        case .invalidEncodingName:
            return "the encoding's name in the XML declaration is not valid: a letter, then letters, digits, "
                + "'.', '_' or '-'"
        case .doubleHyphenInComment:
            return "a comment holds '--', which comments may not"
        case .entityValueRequired:
            return "an entity declaration needs a quoted value or an external identifier (SYSTEM or PUBLIC)"
        case .unbalancedEntity:
            return "an entity's replacement text is not balanced: it ends an element it did not start, or starts "
                + "one it does not end"
        case .unescapedCharacterInEntityValue:
            guard let character = Unicode.Scalar(UInt32(max(report.int1, 0))), report.int1 > 0 else { return nil }
            return "an entity value holds a '\(character)' that starts no reference (it is written "
                + "'&#\(report.int1);')"
        case .parameterEntityInsideDeclaration:
            return "a parameter entity reference inside a markup declaration is not allowed in the internal subset"
        case .entityLoop:
            return "an entity refers to itself, directly or through others, or entity references expand too far"
        case .fragmentInSystemIdentifier:
            return "a system identifier may not hold a fragment ('#…')"
        case .versionMissing:
            return "the XML declaration must start with the version (version=\"1.0\")"
        case .invalidNamespaceURI:
            // xmlns: str1 is the URI; xmlns:prefix: str1 is the prefix and str2 the URI.
            let uri = report.str2 ?? report.str1
            return "the namespace name \(uri.map { "'\($0)'" } ?? "") is not a valid URI"
        case .invalidNotationDeclaration:
            return "the notation \(name) declares neither a system nor a public identifier"
        case .reservedNamespace:
            return reservedNamespace(report)
        case .undefinedNamespacePrefix:
            guard let prefix = report.str1, let second = report.str2 else { return nil }
            if prefix == "xmlns" {
                return "the prefix 'xmlns' is reserved for namespace declarations: it cannot name an element or "
                    + "another attribute"
            }
            if let element = report.str3 {
                return "the prefix '\(prefix)' of the attribute '\(prefix):\(second)' of <\(element)> is bound to "
                    + "no namespace (xmlns:\(prefix)=\"…\" declares it)"
            }
            return "the prefix '\(prefix)' of <\(prefix):\(second)> is bound to no namespace (xmlns:\(prefix)=\"…\" "
                + "declares it)"
        case .invalidQualifiedName:
            guard let open = text.firstIndex(of: "'"), let close = text.lastIndex(of: "'"), open < close else {
                return nil
            }
            return "the name \(text[open...close]) is not a valid qualified name: one colon at most, with a name "
                + "on each side"
        case .duplicateNamespacedAttribute:
            guard let attribute = report.str1, let uri = report.str2 else { return nil }
            return "the attribute '\(attribute)' in the namespace '\(uri)' appears twice in one start tag, under "
                + "different prefixes"
        case .colonInName:
            let kind =
                text.contains("PI names")
                ? "processing instruction's target" : text.contains("notation") ? "notation's name" : "entity's name"
            return "the \(kind) \(name) holds a colon, which names may not in a document with namespaces"
        case .undecodableInput:
            return "the input is not valid in the document's encoding" + (bytes(in: text).map { " at \($0)" } ?? "")
        default:
            return nil
        }
    }

    /// `XML_ERR_INVALID_CHAR`: bytes that are not UTF-8, or a character XML does not allow in
    /// text, a comment, an attribute value, or named by a character reference.
    private static func invalidCharacter(_ report: Report) -> String? {
        let text = report.message
        let codePoint = "U+" + String(String(report.int1, radix: 16, uppercase: true).leftPadded(to: 4))
        if text.hasPrefix("Input is not proper UTF-8") {
            return "the input is not valid UTF-8" + (bytes(in: text).map { " at \($0)" } ?? "")
                + "; a document in another encoding must declare it in its XML declaration"
        }
        if text.hasPrefix("Char 0x") {
            return "the character \(codePoint) is not allowed in XML"
        }
        if text.hasPrefix("PCDATA invalid Char value") {
            return "the character \(codePoint) is not allowed in XML text"
        }
        if text.hasPrefix("xmlParseComment: invalid xmlChar value") {
            return "the character \(codePoint) is not allowed in XML (here in a comment)"
        }
        if text.hasPrefix("xmlParseCharRef: character reference out of bounds") {
            return "a character reference names a code point beyond U+10FFFF"
        }
        if text.hasPrefix("xmlParseCharRef: invalid xmlChar value")
            || text.hasPrefix("xmlParseStringCharRef: invalid xmlChar value")
        {
            return "a character reference names \(codePoint), which is not allowed in XML"
        }
        if text.hasPrefix("invalid character in attribute value") {
            return "an attribute value holds a character that is not allowed in XML"
        }
        return nil
    }

    /// `XML_ERR_SPACE_REQUIRED`: libxml2 says where; its words are kept, but its function names.
    private static func spaceRequired(_ report: Report) -> String {
        let text = report.message
        if text.hasPrefix("ParsePI: PI "), let target = report.str1 {
            return "white space is required after the processing instruction's target '\(target)'"
        }
        if text.hasPrefix("attributes construct error") {
            return "attributes must be separated by white space"
        }
        if text.hasPrefix("Space required ") {
            let place = text.dropFirst("Space required ".count)
                .replacingOccurrences(of: "Public Identifier", with: "public identifier")
                .replacingOccurrences(of: "'%%'", with: "'%'")
            return "white space is required " + place
        }
        return "white space is required here"
    }

    /// `XML_ERR_NAME_REQUIRED`: after `<`, `&`, `%`, or in a declaration.
    private static func nameRequired(_ report: Report) -> String {
        sentence(for: report.message, in: nameRequiredSentences) ?? "a name is expected here"
    }

    /// libxml2's texts for `XML_ERR_NAME_REQUIRED` by how they start, and the package's sentence.
    private static let nameRequiredSentences: KeyValuePairs<String, String> = [
        "StartTag: invalid element name": "'<' is not followed by an element's name (a '<' in text is written '&lt;')",
        "error parsing attribute name": "an attribute's name is expected here",
        "xmlParseEntityRef: no name": "'&' is not followed by an entity's name (a '&' in text is written '&amp;')",
        "xmlParseStringEntityRef: no name":
            "'&' is not followed by an entity's name (a '&' in text is written '&amp;')",
        "xmlParseDocTypeDecl": "the document type declaration has no name",
        "ATTLIST: no name for Element": "an attribute-list declaration has no element name",
        "ATTLIST: no name for Attribute": "an attribute-list declaration expects an attribute's name here",
        "xmlParseElementDecl": "an element declaration has no name",
        "xmlParseElementMixedContentDecl": "a mixed content model expects an element's name here",
        "xmlParseEntityDecl": "an entity declaration has no name",
        "Name expected in NOTATION declaration": "a notation's name is expected here",
    ]

    /// `XML_NS_ERR_XML_NAMESPACE`: a prefix or namespace name that XML reserves.
    private static func reservedNamespace(_ report: Report) -> String? {
        if report.message.contains("Empty XML namespace is not allowed"), let prefix = report.str1 {
            return "xmlns:\(prefix)=\"\" binds a prefix to no namespace, which XML 1.0 namespaces do not allow"
        }
        return sentence(for: report.message, in: reservedNamespaceSentences)
    }

    /// libxml2's texts for `XML_NS_ERR_XML_NAMESPACE` by how they start, and the package's
    /// sentence.
    private static let reservedNamespaceSentences: KeyValuePairs<String, String> = [
        "xml namespace URI cannot be the default namespace":
            "the namespace 'http://www.w3.org/XML/1998/namespace' cannot be the default namespace",
        "xml namespace prefix mapped to wrong URI":
            "the prefix 'xml' can be bound only to 'http://www.w3.org/XML/1998/namespace'",
        "xml namespace URI mapped to wrong prefix":
            "the namespace 'http://www.w3.org/XML/1998/namespace' can be bound only to the prefix 'xml'",
        "redefinition of the xmlns prefix is forbidden": "the prefix 'xmlns' cannot be declared",
        "reuse of the xmlns namespace name is forbidden":
            "the namespace 'http://www.w3.org/2000/xmlns/' cannot be declared",
    ]

    /// The sentence of the first of `table`'s texts that `text` starts with.
    private static func sentence(for text: String, in table: KeyValuePairs<String, String>) -> String? {
        table.first { text.hasPrefix($0.key) }?.value
    }

    /// The `0xNN` bytes libxml2 quotes in a message, from the first that is not valid on:
    /// `bytes 0xE6 0x9C`; `nil` when it quotes none.
    private static func bytes(in text: String) -> String? {
        let quoted = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "," }).filter {
            $0.count == 4 && $0.hasPrefix("0x")
        }
        return quoted.isEmpty ? nil : "bytes " + quoted.joined(separator: " ")
    }
}

extension String {
    /// The text with `0`s before it up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

extension XMLParsingError.Code {
    /// `XML_ERR_INVALID_ENCODING`, which the package reports as ``encodingMismatch``.
    static let libxml2InvalidEncoding = 81
}
