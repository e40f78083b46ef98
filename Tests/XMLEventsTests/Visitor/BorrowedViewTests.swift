import Foundation
import Testing
import XMLCorpus
import XMLEvents

/// The accessors of ``XMLText`` and ``XMLStartTag`` on real documents: namespaces, attributes
/// defaulted by the DTD, references in attribute values and text.
@Suite struct BorrowedViewTests {
    /// Namespaces declared and redeclared, prefixed and unprefixed attributes of the same local
    /// name, DTD defaults (one of them prefixed), references in values, an empty value.
    static let namespaced = """
        <?xml version="1.0"?>
        <!DOCTYPE r [
          <!ENTITY who "W&#x4E2D;rld">
          <!ATTLIST item kind CDATA "plain" p:flag CDATA "on">
        ]>
        <r xmlns="urn:default" xmlns:p="urn:p" xmlns:q="urn:q">
          <item id="1" p:id="p1" q:id="q1" title="a &amp; b &who; &#x4E2D; &lt;" empty=""/>
          <p:item id="2" kind="given">caf\u{E9} &who; <![CDATA[<raw>]]><!-- note --><?target some data?></p:item>
          <item xmlns:p="urn:other" p:id="other" norm="a
        \tb&#10;c"/>
        </r>
        """

    /// What a visitor keeps of the start tags of ``namespaced``, through the accessors under
    /// test, for the assertions below.
    struct TagRecorder: XMLVisitor {
        struct Tag {
            var name: XMLName
            var location: XMLLocation
            var attributeCount: Int
            var names: [XMLName]
            var values: [String]
            var lookups: [String: String?]
            var indices: [String: Int?]
            var declarations: [XMLNamespaceDeclaration]
            var declarationCount: Int
            var emptyValue: (count: Int, isEmpty: Bool, isWhitespace: Bool, equalsEmpty: Bool)?
        }

        var tags: [Tag] = []
        var texts: [String] = []

        static let writtenNames = [
            "id", "{urn:p}id", "{urn:q}id", "{}id", "p:id", "q:id", "x:id", "{urn:x}id", "missing", "title",
            "kind", "p:flag", "{urn:p}flag", "{urn:other}flag", "flag", "norm", "{}flag", "*", "{urn:p}*",
            "{urn:other}id",
        ]

        mutating func startElement(_ tag: borrowing XMLStartTag) {
            var lookups: [String: String?] = [:]
            for written in Self.writtenNames { lookups[written] = tag.attributes[written] }
            var indices: [String: Int?] = [:]
            for (local, uri) in [
                ("id", nil), ("id", "urn:p"), ("id", "urn:q"), ("id", "urn:none"), ("flag", "urn:p"),
                ("flag", nil), ("flag", "urn:other"), ("kind", nil),
            ] as [(String, String?)] {
                indices["\(uri.map { "{\($0)}" } ?? "")\(local)"] = tag.attributes.firstIndex(local, namespaceURI: uri)
            }
            var emptyValue: (Int, Bool, Bool, Bool)?
            if let index = tag.attributes.firstIndex("empty", namespaceURI: nil) {
                emptyValue = tag.attributes.withValue(at: index) { ($0.count, $0.isEmpty, $0.isWhitespace, $0 == "") }
            }
            tags.append(
                Tag(
                    name: tag.name, location: tag.location, attributeCount: tag.attributes.count,
                    names: (0..<tag.attributes.count).map { tag.attributes.name(at: $0) },
                    values: (0..<tag.attributes.count).map { tag.attributes.value(at: $0) }, lookups: lookups,
                    indices: indices, declarations: tag.namespaceDeclarations,
                    declarationCount: tag.namespaceDeclarationCount, emptyValue: emptyValue))
        }

        mutating func text(_ text: borrowing XMLText) {
            if !text.isWhitespace { texts.append(text.string) }
        }
    }

    @Test func startTagAccessorsOnANamespacedDocumentWithDefaults() async throws {
        var recorder = TagRecorder()
        try await XMLEvents(data: Data(Self.namespaced.utf8)).visit(&recorder)
        let tags = recorder.tags
        try #require(tags.count == 4)
        let (root, first, second, third) = (tags[0], tags[1], tags[2], tags[3])

        #expect(root.name == XMLName(localName: "r", namespaceURI: "urn:default"))
        #expect(root.declarationCount == 3)
        #expect(
            root.declarations == [
                XMLNamespaceDeclaration(prefix: nil, uri: "urn:default"),
                XMLNamespaceDeclaration(prefix: "p", uri: "urn:p"), XMLNamespaceDeclaration(prefix: "q", uri: "urn:q"),
            ])
        #expect(root.attributeCount == 0)
        #expect(root.location.line == 6)

        // Document order, then the DTD's defaults; an unprefixed attribute is in no namespace.
        #expect(first.name == XMLName(localName: "item", namespaceURI: "urn:default"))
        #expect(first.declarationCount == 0 && first.declarations.isEmpty)
        #expect(first.attributeCount == 7)
        #expect(
            first.names == [
                XMLName(localName: "id"), XMLName(localName: "id", prefix: "p", namespaceURI: "urn:p"),
                XMLName(localName: "id", prefix: "q", namespaceURI: "urn:q"), XMLName(localName: "title"),
                XMLName(localName: "empty"), XMLName(localName: "kind"),
                XMLName(localName: "flag", prefix: "p", namespaceURI: "urn:p"),
            ])
        #expect(first.values == ["1", "p1", "q1", "a & b W\u{4E2D}rld \u{4E2D} <", "", "plain", "on"])
        let firstLookups: [String: String?] = [
            "id": "1", "{urn:p}id": "p1", "{urn:q}id": "q1", "{}id": "1", "p:id": "p1", "q:id": "q1", "x:id": nil,
            "{urn:x}id": nil, "missing": nil, "title": "a & b W\u{4E2D}rld \u{4E2D} <", "kind": "plain",
            "p:flag": "on", "{urn:p}flag": "on", "{urn:other}flag": nil, "flag": "on", "norm": nil, "{}flag": nil,
            "*": "1", "{urn:p}*": "p1", "{urn:other}id": nil,
        ]
        #expect(first.lookups == firstLookups)
        let firstIndices: [String: Int?] = [
            "id": 0, "{urn:p}id": 1, "{urn:q}id": 2, "{urn:none}id": nil, "{urn:p}flag": 6, "flag": nil,
            "{urn:other}flag": nil, "kind": 5,
        ]
        #expect(first.indices == firstIndices)
        let empty = try #require(first.emptyValue)
        #expect(empty.count == 0 && empty.isEmpty && empty.isWhitespace && empty.equalsEmpty)
        #expect(first.location.line == 7)

        // A prefixed element is not the `item` the ATTLIST names: no defaults.
        #expect(second.name == XMLName(localName: "item", prefix: "p", namespaceURI: "urn:p"))
        #expect(second.values == ["2", "given"])
        #expect(second.lookups["kind"] == "given" && second.lookups["p:flag"] == .some(nil))

        // The default `p:flag` takes the prefix's binding in scope at the element.
        #expect(third.declarations == [XMLNamespaceDeclaration(prefix: "p", uri: "urn:other")])
        #expect(third.lookups["{urn:other}flag"] == "on" && third.lookups["{urn:p}flag"] == .some(nil))
        #expect(third.lookups["p:id"] == "other" && third.lookups["{urn:other}id"] == "other")
        #expect(third.lookups["norm"] == "a  b\nc")
        #expect(third.indices["{urn:other}flag"] == 3)
        #expect(third.location.line == 10)

        #expect(recorder.texts == ["caf\u{E9} W\u{4E2D}rld <raw>"])
    }

    /// Every accessor of every borrowed text and start tag against the owned events, on
    /// ``namespaced``, the hand-written and long documents, a corpus document and the W3C suite.
    @Test(arguments: [XMLParsingOptions.default, XMLParsingOptions(reportsCDATA: true)])
    func everyAccessorAgreesWithTheOwnedEvents(options: XMLParsingOptions) async throws {
        var documents: [(String, Data)] = [("namespaced", Data(Self.namespaced.utf8))]
        documents += ChunkBoundaryInvarianceTests.handWritten.enumerated().map { ("document \($0)", Data($1.utf8)) }
        documents.append(("long document", ChunkBoundaryInvarianceTests.longMixedDocument))
        documents += CorpusShape.allCases.map { ("\($0)", CorpusDocument(shape: $0, targetByteCount: 100_000).data()) }
        documents += try ConformanceSuite.standaloneDocuments()
        var texts = 0
        var tags = 0
        var lookups = 0
        for (name, data) in documents {
            let owned = await Tiers.owned(chunks: [data], options: options)
            var probe = BorrowedViewProbe(reference: owned)
            let visitError = await Self.error(of: {
                try await XMLEvents(FixedChunks(chunks: [data]), options: options).visit(&probe)
            })
            #expect(probe.problems.isEmpty, "\(name): \(probe.problems.joined(separator: "\n"))")
            #expect(probe.sawEveryEvent, "\(name): the visit stopped early")
            #expect(visitError == owned.error, "\(name)")
            texts += probe.textsChecked
            tags += probe.tagsChecked
            lookups += probe.lookupsChecked
        }
        #expect(texts > 10_000 && tags > 5_000 && lookups > 20_000, "\(texts) texts, \(tags) tags, \(lookups) lookups")
    }

    static func error(of body: () async throws -> Void) async -> XMLParsingError? {
        do {
            try await body()
            return nil
        } catch {
            return error as? XMLParsingError
        }
    }
}
