import Foundation
import Testing
import XMLEvents

/// Attribute values and namespace declarations that a DTD's `<!ATTLIST>` defaults: delivered as
/// libxml2 gives them, and charged to the amplification allowance that entity expansion draws on
/// (``XMLParsingLimits/entityExpansionAllowance`` plus ``XMLParsingLimits/maxEntityExpansionRatio``
/// times the document parsed): the value's bytes and its row on the tape, 24 bytes for an
/// attribute, 32 for a namespace declaration (with its prefix and URI).
@Suite struct AttributeDefaultsTests {
    static let modes: [XMLParsingOptions] = [.default, .huge]

    /// A document with a few defaults comes out with them, after the attributes written in the
    /// tag, in both modes and whatever the chunks.
    @Test(arguments: modes)
    func fewDefaultsAreDelivered(options: XMLParsingOptions) async throws {
        let document = """
            <!DOCTYPE r [
              <!ATTLIST e kind CDATA "plain" p:flag CDATA 'on' xmlns:q CDATA "urn:q">
              <!ATTLIST r xmlns:p CDATA "urn:p">
            ]>
            <r><e id="1"/><e kind="bold"/></r>
            """
        let p = XMLName(localName: "flag", prefix: "p", namespaceURI: "urn:p")
        let kind = XMLName(localName: "kind")
        let expected: [XMLEvent] = [
            .startElement(
                name: XMLName(localName: "r"), attributes: [],
                namespaces: [XMLNamespaceDeclaration(prefix: "p", uri: "urn:p")]),
            .startElement(
                name: XMLName(localName: "e"),
                attributes: [
                    XMLAttribute(name: XMLName(localName: "id"), value: "1"), XMLAttribute(name: kind, value: "plain"),
                    XMLAttribute(name: p, value: "on"),
                ],
                namespaces: [XMLNamespaceDeclaration(prefix: "q", uri: "urn:q")]),
            .endElement(name: XMLName(localName: "e")),
            .startElement(
                name: XMLName(localName: "e"),
                attributes: [XMLAttribute(name: kind, value: "bold"), XMLAttribute(name: p, value: "on")],
                namespaces: [XMLNamespaceDeclaration(prefix: "q", uri: "urn:q")]),
            .endElement(name: XMLName(localName: "e")),
            .endElement(name: XMLName(localName: "r")),
        ]
        let data = Data(document.utf8)
        for chunks in [[data], Chunking.fixed(data, size: 1), Chunking.random(data, seed: 20, cuts: 9)] {
            let outcome = await parse(chunks: chunks, options: options)
            #expect(outcome.error == nil, "\(outcome)")
            let elements = outcome.events.filter {
                switch $0 {
                case .startElement, .endElement: return true
                default: return false
                }
            }
            #expect(elements == expected)
        }
    }

    /// Limits with no ratio: the allowance alone bounds the defaults.
    static func allowance(_ bytes: Int, huge: Bool) -> XMLParsingOptions {
        var limits = huge ? XMLParsingLimits.huge : .standard
        limits.entityExpansionAllowance = bytes
        limits.maxEntityExpansionRatio = 0
        return XMLParsingOptions(limits: limits)
    }

    /// Each `<e/>` is given `a='xyz'`: 3 bytes and a 24-byte row, 27 bytes. An allowance of
    /// 2 × 27 takes two elements and refuses the third; one byte less refuses the second.
    @Test(arguments: [false, true])
    func allowanceBoundsTheDefaultsToTheByte(huge: Bool) async throws {
        let prolog = "<!DOCTYPE r [<!ATTLIST e a CDATA 'xyz'>]><r>"
        let document = prolog + "<e/><e/><e/></r>"
        for (allowance, refused) in [(54, 3), (53, 2)] {
            let outcome = await parse(document, options: Self.allowance(allowance, huge: huge))
            let error = try #require(outcome.error, "allowance \(allowance)")
            #expect(error.code == .attributeDefaultsLimitExceeded)
            // At the refused element's `/`, where libxml2 reports an empty tag.
            let offset = prolog.utf8.count + 4 * (refused - 1) + 2
            #expect((error.line, error.column, error.byteOffset) == (1, offset + 1, offset), "\(error)")
            #expect(error.message.contains("add more than \(allowance) bytes"), "\(error.message)")
            #expect(outcome.events.count == 3 + 2 * (refused - 1), "only the events before: \(outcome)")
        }
        #expect(await parse(document, options: Self.allowance(81, huge: huge)).error == nil)
    }

    /// Expects `document` to parse with an allowance of `bytes` and no ratio, and to fail with
    /// `code` with one byte less; returns that error.
    static func refusedOneByteBelow(
        _ document: String, allowance bytes: Int, huge: Bool, code: XMLParsingError.Code,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> XMLParsingError {
        let accepted = await parse(document, options: allowance(bytes, huge: huge))
        #expect(accepted.error == nil, "\(accepted)", sourceLocation: sourceLocation)
        let error = try #require(
            await parse(document, options: allowance(bytes - 1, huge: huge)).error, sourceLocation: sourceLocation)
        #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
        return error
    }

    /// A defaulted namespace declaration costs its prefix, its URI and a 32-byte row: `q` and
    /// `urn:q` make 38 bytes an element.
    @Test(arguments: [false, true])
    func namespaceDeclarationDefaultsAreCharged(huge: Bool) async throws {
        let prolog = "<!DOCTYPE r [<!ATTLIST e xmlns:q CDATA 'urn:q'>]><r>"
        let error = try await Self.refusedOneByteBelow(
            prolog + "<e/><e/></r>", allowance: 76, huge: huge, code: .attributeDefaultsLimitExceeded)
        #expect(error.byteOffset == prolog.utf8.count + 4 + 2, "\(error)")
    }

    /// Entity expansion and defaults draw on one allowance. libxml2 looks an entity up twice on
    /// its first reference (to check its content, then to expand it), so `&x;` costs 2 × 10
    /// bytes, which leave 27 bytes of an allowance of 47 for one `<e/>`'s default.
    @Test(arguments: [false, true])
    func entitiesAndDefaultsShareTheAllowance(huge: Bool) async throws {
        let subset = "<!DOCTYPE r [<!ENTITY x '0123456789'><!ATTLIST e a CDATA 'xyz'>]>"
        _ = try await Self.refusedOneByteBelow(
            subset + "<r>&x;<e/></r>", allowance: 47, huge: huge, code: .attributeDefaultsLimitExceeded)
        _ = try await Self.refusedOneByteBelow(
            subset + "<r><e/>&x;</r>", allowance: 47, huge: huge, code: .entityExpansionLimitExceeded)
    }

    /// The ratio: with no allowance, the `k`-th `<e/>` is refused once its `k` × 1,024 bytes (a
    /// 1,000-byte value and its row) pass the ratio times the bytes parsed up to it.
    @Test(arguments: [false, true], [2, 3])
    func ratioBoundsTheDefaultsToTheByte(huge: Bool, ratio: Int) async throws {
        let prolog = "<!DOCTYPE r [<!ATTLIST e a CDATA '\(String(repeating: "v", count: 1_000))'>]><r>"
        let document = prolog + String(repeating: "<e/>", count: 20) + "</r>"
        var options = Self.allowance(0, huge: huge)
        options.limits.maxEntityExpansionRatio = ratio
        // The parser is at the `/` of the k-th `<e/>` when it reports it.
        let parsed = { (k: Int) in prolog.utf8.count + 4 * (k - 1) + 2 }
        let refused = try #require((1...20).first { k in k * 1_024 > ratio * parsed(k) })
        let error = try #require(await parse(document, options: options).error)
        #expect(error.code == .attributeDefaultsLimitExceeded)
        #expect(error.byteOffset == parsed(refused), "\(error)")
        #expect(error.message.contains("more than \(ratio * parsed(refused)) bytes"), "\(error.message)")
    }

    /// A step's first charge is bounded by the document's bound alone: one element's defaults,
    /// which the DTD declared, may be larger than the allowance of the small step they are met
    /// in; what the step charges after them is held to the step's allowance. With no allowance
    /// and a ratio of 1, a 10,000-byte default (10,024 bytes with its row) is met a few bytes
    /// into the seventh step: the document's 24,578 bytes cover it, those few bytes do not. A
    /// second `<e/>` in that step is refused by the step's bound; one in the next step is its
    /// first charge again.
    @Test(arguments: [false, true], [1, 4_096, 100_000])
    func aLargeDefaultMetInALaterSmallStepIsBoundedByTheDocument(huge: Bool, chunkSize: Int) async throws {
        let step = 4_096
        var options = Self.allowance(0, huge: huge)
        options.limits.maxEntityExpansionRatio = 1
        let value = String(repeating: "v", count: 10_000)
        let prolog = "<!DOCTYPE r [<!ATTLIST e a CDATA '\(value)'>]><r>"
        /// Text in an element of its own up to the start of step `index`.
        func padding(from offset: Int, toStep index: Int) -> String {
            "<p>" + String(repeating: "x", count: index * step - offset - 7) + "</p>"
        }
        let start = prolog + padding(from: prolog.utf8.count, toStep: 6)
        #expect(start.utf8.count == 6 * step)
        let documents = [
            (start + "<e/></r>", elements: 1, refused: false),
            (start + "<e/><e/></r>", elements: 2, refused: true),
            (start + "<e/>" + padding(from: 6 * step + 4, toStep: 7) + "<e/></r>", elements: 2, refused: false),
        ]
        for (document, elements, refused) in documents {
            let chunks = Chunking.fixed(Data(document.utf8), size: chunkSize)
            let outcome = await parse(chunks: chunks, options: options)
            guard refused else {
                #expect(outcome.error == nil, "\(outcome.error.map { "\($0)" } ?? "")")
                let delivered = outcome.events.count { $0 == .start("e", attributes: ["a": value]) }
                #expect(delivered == elements)
                continue
            }
            let error = try #require(outcome.error)
            #expect(error.code == .attributeDefaultsLimitExceeded)
            let firstCameOut = outcome.events.contains(.start("e", attributes: ["a": value]))
            #expect(firstCameOut, "the first element's events come before the error")
            // At the second element's `/`.
            #expect(error.byteOffset == 6 * step + 4 + 2, "\(error)")
            #expect(error.message.contains("in one step"), "\(error.message)")
        }
    }
}
