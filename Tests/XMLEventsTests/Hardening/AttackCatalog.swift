import Foundation
import XMLEvents

/// Every hostile document the package is checked against, generated here rather than stored.
enum AttackCatalog {
    static let all: [AttackCase] = entityExpansion + attributeDefaults + externalReferences + sizes + malformed

    static func named(_ name: String) -> AttackCase? { (all + [baseline]).first { $0.name == name } }

    /// Not an attack: `<r/>`, whose peak memory is what the child process costs before any
    /// attack (the budget is what an attack may add to it).
    static let baseline = AttackCase(
        name: "baseline: <r/>", document: { _ in AttackDocument("<r/>") },
        expectation: { _ in .result(check: { _ in nil }) })

    /// Nine levels of ten references each: 10^9 copies of "lol" if expanded.
    static func laughs(parameter: Bool) -> String {
        let (sign, reference) = parameter ? ("% ", "%") : ("", "&")
        var declarations = "<!ENTITY \(sign)l0 'lollollollollollollollollollol'>"
        for level in 1...9 {
            let references = String(repeating: "\(reference)l\(level - 1);", count: 10)
            declarations += "<!ENTITY \(sign)l\(level) '\(references)'>"
        }
        return declarations
    }

    static let entityExpansion: [AttackCase] = [
        AttackCase(
            name: "billion laughs in content",
            document: { _ in AttackDocument("<!DOCTYPE r [\(laughs(parameter: false))]><r>&l9;</r>") },
            // Just after `&l9;`. libxml2's own amplification check (it says "entity loop") stops it
            // by default; `.huge` turns that check off, and the package's limit stops it.
            expectation: { mode in
                .error(mode == .standard ? .entityLoop : .entityExpansionLimitExceeded, at: .offset(562))
            }),
        AttackCase(
            name: "billion laughs in an attribute",
            document: { _ in AttackDocument("<!DOCTYPE r [\(laughs(parameter: false))]><r a='&l9;'/>") },
            // Just after `&l9;`, stopped as in content.
            expectation: { mode in
                .error(mode == .standard ? .entityLoop : .entityExpansionLimitExceeded, at: .offset(565))
            }),
        AttackCase(
            name: "billion laughs via parameter entities",
            document: { _ in AttackDocument("<!DOCTYPE r [\(laughs(parameter: true))<!ENTITY big '%l9;'>]><r>&big;</r>")
            },
            // Not well-formed before any expansion: a parameter entity reference inside a markup
            // declaration of the internal subset (XML_ERR_ENTITY_PE_INTERNAL), reported at the end
            // of the first such value, `%l1`'s.
            expectation: { _ in .error(XMLParsingError.Code(rawValue: 88), at: .offset(116)) }),
        AttackCase(
            name: "quadratic blow-up (50 KB entity x 50,000)",
            document: { _ in
                AttackDocument([
                    .text("<!DOCTYPE r [<!ENTITY big '"), .text("x", times: 50_000), .text("'>]><r>"),
                    .text("&big;", times: 50_000), .text("</r>"),
                ])
            },
            // After the 31st `&big;` (50,034 + 31 × 5 bytes): 1.55 MB of replacement text, past the
            // allowance of 1 MiB plus 10 bytes per byte of the document parsed.
            expectation: { _ in .error(.entityExpansionLimitExceeded, at: .offset(50_189)) }),
        AttackCase(
            name: "recursive entities",
            document: { _ in AttackDocument("<!DOCTYPE r [<!ENTITY a '&b;'><!ENTITY b '&a;'>]><r>&a;</r>") },
            // Just after `&a;`.
            expectation: { _ in .error(.entityLoop, at: .offset(55)) }),
    ]

    /// An attribute-list declaration for `element` of `count` attributes, each `name(index)`
    /// defaulting to `value(index)`.
    static func defaults(
        for element: String, count: Int, name: @escaping @Sendable (Int) -> String,
        value: @escaping @Sendable (Int) -> String
    ) -> [AttackDocument.Segment] {
        [.text("<!ATTLIST \(element)"), .numbered(count: count) { " \(name($0)) CDATA '\(value($0))'" }, .text(">")]
    }

    static let kilobyteValue = String(repeating: "v", count: 1_000)

    /// A DTD that gives `element` 500 defaults, each `name(index)` set to `value(index)`, and a
    /// root `root` (with `rootAttributes`) holding `before`, then 2,000 empty `element`s.
    static func defaultsOnElements(
        root: String = "r", rootAttributes: String = "", element: String = "e",
        name: @escaping @Sendable (Int) -> String = { "a\($0)" },
        value: @escaping @Sendable (Int) -> String = { _ in kilobyteValue }, before: [AttackDocument.Segment] = []
    ) -> AttackDocument {
        AttackDocument(
            [.text("<!DOCTYPE \(root) [")] + defaults(for: element, count: 500, name: name, value: value)
                + [.text("]><\(root)\(rootAttributes)>")] + before
                + [.text("<\(element)/>", times: 2_000), .text("</\(root)>")])
    }

    /// DTD attribute defaults: libxml2 hands every element the values its `<!ATTLIST>` defaults,
    /// and the recorder copies them for each element, so a few bytes of element multiply the
    /// declaration. The copies are charged to the amplification allowance entity expansion
    /// draws on (1 MiB plus 10 bytes per byte of the document parsed, for the document and for
    /// each step on its own), in both modes.
    static let attributeDefaults: [AttackCase] = [
        AttackCase(
            name: "attribute defaults (500 x 1 KB) on 2,000 elements",
            document: { _ in defaultsOnElements() },
            // At the 12th `<e/>` (its `/`, where libxml2 reports an empty tag), after the 506,920
            // bytes of the prolog: 12 × 512,000 bytes (500 values of 1,000 bytes and their 24-byte
            // rows) pass 1 MiB plus 10 times the 506,966 bytes parsed.
            expectation: { _ in .error(.attributeDefaultsLimitExceeded, at: .offset(506_966)) }),
        AttackCase(
            name: "namespaced attribute defaults (500 x 1 KB) on 2,000 elements",
            document: { _ in
                defaultsOnElements(
                    root: "p:r", rootAttributes: " xmlns:p='urn:p'", element: "p:e", name: { "p:a\($0)" })
            },
            // At the 12th `<p:e/>`'s `/`, after the 507,942 bytes of the prolog, as above.
            expectation: { _ in .error(.attributeDefaultsLimitExceeded, at: .offset(508_012)) }),
        AttackCase(
            name: "namespace declaration defaults (500 x 1 KB) on 2,000 elements",
            document: { _ in
                defaultsOnElements(name: { "xmlns:n\($0)" }, value: { "urn:\($0):" + kilobyteValue })
            },
            // At the 12th `<e/>`'s `/`, after the 513,810 bytes of the prolog: each element is
            // given 521,780 bytes (500 declarations of about 1,006 bytes, with their 32-byte rows).
            expectation: { _ in .error(.attributeDefaultsLimitExceeded, at: .offset(513_856)) }),
        AttackCase(
            name: "attribute defaults on 100 element types (50 x 200 bytes each)",
            document: { _ in
                let value = String(repeating: "v", count: 200)
                let declarations = (0..<100).flatMap { type in
                    defaults(for: "e\(type)", count: 50, name: { "a\($0)" }, value: { _ in value })
                }
                return AttackDocument(
                    [.text("<!DOCTYPE r [")] + declarations
                        + [.text("]><r>"), .numbered(count: 20_000) { "<e\($0 % 100)/>" }, .text("</r>")])
            },
            // At the 1,051st element (`<e50/>`)'s `/`, 6,194 bytes after the 1,065,408 of the
            // prolog: 1,051 × 11,200 bytes pass 1 MiB plus 10 times the 1,071,602 bytes parsed.
            expectation: { _ in .error(.attributeDefaultsLimitExceeded, at: .offset(1_071_602)) }),
        AttackCase(
            name: "attribute defaults after 8 MB of comments",
            document: { _ in
                // The comments earn the document 80 MB of allowance, which no step may spend at
                // once.
                defaultsOnElements(before: [.text("<!--" + String(repeating: "c", count: 1_017) + "-->", times: 8_000)])
            },
            // At the third `<e/>`'s `/`, after the 8,698,920 bytes of the prolog and comments:
            // within the document's allowance (87 MB by then), but the step's third element brings
            // it to 1,536,000 bytes, past 1 MiB plus 10 times the 4,106 bytes the step parsed.
            expectation: { _ in .error(.attributeDefaultsLimitExceeded, at: .offset(8_698_930)) }),
    ]

    /// The external entity was skipped (its reference reported as such, nothing read) or the
    /// document refused just after `&leaked;`, which is then undeclared (both documents end with
    /// `[&leaked;]</r>`).
    static let skippedOrRefused = AttackExpectation.errorOrResult(.undeclaredEntity, at: .beforeEnd(5)) {
        skipped("leaked", $0)
    }

    /// Why `report` is not the text `[` and `]` around the skipped entity `name`, or `nil`.
    static func skipped(_ name: String, _ report: AttackReport) -> String? {
        report.texts == ["[", "]"] && report.skippedEntities == [name]
            ? nil : "texts \(report.texts), skipped \(report.skippedEntities), expected [\"[\", \"]\"] around &\(name);"
    }

    static let externalReferences: [AttackCase] = [
        AttackCase(
            name: "XXE: general entity to a local file",
            document: { targets in
                AttackDocument("<!DOCTYPE r [<!ENTITY x SYSTEM '\(targets.secretFile.absoluteString)'>]><r>[&x;]</r>")
            },
            expectation: { _ in .result { skipped("x", $0) } }),
        AttackCase(
            name: "XXE: parameter entity to a local file",
            secretFileContent: { "<!ENTITY leaked '\($0)'>" },
            document: { targets in
                AttackDocument(
                    "<!DOCTYPE r [<!ENTITY % p SYSTEM '\(targets.secretFile.absoluteString)'> %p;]><r>[&leaked;]</r>")
            },
            expectation: { _ in skippedOrRefused }),
        AttackCase(
            name: "XXE: external entity in an attribute default",
            document: { targets in
                AttackDocument(
                    "<!DOCTYPE r [<!ENTITY x SYSTEM '\(targets.secretFile.absoluteString)'>"
                        + "<!ATTLIST r a CDATA '&x;'>]><r/>")
            },
            // XML_ERR_ENTITY_IS_EXTERNAL, just after `&x;` in the default (before `'>]><r/>`).
            expectation: { _ in .error(XMLParsingError.Code(rawValue: 29), at: .beforeEnd(8)) }),
        AttackCase(
            name: "external DTD over HTTP",
            source: .http,
            secretFileContent: { "<!ENTITY leaked '\($0)'>" },
            document: { targets in
                AttackDocument(
                    "<!DOCTYPE r SYSTEM '\(targets.canary("/canary/evil.dtd").absoluteString)'><r>[&leaked;]</r>")
            },
            expectation: { _ in .result { skipped("leaked", $0) } }),
        AttackCase(
            name: "external general entity over HTTP",
            source: .http,
            document: { targets in
                AttackDocument(
                    "<!DOCTYPE r [<!ENTITY g SYSTEM '\(targets.canary("/canary/g.ent").absoluteString)'>]><r>[&g;]</r>")
            },
            expectation: { _ in .result { skipped("g", $0) } }),
        AttackCase(
            name: "external parameter entity over HTTP",
            source: .http,
            secretFileContent: { "<!ENTITY leaked '\($0)'>" },
            document: { targets in
                AttackDocument(
                    "<!DOCTYPE r [<!ENTITY % p SYSTEM '\(targets.canary("/canary/p.dtd").absoluteString)'> %p;]>"
                        + "<r>[&leaked;]</r>")
            },
            expectation: { _ in skippedOrRefused }),
        AttackCase(
            name: "XInclude of a URL and a local file",
            source: .http,
            document: { targets in
                AttackDocument(
                    "<r xmlns:xi='http://www.w3.org/2001/XInclude'>"
                        + "<xi:include href='\(targets.canary("/canary/inc.xml").absoluteString)'/>"
                        + "<xi:include href='\(targets.secretFile.absoluteString)' parse='text'/></r>")
            },
            expectation: { _ in
                .result { report in
                    report.elementNames == ["r", "xi:include", "xi:include"] && report.texts.isEmpty
                        ? nil : "elements \(report.elementNames), texts \(report.texts)"
                }
            }),
    ]

    static let sizes: [AttackCase] = [
        AttackCase(
            name: "nesting 10^5 deep",
            document: { _ in AttackDocument([.text("<d>", times: 100_000), .text("</d>", times: 100_000)]) },
            // The 257th start tag, at its `>` (where libxml2 reports a start tag).
            expectation: { mode in
                mode == .standard
                    ? .error(.depthLimitExceeded, at: .offset(770))
                    : .result { $0.maxDepth == 100_000 && $0.elements == 100_000 ? nil : "depth \($0.maxDepth)" }
            }),
        AttackCase(
            name: "nesting 10^6 deep",
            document: { _ in AttackDocument([.text("<d>", times: 1_000_000), .text("</d>", times: 1_000_000)]) },
            // The 257th start tag by default, the 100,001st with `.huge`, each at its `>`.
            expectation: { mode in .error(.depthLimitExceeded, at: .offset(mode == .standard ? 770 : 300_002)) }),
        AttackCase(
            name: "10^5 attributes on one element",
            document: { _ in
                AttackDocument([.text("<e"), .numbered(count: 100_000) { " a\($0)='v'" }, .text("/>")])
            },
            // Both caps (1,024, and 10,000 with .huge) are enforced before libxml2's quadratic
            // duplicate check runs on the whole tag: at the tag's `<`.
            expectation: { _ in .error(.attributeLimitExceeded, at: .offset(0)) }),
        AttackCase(
            name: "64 MB text node",
            document: { _ in AttackDocument([.text("<t>"), .text("0123456789abcdef", times: 4 << 20), .text("</t>")]) },
            expectation: { mode in
                // libxml2 advances the column over a run of text before handing it over and the
                // input after, so the column is at the end of the run that crossed the limit and
                // the byte offset at its start, one 4 KiB step before.
                mode == .standard
                    ? .error(.nodeLengthLimitExceeded, at: .point(line: 1, column: 10_002_433, byteOffset: 9_998_336))
                    : .result { $0.textBytes == 64 << 20 ? nil : "text bytes \($0.textBytes)" }
            },
            memoryExemption: [.huge: "allowed by .huge (nodes up to 1 GB): the text is delivered whole"]),
    ]

    static let malformed: [AttackCase] = [
        AttackCase(
            name: "invalid UTF-8",
            document: { _ in
                AttackDocument(bytes: Array("<r>ok ".utf8) + [0xC3, 0x28, 0xED, 0xA0, 0x80] + Array("</r>".utf8))
            },
            // At the first bad sequence.
            expectation: { _ in .error(.invalidCharacter, at: .offset(6)) }),
        AttackCase(
            name: "truncated UTF-8 at the end",
            document: { _ in AttackDocument(bytes: Array("<r>ok ".utf8) + [0xE4, 0xB8]) },
            // At the cut character: the document is truncated (libxml2's own report, "detected an
            // error in element content", is the message's detail).
            expectation: { _ in .error(.truncated, at: .offset(6)) }),
        AttackCase(
            name: "NUL bytes",
            document: { _ in AttackDocument(bytes: Array("<r>a".utf8) + [0, 0] + Array("b</r>".utf8)) },
            // At the first NUL.
            expectation: { _ in .error(.invalidCharacter, at: .offset(4)) }),
        AttackCase(
            name: "two roots",
            document: { _ in AttackDocument("<a/><b/>") },
            // At the second root.
            expectation: { _ in .error(.extraContent, at: .offset(4)) }),
        AttackCase(
            name: "text after the root",
            document: { _ in AttackDocument("<a/>trailing text") },
            // At the text.
            expectation: { _ in .error(.extraContent, at: .offset(4)) }),
        AttackCase(
            name: "unknown encoding",
            document: { _ in AttackDocument("<?xml version='1.0' encoding='x-no-such-charset'?><r/>") },
            // Just after the name's closing quote.
            expectation: { _ in .error(.unsupportedEncoding, at: .offset(48)) }),
    ]
}
