import Foundation
import Testing
import XMLEvents

/// Every ``XMLParsingLimits`` bound at its edge: a document at the limit is accepted, one a
/// byte, a level or an attribute over it is refused with the limit's code, at the construct that
/// broke it. In libxml2's standard mode (limits up to the standard ones) and its huge mode
/// (`.huge`), with small limits where the defaults are too large to build, and at the defaults
/// where they are not.
@Suite struct LimitBoundaryTests {
    /// The two libxml2 modes the limits run libxml2 in: limits up to the standard ones keep its
    /// standard mode, and `.huge` (whose other limits stay above the standard ones when one is
    /// lowered) its huge mode.
    enum Engine: String, CaseIterable, CustomStringConvertible {
        case standard
        case huge

        var description: String { rawValue }

        func options(reportsCDATA: Bool = false, _ change: (inout XMLParsingLimits) -> Void = { _ in })
            -> XMLParsingOptions
        {
            var limits = self == .standard ? XMLParsingLimits.standard : .huge
            change(&limits)
            return XMLParsingOptions(reportsCDATA: reportsCDATA, limits: limits)
        }
    }

    /// Expects `accepted` to parse and `refused` to fail with `code`, and with `message` in the
    /// error's message.
    static func expectBoundary(
        accepted: String, refused: String, options: XMLParsingOptions, code: XMLParsingError.Code,
        message: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        let ok = await parse(accepted, options: options)
        #expect(ok.error == nil, "at the limit: \(ok.error.map { "\($0)" } ?? "")", sourceLocation: sourceLocation)
        let over = await parse(refused, options: options)
        #expect(
            over.error?.code == code, "over the limit: \(over.error.map { "\($0)" } ?? "accepted")",
            sourceLocation: sourceLocation)
        #expect(
            over.error?.message.contains(message) == true, "\(over.error?.message ?? "")",
            sourceLocation: sourceLocation)
    }

    static func nested(_ depth: Int) -> String {
        String(repeating: "<d>", count: depth) + String(repeating: "</d>", count: depth)
    }

    @Test(arguments: Engine.allCases)
    func depth(engine: Engine) async {
        for limit in [1, 10, engine == .standard ? 256 : 100_000] {
            await Self.expectBoundary(
                accepted: Self.nested(limit), refused: Self.nested(limit + 1),
                options: engine.options { $0.maxDepth = limit }, code: .depthLimitExceeded,
                message: "deeper than the limit of \(limit)")
        }
    }

    static func tag(attributes: Int, declarations: Int = 0) -> String {
        "<e" + (0..<declarations).map { " xmlns:n\($0)='urn:\($0)'" }.joined()
            + (0..<attributes).map { " a\($0)='v'" }.joined() + "/>"
    }

    /// Attributes and namespace declarations count together: refused once libxml2 reports the tag,
    /// or, for a tag libxml2 holds long before its end, while it holds it.
    @Test(arguments: Engine.allCases)
    func attributesPerElement(engine: Engine) async {
        for limit in [0, 3, engine == .standard ? 1_024 : 10_000] {
            let options = engine.options { $0.maxAttributesPerElement = limit }
            await Self.expectBoundary(
                accepted: Self.tag(attributes: limit), refused: Self.tag(attributes: limit + 1), options: options,
                code: .attributeLimitExceeded, message: "the limit is \(limit)")
            // A tag that libxml2 holds past 64 KiB before its end: counted while it is held.
            let padding = String(repeating: " ", count: 80 * 1_024)
            await Self.expectBoundary(
                accepted: Self.tag(attributes: limit).dropLast(2) + padding + "/>",
                refused: Self.tag(attributes: limit + 1).dropLast(2) + padding + "/>", options: options,
                code: .attributeLimitExceeded, message: "has more than \(limit) attributes; the limit is \(limit)")
            let declarations = limit / 2
            await Self.expectBoundary(
                accepted: Self.tag(attributes: limit - declarations, declarations: declarations),
                refused: Self.tag(attributes: limit - declarations, declarations: declarations + 1), options: options,
                code: .attributeLimitExceeded, message: "the limit is \(limit)")
        }
    }

    static func name(_ length: Int) -> String { String(repeating: "n", count: length) }

    /// Element names, their prefixes, attribute names: at the limit, and a byte over it.
    @Test(arguments: Engine.allCases)
    func nameLength(engine: Engine) async {
        for limit in [1, 100] {
            let options = engine.options { $0.maxNameLength = limit }
            let message = "a name is longer than the limit of \(limit) bytes"
            for (accepted, refused) in [
                ("<\(Self.name(limit))/>", "<\(Self.name(limit + 1))/>"),
                ("<r \(Self.name(limit))='v'/>", "<r \(Self.name(limit + 1))='v'/>"),
                (
                    "<\(Self.name(limit)):r xmlns:\(Self.name(limit))='urn:p'/>",
                    "<\(Self.name(limit + 1)):r xmlns:\(Self.name(limit + 1))='urn:p'/>"
                ),
            ] {
                await Self.expectBoundary(
                    accepted: accepted, refused: refused, options: options, code: .nameLengthLimitExceeded,
                    message: message)
            }
        }
    }

    /// The default, 50,000 bytes, which libxml2's standard mode enforces on every name (a
    /// processing instruction's target, a namespace prefix) with the same code.
    @Test func nameLengthAtTheDefault() async {
        let limit = XMLParsingLimits.standard.maxNameLength
        let message = "a name is longer than the limit of \(limit) bytes"
        for (accepted, refused) in [
            ("<\(Self.name(limit))/>", "<\(Self.name(limit + 1))/>"),
            ("<r \(Self.name(limit))='v'/>", "<r \(Self.name(limit + 1))='v'/>"),
            ("<r><?\(Self.name(limit)) data?></r>", "<r><?\(Self.name(limit + 1)) data?></r>"),
            ("<r xmlns:\(Self.name(limit))='urn:p'/>", "<r xmlns:\(Self.name(limit + 1))='urn:p'/>"),
        ] {
            await Self.expectBoundary(
                accepted: accepted, refused: refused, options: .default, code: .nameLengthLimitExceeded,
                message: message)
        }
    }

    /// Every kind of node the length limit bounds, made of `length` bytes of content.
    static let nodes: [(String, @Sendable (String) -> String)] = [
        ("text", { "<r>\($0)</r>" }),
        ("text with references", { "<r>&amp;\($0.dropFirst())</r>" }),
        ("CDATA", { "<r><![CDATA[\($0)]]></r>" }),
        ("comment", { "<r><!--\($0)--></r>" }),
        ("processing instruction data", { "<r><?pi \($0)?></r>" }),
        ("processing instruction target", { "<r><?p\($0.dropFirst())?></r>" }),
        ("attribute value", { "<r a='\($0)'/>" }),
        ("attribute value with references", { "<r a='&#x76;\($0.dropFirst())'/>" }),
    ]

    @Test(arguments: Engine.allCases, [false, true])
    func nodeLength(engine: Engine, reportsCDATA: Bool) async {
        let limit = 1_000
        let options = engine.options(reportsCDATA: reportsCDATA) { $0.maxNodeLength = limit }
        for (kind, document) in Self.nodes {
            let ok = await parse(document(String(repeating: "v", count: limit)), options: options)
            #expect(ok.error == nil, "\(kind) at the limit: \(ok.error.map { "\($0)" } ?? "")")
            let over = await parse(document(String(repeating: "v", count: limit + 1)), options: options)
            #expect(
                over.error?.code == .nodeLengthLimitExceeded,
                "\(kind) over the limit: \(over.error.map { "\($0)" } ?? "accepted")")
            #expect(over.error?.message.contains("\(limit)") == true, "\(kind): \(over.error?.message ?? "")")
        }
    }

    /// At the default, 10,000,000 bytes: a text run to the byte. What libxml2 reads whole (a
    /// comment, a processing instruction, a CDATA section, a start tag) must also fit, with its
    /// markup and what libxml2 holds before it, in the 10,000,000 bytes its standard mode reads
    /// ahead, so it is refused a little below the limit, with the same code.
    @Test func nodeLengthAtTheDefault() async {
        let limit = XMLParsingLimits.standard.maxNodeLength
        await Self.expectBoundary(
            accepted: "<r>\(String(repeating: "v", count: limit))</r>",
            refused: "<r>\(String(repeating: "v", count: limit + 1))</r>", options: .default,
            code: .nodeLengthLimitExceeded, message: "a run of text is longer than the limit of \(limit) bytes")
        for (kind, document) in Self.nodes where kind != "text" && !kind.hasSuffix("target") {
            let ok = await parse(document(String(repeating: "v", count: limit - 10_000)))
            #expect(ok.error == nil, "\(kind) a little below the limit: \(ok.error.map { "\($0)" } ?? "")")
            let over = await parse(document(String(repeating: "v", count: limit + 1)))
            #expect(
                over.error?.code == .nodeLengthLimitExceeded,
                "\(kind) over the limit: \(over.error.map { "\($0)" } ?? "accepted")")
        }
    }

    /// A construct libxml2 reads whole, of 8 MB, well within the lookahead, followed by 2.5 MB
    /// of elements: accepted, with one parser and on every core. (The step after a long
    /// construct holds what follows it too, which libxml2 parses in the same call and keeps in
    /// its buffer until the call ends: a step as long as the construct took the buffer past the
    /// lookahead, and the document was refused at its end.)
    @Test(arguments: [false, true])
    func aConstructWithinTheLookaheadIsNotRefusedForWhatFollowsIt(parallel: Bool) async {
        let body = String(repeating: "v", count: 8 << 20)
        let records = String(repeating: "<rec id=\"1\"><name>abc</name><v>12345</v></rec>\n", count: 50_000)
        var options = XMLParsingOptions.default
        options.parallelism = parallel ? .cores(2) : .off
        for (kind, construct) in Self.nodes where !kind.hasPrefix("text") && !kind.hasSuffix("target") {
            let document = "<doc>\n\(records)\(construct(body))\n\(records)</doc>"
            let outcome = await parse(document, options: options)
            #expect(outcome.error == nil, "\(kind): \(outcome.error.map { "\($0)" } ?? "")")
            let records = outcome.events.count {
                if case .startElement(let name, _, _) = $0 { name.localName == "rec" } else { false }
            }
            #expect(records == 100_000, "\(kind)")
        }
    }

    /// Entity expansion: with no ratio, the allowance to the byte. libxml2 looks an entity up
    /// twice on its first reference (to check its content, then to expand it), so `&x;&x;`
    /// costs 3 × 10 bytes.
    @Test(arguments: Engine.allCases)
    func entityExpansionAllowance(engine: Engine) async {
        let document = "<!DOCTYPE r [<!ENTITY x '0123456789'>]><r>&x;&x;</r>"
        for (allowance, accepted) in [(30, true), (29, false)] {
            let options = engine.options {
                $0.entityExpansionAllowance = allowance
                $0.maxEntityExpansionRatio = 0
            }
            let error = await parse(document, options: options).error
            if accepted {
                #expect(error == nil, "allowance \(allowance): \(error.map { "\($0)" } ?? "")")
            } else {
                #expect(
                    error?.code == .entityExpansionLimitExceeded,
                    "allowance \(allowance): \(error.map { "\($0)" } ?? "accepted")")
                #expect(error?.message.contains("more than \(allowance) bytes") == true)
            }
        }
    }

    /// The ratio: with no allowance, the `k`-th reference to a 100-byte entity is refused once
    /// the expansion passes the ratio times the bytes parsed up to it.
    @Test(arguments: Engine.allCases, [2, 3])
    func entityExpansionRatio(engine: Engine, ratio: Int) async throws {
        let prolog = "<!DOCTYPE r [<!ENTITY x '\(String(repeating: "x", count: 100))'>]><r>"
        let document = prolog + String(repeating: "&x;", count: 40) + "</r>"
        let options = engine.options {
            $0.entityExpansionAllowance = 0
            $0.maxEntityExpansionRatio = ratio
        }
        // The parser is just past the k-th `&x;`; the first is charged twice.
        let parsed = { (k: Int) in prolog.utf8.count + 3 * k }
        let refused = try #require((1...40).first { k in (k + 1) * 100 > ratio * parsed(k) })
        let error = try #require(await parse(document, options: options).error)
        #expect(error.code == .entityExpansionLimitExceeded)
        #expect(error.byteOffset == parsed(refused), "\(error)")
    }

    /// A document of `count` elements with distinct names of 10,000 bytes, a line each.
    static func distinctNames(_ count: Int) -> Data {
        var bytes = Array("<?xml version=\"1.0\"?>\n<r>\n".utf8)
        bytes.reserveCapacity(count * 10_004 + 64)
        for index in 0..<count {
            bytes.append(UInt8(ascii: "<"))
            bytes += distinctName(index)
            bytes += Array("/>\n".utf8)
        }
        bytes += Array("</r>\n".utf8)
        return Data(bytes)
    }

    /// `n` followed by 9,999 bytes: `index` in eight digits, then `x`s.
    static func distinctName(_ index: Int) -> [UInt8] {
        let digits = String(index)
        return Array(("n" + String(repeating: "0", count: 8 - digits.count) + digits).utf8)
            + [UInt8](repeating: UInt8(ascii: "x"), count: 9_991)
    }

    /// How many elements below the root a parse started, each checked for its name, and its
    /// error.
    static func countDistinct(_ document: Data, _ options: XMLParsingOptions) async -> (Int, XMLParsingError?) {
        var started = -1
        do {
            for try await event in XMLEvents(data: document, options: options) {
                guard case .startElement(let name, _, _) = event else { continue }
                if started >= 0, Array(name.localName.utf8) != distinctName(started) {
                    Issue.record("element \(started) is \(name.localName.prefix(12))…")
                }
                started += 1
            }
            return (started, nil)
        } catch {
            return (started, error as? XMLParsingError)
        }
    }

    /// One parser keeps the names it reads (element and attribute names, prefixes, namespace
    /// URIs) in libxml2's dictionary, in blocks each four times the last (at least four times
    /// the name), and takes no new block with the standard limits once they add up to more
    /// than 10,000,000 bytes: 10,000-byte names fill blocks of 13.6 MB. 1,000 of them read to
    /// the end; 3,000 fail with the bound's code (not as memory that ran out, as libxml2 says)
    /// after every element before the one that does not fit; `.huge` reads them, and so do the
    /// chunks of records on two cores, each with a dictionary of its own.
    @Test func distinctNamesUpToTheDictionarysBound() async {
        let (accepted, acceptedError) = await Self.countDistinct(
            Self.distinctNames(1_000), XMLParsingOptions(parallelism: .off))
        #expect(acceptedError == nil, "\(acceptedError.map { "\($0)" } ?? "")")
        #expect(accepted == 1_000)
        let refused = Self.distinctNames(3_000)
        let (count, error) = await Self.countDistinct(refused, XMLParsingOptions(parallelism: .off))
        #expect(error?.code == .distinctNamesLimitExceeded, "\(error.map { "\($0)" } ?? "none")")
        #expect(error?.message.contains("10000000 bytes") == true, "\(error?.message ?? "")")
        // Blocks of 40,000, 160,000, 640,000, 2,560,000 and 10,240,000 bytes (after the first, of
        // 1,000, which holds `r`) hold 3 + 15 + 63 + 255 + 1,023 names of 10,001 bytes with their
        // ends.
        #expect(count == 1_359, "\(count) elements before the error")
        #expect(error?.line == count + 3, "\(error.map { "\($0)" } ?? "none")")
        for options in [XMLParsingOptions(limits: .huge, parallelism: .off), XMLParsingOptions(parallelism: .cores(2))]
        {
            let (all, allError) = await Self.countDistinct(refused, options)
            #expect(allError == nil, "\(options.parallelism): \(allError.map { "\($0)" } ?? "")")
            #expect(all == 3_000, "\(options.parallelism)")
        }
    }
}
