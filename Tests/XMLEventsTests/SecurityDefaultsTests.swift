import Foundation
import Testing
import XMLEvents

/// The safe defaults: nothing is read because of the document, entity expansion is bounded, and
/// the limits hold. Hostile documents are written by the tests themselves.
///
/// Where an expansion attack ends is pinned (its error's code and position); what it may cost is
/// bounded by the attack corpus (``HardeningAttackCorpusTests``), in CPU time and in a process of
/// its own, which the suites running beside these cannot inflate.
@Suite struct SecurityDefaultsTests {
    /// A file whose content must never appear in any event.
    final class SecretFile {
        let url: URL
        let secret = "TOP-SECRET-\(UUID().uuidString)"

        init(content: (String) -> String = { $0 }) throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("xmlevents-secret-\(UUID().uuidString)")
            try Data(content(secret).utf8).write(to: url)
        }

        deinit { try? FileManager.default.removeItem(at: url) }

        func leaked(into outcome: ParseOutcome) -> Bool {
            outcome.events.contains { $0.description.contains(secret) }
                || (outcome.error?.message.contains(secret) ?? false)
        }
    }

    @Test(arguments: [XMLParsingOptions.default, .huge])
    func generalEntityToALocalFileIsNotRead(options: XMLParsingOptions) async throws {
        let file = try SecretFile()
        let outcome = await parse(
            "<!DOCTYPE r [<!ENTITY x SYSTEM '\(file.url.absoluteString)'>]><r>[&x;]</r>", options: options)
        #expect(!file.leaked(into: outcome))
        #expect(outcome.error == nil)
        // Not read, and not lost without a word: reported where it stood.
        #expect(outcome.events.dropFirst(3).prefix(3) == [.text("["), .skippedEntity(name: "x"), .text("]")])
    }

    @Test(arguments: [XMLParsingOptions.default, .huge])
    func parameterEntityAndExternalSubsetAreNotRead(options: XMLParsingOptions) async throws {
        let file = try SecretFile { "<!ENTITY fromdtd '\($0)'>" }
        for document in [
            "<!DOCTYPE r [<!ENTITY % p SYSTEM '\(file.url.absoluteString)'> %p;]><r>&fromdtd;</r>",
            "<!DOCTYPE r SYSTEM '\(file.url.absoluteString)'><r>&fromdtd;</r>",
            "<!DOCTYPE r SYSTEM '\(file.url.path)'><r a='x'>&fromdtd;</r>",
        ] {
            let outcome = await parse(document, options: options)
            #expect(!file.leaked(into: outcome), "\(document)")
        }
    }

    @Test func externalEntityInAnAttributeDefaultIsAnError() async throws {
        let file = try SecretFile()
        let document = "<!DOCTYPE r [<!ENTITY x SYSTEM '\(file.url.absoluteString)'><!ATTLIST r a CDATA '&x;'>]><r/>"
        let outcome = await parse(document)
        // XML_ERR_ENTITY_IS_EXTERNAL, just after `&x;`.
        Self.expectError(
            outcome, XMLParsingError.Code(rawValue: 29), after: String(document.dropLast("'>]><r/>".count)))
        #expect(!file.leaked(into: outcome))
    }

    @Test func resolverIsAskedAndItsAnswerUsed() async throws {
        let options = XMLParsingOptions(externalEntityResolver: { request in
            switch request.systemID {
            case "greeting.ent": return Data("hello <b>world</b>".utf8)
            case "defs.dtd": return Data("<!ENTITY fromdtd 'defined outside'>".utf8)
            default: return nil
            }
        })
        let outcome = await parse(
            "<!DOCTYPE r SYSTEM 'defs.dtd' [<!ENTITY g SYSTEM 'greeting.ent'><!ENTITY n SYSTEM 'none.ent'>]>"
                + "<r>&g;|&n;|&fromdtd;</r>",
            options: options)
        #expect(outcome.error == nil, "\(outcome)")
        #expect(outcome.events.contains(.text("hello ")))
        // The entity the resolver declined (`&n;`) is skipped, and reported so.
        let declined = try #require(outcome.events.firstIndex(of: .skippedEntity(name: "n")))
        #expect(
            outcome.events[(declined - 1)...(declined + 1)] == [
                .text("|"), .skippedEntity(name: "n"), .text("|defined outside"),
            ])
    }

    @Test func resolverFailureIsATypedError() async throws {
        struct Refused: Error {}
        let options = XMLParsingOptions(externalEntityResolver: { _ in throw Refused() })
        let outcome = await parse("<!DOCTYPE r [<!ENTITY g SYSTEM 'g.ent'>]><r>&g;</r>", options: options)
        #expect(outcome.error?.code == .externalEntityFailed)
    }

    static let billionLaughs: String = {
        var declarations = "<!ENTITY l0 'lollollollollollollollollollol'>"
        for level in 1...9 {
            declarations += "<!ENTITY l\(level) '" + String(repeating: "&l\(level - 1);", count: 10) + "'>"
        }
        return "<?xml version='1.0'?><!DOCTYPE lolz [\(declarations)]>"
    }()

    /// Expects the error `code` just after the first `prefix.utf8.count` bytes of a one-line
    /// document.
    static func expectError(
        _ outcome: ParseOutcome, _ code: XMLParsingError.Code, after prefix: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let offset = prefix.utf8.count
        #expect(
            outcome.error?.code == code, "\(outcome.error.map(String.init(describing:)) ?? "no error")",
            sourceLocation: sourceLocation)
        let point = outcome.error.map { ($0.line, $0.column, $0.byteOffset) } ?? (0, 0, 0)
        #expect(point == (1, offset + 1, offset), sourceLocation: sourceLocation)
    }

    /// libxml2's own amplification check (it says "entity loop") stops the laughs by default;
    /// `.huge` turns it off, and the package's limit stops them.
    static let laughsStoppedBy: [(XMLParsingOptions, XMLParsingError.Code)] = [
        (.default, .entityLoop), (.huge, .entityExpansionLimitExceeded),
    ]

    @Test(arguments: laughsStoppedBy)
    func billionLaughsInContentEndsWithAnError(options: XMLParsingOptions, code: XMLParsingError.Code) async {
        let outcome = await parse(Self.billionLaughs + "<lolz>&l9;</lolz>", options: options)
        Self.expectError(outcome, code, after: Self.billionLaughs + "<lolz>&l9;")
    }

    @Test(arguments: laughsStoppedBy)
    func billionLaughsInAnAttributeEndsWithAnError(options: XMLParsingOptions, code: XMLParsingError.Code) async {
        let outcome = await parse(Self.billionLaughs + "<lolz a='&l9;'/>", options: options)
        Self.expectError(outcome, code, after: Self.billionLaughs + "<lolz a='&l9;")
    }

    @Test(arguments: [XMLParsingOptions.default, .huge])
    func parameterEntityLaughsEndWithAnError(options: XMLParsingOptions) async throws {
        var declarations = "<!ENTITY % p0 'lollollollollollollollollollol'>"
        for level in 1...9 {
            declarations += "<!ENTITY % p\(level) '" + String(repeating: "%p\(level - 1);", count: 10) + "'>"
        }
        let outcome = await parse(
            "<!DOCTYPE r [\(declarations)<!ENTITY big '%p9;'>]><r>&big;</r>", options: options)
        // Not well-formed before any expansion (XML_ERR_ENTITY_PE_INTERNAL): a parameter entity
        // reference in a declaration of the internal subset, reported after `%p1`'s value.
        let firstReferences = "<!ENTITY % p1 '" + String(repeating: "%p0;", count: 10) + "'"
        Self.expectError(
            outcome, XMLParsingError.Code(rawValue: 88),
            after: "<!DOCTYPE r [<!ENTITY % p0 'lollollollollollollollollollol'>" + firstReferences)
    }

    @Test(arguments: [XMLParsingOptions.default, .huge])
    func quadraticBlowUpEndsWithAnError(options: XMLParsingOptions) async throws {
        let big = String(repeating: "x", count: 50_000)
        let references = String(repeating: "&big;", count: 50_000)
        let outcome = await parse(
            "<!DOCTYPE r [<!ENTITY big '\(big)'>]><r>\(references)</r>", options: options)
        // After the 31st `&big;`: 1.55 MB of replacement text, past the allowance of 1 MiB plus
        // 10 bytes per byte of the document parsed.
        Self.expectError(
            outcome, .entityExpansionLimitExceeded,
            after: "<!DOCTYPE r [<!ENTITY big '\(big)'>]><r>" + String(repeating: "&big;", count: 31))
    }

    @Test(arguments: [XMLParsingOptions.default, .huge])
    func recursiveEntitiesEndWithAnError(options: XMLParsingOptions) async throws {
        let outcome = await parse(
            "<!DOCTYPE r [<!ENTITY a '&b;'><!ENTITY b '&a;'>]><r>&a;</r>", options: options)
        Self.expectError(outcome, .entityLoop, after: "<!DOCTYPE r [<!ENTITY a '&b;'><!ENTITY b '&a;'>]><r>&a;")
    }

    @Test func depthLimit() async throws {
        let deep = String(repeating: "<d>", count: 300) + String(repeating: "</d>", count: 300)
        // The 257th start tag, at its `>`.
        Self.expectError(await parse(deep), .depthLimitExceeded, after: String(repeating: "<d>", count: 256) + "<d")
        #expect(await parse(deep, options: .huge).error == nil)
        var tight = XMLParsingOptions()
        tight.limits.maxDepth = 10
        #expect(
            await parse(String(repeating: "<d>", count: 11) + String(repeating: "</d>", count: 11), options: tight)
                .error?.code == .depthLimitExceeded)
    }

    @Test func textLengthLimit() async throws {
        let long = String(repeating: "0123456789", count: 1_100_000)
        let error = try #require(await parse("<a>\(long)</a>").error)
        #expect(error.code == .nodeLengthLimitExceeded)
        #expect(await parse("<a>\(long)</a>", options: .huge).error == nil)
    }

    @Test func attributeCountLimit() async throws {
        let attributes = (0..<1_100).map { "a\($0)='v'" }.joined(separator: " ")
        let error = try #require(await parse("<e \(attributes)/>").error)
        #expect(error.code == .attributeLimitExceeded)
        #expect(await parse("<e \(attributes)/>", options: .huge).error == nil)
    }

    /// Namespace declarations are attributes for the limit, as its documentation says: a tag
    /// within the limit by its attributes alone is refused once its declarations are counted.
    @Test func namespaceDeclarationsCountTowardTheAttributeLimit() async throws {
        var options = XMLParsingOptions()
        options.limits.maxAttributesPerElement = 3
        let atTheLimit = "<r><e xmlns='urn:d' xmlns:p='urn:p' a='1'/></r>"
        #expect(await parse(atTheLimit, options: options).error == nil)
        for (document, count) in [
            ("<r><e xmlns='urn:d' xmlns:p='urn:p' a='1' p:b='2'/></r>", 4),
            ("<r><e xmlns:a='urn:a' xmlns:b='urn:b' xmlns:c='urn:c' xmlns:d='urn:d'/></r>", 4),
        ] {
            let outcome = await parse(document, options: options)
            // Reported where libxml2 calls back: after the last attribute, at the tag's `/>`.
            let tagEnd = document.utf8.count - "/></r>".utf8.count
            #expect(
                outcome.error
                    == XMLParsingError(
                        code: .attributeLimitExceeded, message: "an element has \(count) attributes; the limit is 3",
                        line: 1, column: tagEnd + 1, byteOffset: tagEnd),
                "\(document)")
            #expect(outcome.events.count == 2, "only the document and <r> before the error: \(outcome)")
        }
        // The default limit, 1,024: 1,000 attributes and 25 declarations.
        let attributes = (0..<1_000).map { " a\($0)='v'" }.joined()
        let declarations = (0..<25).map { " xmlns:n\($0)='urn:\($0)'" }.joined()
        let error = try #require(await parse("<e\(declarations)\(attributes)/>").error)
        #expect(error.code == .attributeLimitExceeded)
        #expect(error.message == "an element has 1025 attributes; the limit is 1024")
        #expect(await parse("<e\(declarations.dropLast(" xmlns:n24='urn:24'".count))\(attributes)/>").error == nil)
    }

    @Test func nameLengthLimit() async throws {
        var options = XMLParsingOptions()
        options.limits.maxNameLength = 100
        let error = try #require(await parse("<\(String(repeating: "n", count: 101))/>", options: options).error)
        #expect(error.code == .nameLengthLimitExceeded)
    }
}
