import Foundation
import XMLEventsInput

/// A document is not well-formed, is cut short, or exceeds an ``XMLParsingLimits`` bound.
///
/// Every event before the error point has been delivered when this is thrown, and nothing follows
/// it. ``line`` and ``column`` are 1-based; ``byteOffset`` counts bytes of the input as given,
/// from 0.
///
/// The message, and so the description, is safe to print: libxml2 quotes the document in its
/// messages, and what it quotes may hold controls that a terminal would obey, so they are escaped
/// (see <doc:Security>).
public struct XMLParsingError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// What went wrong: a libxml2 `xmlParserErrors` value, or one of the package's own codes (from
    /// 100,000 on) for its limits and for the failures it words more precisely than libxml2.
    ///
    /// Every code the W3C XML Conformance Test Suite produces has a name here.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The numeric code.
        public var rawValue: Int

        /// Creates a code from its number.
        ///
        /// - Parameter rawValue: A libxml2 `xmlParserErrors` value, or one of the package's own
        ///   codes (from 100,000 on).
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Something follows the root element: a second root element, or text after it
        /// (`XML_ERR_DOCUMENT_END`).
        public static let extraContent = Code(rawValue: 5)
        /// The input ended before the document was complete: inside an element (the message
        /// names the innermost one and how many are open), or before the root element.
        public static let truncated = Code(rawValue: 100_010)
        /// The input held no document at all, nothing but whitespace (`XML_ERR_DOCUMENT_EMPTY`).
        public static let documentEmpty = Code(rawValue: 4)
        /// The input does not start with markup: where the root element's `<` (or an XML
        /// declaration, a comment, a document type declaration) was expected, something else was
        /// found, and the message says what (`{` for JSON, say).
        public static let startTagExpected = Code(rawValue: 100_011)
        /// A byte sequence is not valid in the document's encoding (`XML_ERR_INVALID_CHAR`).
        public static let invalidCharacter = Code(rawValue: 9)
        /// An entity is referenced but not declared (`XML_ERR_UNDECLARED_ENTITY`).
        public static let undeclaredEntity = Code(rawValue: 26)
        /// The declared encoding is not supported (`XML_ERR_UNSUPPORTED_ENCODING`): libxml2 does
        /// not know it, or converts it with ICU and it is a multi-byte or stateful encoding (such
        /// as `HZ`, `CESU-8` or `windows-932`), whose text would depend on how the bytes arrive.
        public static let unsupportedEncoding = Code(rawValue: 32)
        /// An entity refers to itself (`XML_ERR_ENTITY_LOOP`).
        public static let entityLoop = Code(rawValue: 89)
        /// An end tag does not match its start tag (`XML_ERR_TAG_NAME_MISMATCH`).
        public static let tagNameMismatch = Code(rawValue: 76)
        /// A hexadecimal character reference names no character XML allows (`&#x0;`, say;
        /// `XML_ERR_INVALID_HEX_CHARREF`).
        public static let invalidHexCharacterReference = Code(rawValue: 6)
        /// A decimal character reference names no character XML allows (`XML_ERR_INVALID_DEC_CHARREF`).
        public static let invalidDecimalCharacterReference = Code(rawValue: 7)
        /// An entity reference does not end with `;` (`&amp` in a URL, say; `XML_ERR_ENTITYREF_SEMICOL_MISSING`).
        public static let entityReferenceWithoutSemicolon = Code(rawValue: 23)
        /// An attribute value holds a `<`, which must be written `&lt;` (`XML_ERR_LT_IN_ATTRIBUTE`).
        public static let lessThanInAttributeValue = Code(rawValue: 38)
        /// An attribute value does not start with `"` or `'` (`XML_ERR_ATTRIBUTE_NOT_STARTED`).
        public static let attributeValueNotQuoted = Code(rawValue: 39)
        /// An attribute value is not closed by its quote (`XML_ERR_ATTRIBUTE_NOT_FINISHED`).
        public static let attributeValueNotFinished = Code(rawValue: 40)
        /// An attribute has no `=` and value, as HTML allows (`<input checked>`; `XML_ERR_ATTRIBUTE_WITHOUT_VALUE`).
        public static let attributeWithoutValue = Code(rawValue: 41)
        /// A start tag carries the same attribute twice (`XML_ERR_ATTRIBUTE_REDEFINED`).
        public static let duplicateAttribute = Code(rawValue: 42)
        /// `]]>` appears in text, where it must be written `]]&gt;` (`XML_ERR_MISPLACED_CDATA_END`).
        public static let misplacedCDATAEnd = Code(rawValue: 62)
        /// A processing instruction is named `xml` anywhere but in the XML declaration at the very start, for example
        /// after whitespace or a byte order mark of another encoding (`XML_ERR_RESERVED_XML_NAME`).
        public static let reservedXMLName = Code(rawValue: 64)
        /// Whitespace is missing where XML requires it, between two attributes, say (`XML_ERR_SPACE_REQUIRED`).
        public static let spaceRequired = Code(rawValue: 65)
        /// A name was expected and something else came: after `<`, `</` or `&`, say (`XML_ERR_NAME_REQUIRED`).
        public static let nameRequired = Code(rawValue: 68)
        /// A tag is not closed by `>` where it must end (`XML_ERR_GT_REQUIRED`).
        public static let greaterThanRequired = Code(rawValue: 73)
        /// An attribute's name is not followed by `=` (`XML_ERR_EQUAL_REQUIRED`).
        public static let equalSignRequired = Code(rawValue: 75)
        /// A comment holds `--` (`XML_ERR_HYPHEN_IN_COMMENT`).
        public static let doubleHyphenInComment = Code(rawValue: 80)
        /// A name's prefix is bound by no namespace declaration in scope (`<atom:link>` without `xmlns:atom`;
        /// `XML_NS_ERR_UNDEFINED_NAMESPACE`).
        public static let undefinedNamespacePrefix = Code(rawValue: 201)
        /// A name has more than one colon, or an empty part (`XML_NS_ERR_QNAME`).
        public static let invalidQualifiedName = Code(rawValue: 202)
        /// A start tag carries two attributes with the same local name and namespace under different prefixes
        /// (`XML_NS_ERR_ATTRIBUTE_REDEFINED`).
        public static let duplicateNamespacedAttribute = Code(rawValue: 203)

        /// Markup libxml2 does not recognize where it stands, and cannot read past: `<![CDATA [`
        /// with a space, a markup declaration inside an element, a declaration that is not one in
        /// the internal subset (`XML_ERR_INTERNAL_ERROR`, which libxml2 also reports for failures
        /// of its own: the message says which).
        public static let unrecognizedMarkup = Code(rawValue: 1)
        /// `%` is not followed by a parameter entity's name (`XML_ERR_PEREF_NO_NAME`).
        public static let parameterEntityReferenceWithoutName = Code(rawValue: 24)
        /// A parameter entity reference does not end with `;` (`XML_ERR_PEREF_SEMICOL_MISSING`).
        public static let parameterEntityReferenceWithoutSemicolon = Code(rawValue: 25)
        /// A reference names an unparsed entity, one declared with `NDATA` (`XML_ERR_UNPARSED_ENTITY`).
        public static let unparsedEntityReference = Code(rawValue: 28)
        /// An attribute value references an external entity (`XML_ERR_ENTITY_IS_EXTERNAL`).
        public static let externalEntityInAttributeValue = Code(rawValue: 29)
        /// A value of the XML declaration (version, encoding, standalone) is not quoted
        /// (`XML_ERR_STRING_NOT_STARTED`).
        public static let declarationValueNotQuoted = Code(rawValue: 33)
        /// A value of the XML declaration is not closed by its quote (`XML_ERR_STRING_NOT_CLOSED`).
        public static let declarationValueNotFinished = Code(rawValue: 34)
        /// An entity declaration, or its quoted value, is not closed (`XML_ERR_ENTITY_NOT_FINISHED`).
        public static let entityDeclarationNotFinished = Code(rawValue: 37)
        /// A system or public identifier is not quoted (`XML_ERR_LITERAL_NOT_STARTED`).
        public static let externalIdentifierNotQuoted = Code(rawValue: 43)
        /// A system or public identifier is not closed by its quote, or a public identifier holds a
        /// character it may not (`XML_ERR_LITERAL_NOT_FINISHED`).
        public static let externalIdentifierNotFinished = Code(rawValue: 44)
        /// A comment is not closed by `-->` (`XML_ERR_COMMENT_NOT_FINISHED`).
        public static let commentNotFinished = Code(rawValue: 45)
        /// `<?` is not followed by a processing instruction's target (`XML_ERR_PI_NOT_STARTED`).
        public static let processingInstructionWithoutTarget = Code(rawValue: 46)
        /// A processing instruction is not closed by `?>` (`XML_ERR_PI_NOT_FINISHED`).
        public static let processingInstructionNotFinished = Code(rawValue: 47)
        /// A notation's name is missing in a notation declaration or a `NOTATION` attribute type
        /// (`XML_ERR_NOTATION_NOT_STARTED`).
        public static let notationNameRequired = Code(rawValue: 48)
        /// A notation declaration or a `NOTATION` attribute type is not closed
        /// (`XML_ERR_NOTATION_NOT_FINISHED`).
        public static let notationNotFinished = Code(rawValue: 49)
        /// An attribute-list declaration gives a type that is neither a keyword nor an enumeration
        /// in parentheses (`XML_ERR_ATTLIST_NOT_STARTED`).
        public static let attributeTypeRequired = Code(rawValue: 50)
        /// An enumeration of attribute values is not closed by `)` (`XML_ERR_ATTLIST_NOT_FINISHED`).
        public static let enumerationNotFinished = Code(rawValue: 51)
        /// A mixed content model (`(#PCDATA | a)*`) is malformed (`XML_ERR_MIXED_NOT_STARTED`).
        public static let malformedMixedContent = Code(rawValue: 52)
        /// An element declaration's content is not `EMPTY`, `ANY` or a content model, or a content
        /// model lacks a name or `(` (`XML_ERR_ELEMCONTENT_NOT_STARTED`).
        public static let contentModelRequired = Code(rawValue: 54)
        /// A content model lacks `,`, `|` or `)` (`XML_ERR_ELEMCONTENT_NOT_FINISHED`).
        public static let contentModelNotFinished = Code(rawValue: 55)
        /// The XML declaration is not closed by `?>` (`XML_ERR_XMLDECL_NOT_FINISHED`).
        public static let xmlDeclarationNotFinished = Code(rawValue: 57)
        /// The document type declaration is not closed properly (`XML_ERR_DOCTYPE_NOT_FINISHED`).
        public static let doctypeNotFinished = Code(rawValue: 61)
        /// A CDATA section is not closed by `]]>` (`XML_ERR_CDATA_NOT_FINISHED`).
        public static let cdataNotFinished = Code(rawValue: 63)
        /// A content model mixes `,` and `|` in one group (`XML_ERR_SEPARATOR_REQUIRED`).
        public static let separatorRequired = Code(rawValue: 66)
        /// An enumeration of attribute values lacks a name token (`XML_ERR_NMTOKEN_REQUIRED`).
        public static let nameTokenRequired = Code(rawValue: 67)
        /// An element is not closed in the entity it starts in (`XML_ERR_TAG_NOT_FINISHED`).
        public static let elementNotFinished = Code(rawValue: 77)
        /// The XML declaration's `standalone` is neither `yes` nor `no` (`XML_ERR_STANDALONE_VALUE`).
        public static let invalidStandaloneValue = Code(rawValue: 78)
        /// The XML declaration's encoding is not a valid encoding name (`XML_ERR_ENCODING_NAME`).
        public static let invalidEncodingName = Code(rawValue: 79)
        /// An entity declaration has neither a value nor an external identifier
        /// (`XML_ERR_VALUE_REQUIRED`).
        public static let entityValueRequired = Code(rawValue: 84)
        /// An entity's replacement text ends an element it did not start, or starts one it does
        /// not end (`XML_ERR_NOT_WELL_BALANCED`).
        public static let unbalancedEntity = Code(rawValue: 85)
        /// An entity value holds a `&` or `%` that starts no reference (`XML_ERR_ENTITY_CHAR_ERROR`).
        public static let unescapedCharacterInEntityValue = Code(rawValue: 87)
        /// A parameter entity reference stands inside a markup declaration of the internal subset
        /// (`XML_ERR_ENTITY_PE_INTERNAL`).
        public static let parameterEntityInsideDeclaration = Code(rawValue: 88)
        /// A system identifier holds a fragment, `#…` (`XML_ERR_URI_FRAGMENT`).
        public static let fragmentInSystemIdentifier = Code(rawValue: 92)
        /// The XML declaration does not start with the version (`XML_ERR_VERSION_MISSING`).
        public static let versionMissing = Code(rawValue: 96)
        /// A namespace declaration's name is not a valid URI (`XML_WAR_NS_URI`, an error in a
        /// namespace-aware parser).
        public static let invalidNamespaceURI = Code(rawValue: 99)
        /// A notation declaration has neither a system nor a public identifier
        /// (`XML_ERR_NOTATION_PROCESSING`).
        public static let invalidNotationDeclaration = Code(rawValue: 105)
        /// A namespace declaration misuses a prefix or a namespace name that XML reserves (`xml`,
        /// `xmlns`), or binds a prefix to the empty name (`XML_NS_ERR_XML_NAMESPACE`).
        public static let reservedNamespace = Code(rawValue: 200)
        /// The name of an entity, a notation or a processing instruction's target holds a colon
        /// (`XML_NS_ERR_COLON`).
        public static let colonInName = Code(rawValue: 205)
        /// Bytes that are not valid in the document's encoding, one other than UTF-8 (a lone lead
        /// byte in Shift_JIS, say; `XML_I18N_CONV_FAILED`), the last bytes of a document that
        /// ends inside a character included. Bytes that are not UTF-8 in a UTF-8 document are
        /// ``invalidCharacter``.
        public static let undecodableInput = Code(rawValue: 6003)

        /// Elements nest deeper than ``XMLParsingLimits/maxDepth``.
        public static let depthLimitExceeded = Code(rawValue: 100_001)
        /// A start tag carries more than ``XMLParsingLimits/maxAttributesPerElement`` attributes.
        public static let attributeLimitExceeded = Code(rawValue: 100_002)
        /// A name is longer than ``XMLParsingLimits/maxNameLength``.
        public static let nameLengthLimitExceeded = Code(rawValue: 100_003)
        /// A text run or other node is longer than ``XMLParsingLimits/maxNodeLength``.
        public static let nodeLengthLimitExceeded = Code(rawValue: 100_004)
        /// Entity references expand beyond the amplification allowance
        /// (``XMLParsingLimits/entityExpansionAllowance`` plus
        /// ``XMLParsingLimits/maxEntityExpansionRatio`` times the document), for the document or for
        /// one step of it.
        public static let entityExpansionLimitExceeded = Code(rawValue: 100_005)
        /// Attribute values and namespace declarations that the DTD's `<!ATTLIST>` defaults add
        /// to elements take the amplification allowance entity expansion draws on beyond its
        /// bound, for the document or for one step of it (see
        /// ``XMLParsingLimits/entityExpansionAllowance``).
        public static let attributeDefaultsLimitExceeded = Code(rawValue: 100_012)
        /// The document's distinct names (element and attribute names, prefixes, namespace URIs,
        /// entity names, processing instructions' targets) are more than one parser keeps with
        /// limits up to the standard ones: about 21 MB. ``XMLParsingLimits/huge`` lifts the
        /// bound.
        public static let distinctNamesLimitExceeded = Code(rawValue: 100_014)
        /// An entity reference was not replaced: in an attribute value, or anywhere with
        /// ``XMLParsingOptions/rejectsSkippedEntities`` (see ``XMLEvent/skippedEntity(name:)``).
        /// The message names the entity and says why it was not read.
        public static let skippedEntity = Code(rawValue: 100_013)
        /// The ``XMLParsingOptions/externalEntityResolver`` threw.
        public static let externalEntityFailed = Code(rawValue: 100_006)
        /// libxml2 failed without saying why (an allocation failure, say).
        public static let internalError = Code(rawValue: 100_007)
        /// A chunk was fed to a parser whose document had already ended.
        public static let parserFinished = Code(rawValue: 100_008)
        /// The encoding declaration contradicts the document's byte order mark or, without one,
        /// the code units its first bytes show (UTF-16 declared as UTF-8, say, or UTF-8 bytes
        /// declared as UTF-16, which libxml2 reports as `XML_ERR_INVALID_ENCODING`); or a document
        /// in UTF-16 without a mark declares no encoding.
        public static let encodingMismatch = Code(rawValue: 100_009)

        /// The code's name for the codes declared here, for example `tagNameMismatch (76)`;
        /// `libxml2 error 53` for libxml2's other codes (none that the W3C XML Conformance Test
        /// Suite produces).
        public var description: String {
            guard let name else { return "libxml2 error \(rawValue)" }
            return "\(name) (\(rawValue))"
        }

        /// The name of a code declared here, as spelled in Swift (`truncated`), or `nil` for
        /// libxml2's other codes: for logs and machine-readable output.
        public var name: String? { Code.names[rawValue] }

        private static let names: [Int: String] = [
            Code.extraContent.rawValue: "extraContent", Code.truncated.rawValue: "truncated",
            Code.documentEmpty.rawValue: "documentEmpty", Code.startTagExpected.rawValue: "startTagExpected",
            Code.invalidCharacter.rawValue: "invalidCharacter", Code.undeclaredEntity.rawValue: "undeclaredEntity",
            Code.unsupportedEncoding.rawValue: "unsupportedEncoding", Code.entityLoop.rawValue: "entityLoop",
            Code.tagNameMismatch.rawValue: "tagNameMismatch", Code.depthLimitExceeded.rawValue: "depthLimitExceeded",
            Code.attributeLimitExceeded.rawValue: "attributeLimitExceeded",
            Code.nameLengthLimitExceeded.rawValue: "nameLengthLimitExceeded",
            Code.nodeLengthLimitExceeded.rawValue: "nodeLengthLimitExceeded",
            Code.entityExpansionLimitExceeded.rawValue: "entityExpansionLimitExceeded",
            Code.attributeDefaultsLimitExceeded.rawValue: "attributeDefaultsLimitExceeded",
            Code.externalEntityFailed.rawValue: "externalEntityFailed", Code.skippedEntity.rawValue: "skippedEntity",
            Code.distinctNamesLimitExceeded.rawValue: "distinctNamesLimitExceeded",
            Code.internalError.rawValue: "internalError",
            Code.parserFinished.rawValue: "parserFinished", Code.encodingMismatch.rawValue: "encodingMismatch",
            Code.invalidHexCharacterReference.rawValue: "invalidHexCharacterReference",
            Code.invalidDecimalCharacterReference.rawValue: "invalidDecimalCharacterReference",
            Code.entityReferenceWithoutSemicolon.rawValue: "entityReferenceWithoutSemicolon",
            Code.lessThanInAttributeValue.rawValue: "lessThanInAttributeValue",
            Code.attributeValueNotQuoted.rawValue: "attributeValueNotQuoted",
            Code.attributeValueNotFinished.rawValue: "attributeValueNotFinished",
            Code.attributeWithoutValue.rawValue: "attributeWithoutValue",
            Code.duplicateAttribute.rawValue: "duplicateAttribute",
            Code.misplacedCDATAEnd.rawValue: "misplacedCDATAEnd",
            Code.reservedXMLName.rawValue: "reservedXMLName",
            Code.spaceRequired.rawValue: "spaceRequired",
            Code.nameRequired.rawValue: "nameRequired",
            Code.greaterThanRequired.rawValue: "greaterThanRequired",
            Code.equalSignRequired.rawValue: "equalSignRequired",
            Code.doubleHyphenInComment.rawValue: "doubleHyphenInComment",
            Code.undefinedNamespacePrefix.rawValue: "undefinedNamespacePrefix",
            Code.invalidQualifiedName.rawValue: "invalidQualifiedName",
            Code.duplicateNamespacedAttribute.rawValue: "duplicateNamespacedAttribute",
            Code.unrecognizedMarkup.rawValue: "unrecognizedMarkup",
            Code.parameterEntityReferenceWithoutName.rawValue: "parameterEntityReferenceWithoutName",
            Code.parameterEntityReferenceWithoutSemicolon.rawValue: "parameterEntityReferenceWithoutSemicolon",
            Code.unparsedEntityReference.rawValue: "unparsedEntityReference",
            Code.externalEntityInAttributeValue.rawValue: "externalEntityInAttributeValue",
            Code.declarationValueNotQuoted.rawValue: "declarationValueNotQuoted",
            Code.declarationValueNotFinished.rawValue: "declarationValueNotFinished",
            Code.entityDeclarationNotFinished.rawValue: "entityDeclarationNotFinished",
            Code.externalIdentifierNotQuoted.rawValue: "externalIdentifierNotQuoted",
            Code.externalIdentifierNotFinished.rawValue: "externalIdentifierNotFinished",
            Code.commentNotFinished.rawValue: "commentNotFinished",
            Code.processingInstructionWithoutTarget.rawValue: "processingInstructionWithoutTarget",
            Code.processingInstructionNotFinished.rawValue: "processingInstructionNotFinished",
            Code.notationNameRequired.rawValue: "notationNameRequired",
            Code.notationNotFinished.rawValue: "notationNotFinished",
            Code.attributeTypeRequired.rawValue: "attributeTypeRequired",
            Code.enumerationNotFinished.rawValue: "enumerationNotFinished",
            Code.malformedMixedContent.rawValue: "malformedMixedContent",
            Code.contentModelRequired.rawValue: "contentModelRequired",
            Code.contentModelNotFinished.rawValue: "contentModelNotFinished",
            Code.xmlDeclarationNotFinished.rawValue: "xmlDeclarationNotFinished",
            Code.doctypeNotFinished.rawValue: "doctypeNotFinished",
            Code.cdataNotFinished.rawValue: "cdataNotFinished",
            Code.separatorRequired.rawValue: "separatorRequired",
            Code.nameTokenRequired.rawValue: "nameTokenRequired",
            Code.elementNotFinished.rawValue: "elementNotFinished",
            Code.invalidStandaloneValue.rawValue: "invalidStandaloneValue",
            Code.invalidEncodingName.rawValue: "invalidEncodingName",
            Code.entityValueRequired.rawValue: "entityValueRequired",
            Code.unbalancedEntity.rawValue: "unbalancedEntity",
            Code.unescapedCharacterInEntityValue.rawValue: "unescapedCharacterInEntityValue",
            Code.parameterEntityInsideDeclaration.rawValue: "parameterEntityInsideDeclaration",
            Code.fragmentInSystemIdentifier.rawValue: "fragmentInSystemIdentifier",
            Code.versionMissing.rawValue: "versionMissing",
            Code.invalidNamespaceURI.rawValue: "invalidNamespaceURI",
            Code.invalidNotationDeclaration.rawValue: "invalidNotationDeclaration",
            Code.reservedNamespace.rawValue: "reservedNamespace",
            Code.colonInName.rawValue: "colonInName",
            Code.undecodableInput.rawValue: "undecodableInput",
        ]
    }

    /// What went wrong.
    public var code: Code

    /// What went wrong and, where it helps, how the document should read: one sentence in lower
    /// case, `the end tag </b> does not match the start tag <a> on line 1`.
    ///
    /// The package words libxml2's reports itself (libxml2's own texts name its functions and
    /// break lines); the code, ``code``, stays libxml2's.
    ///
    /// Control and bidirectional characters in it, such as those of the document libxml2 quotes,
    /// are escaped (`\u{9B}`) when the error is created and whenever the message is set, so
    /// printing it cannot act on a terminal or reorder a log line. Tell errors apart by ``code``,
    /// not by the message's text.
    public var message: String {
        didSet { message = XMLDiagnosticText.escaping(message) }
    }

    /// The 1-based line of the error point.
    public var line: Int

    /// The 1-based column (in characters) of the error point.
    public var column: Int

    /// The offset of the error point in the input, in bytes from 0.
    public var byteOffset: Int

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: What went wrong.
    ///   - message: A readable explanation; its control and bidirectional characters are escaped.
    ///   - line: The 1-based line of the error point.
    ///   - column: The 1-based column of the error point, in characters.
    ///   - byteOffset: The offset of the error point in the input, in bytes from 0.
    public init(code: Code, message: String, line: Int, column: Int, byteOffset: Int) {
        self.code = code
        self.message = XMLDiagnosticText.escaping(message)
        self.line = line
        self.column = column
        self.byteOffset = byteOffset
    }

    /// The error as a compiler would print it: `line:column: error: message (byte offset N)`.
    public var description: String {
        "\(line):\(column): error: \(message) (byte offset \(byteOffset))"
    }

    /// The ``description``, so that `localizedDescription` says what went wrong too.
    public var errorDescription: String? { description }
}
