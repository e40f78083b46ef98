import Foundation
import XMLEvents

/// Every hostile document the package is checked against, generated here rather than stored.
enum AttackCatalog {
    static let all: [AttackCase] = entityExpansion + externalReferences + sizes + malformed

    static func named(_ name: String) -> AttackCase? { all.first { $0.name == name } }

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
            expectation: { _ in .error(.entityExpansionLimitExceeded, .entityLoop) }),
        AttackCase(
            name: "billion laughs in an attribute",
            document: { _ in AttackDocument("<!DOCTYPE r [\(laughs(parameter: false))]><r a='&l9;'/>") },
            expectation: { _ in .anyError }),
        AttackCase(
            name: "billion laughs via parameter entities",
            document: { _ in AttackDocument("<!DOCTYPE r [\(laughs(parameter: true))<!ENTITY big '%l9;'>]><r>&big;</r>")
            },
            expectation: { _ in .anyError }),
        AttackCase(
            name: "quadratic blow-up (50 KB entity x 50,000)",
            document: { _ in
                AttackDocument([
                    .text("<!DOCTYPE r [<!ENTITY big '"), .text("x", times: 50_000), .text("'>]><r>"),
                    .text("&big;", times: 50_000), .text("</r>"),
                ])
            },
            expectation: { _ in .error(.entityExpansionLimitExceeded) }),
        AttackCase(
            name: "recursive entities",
            document: { _ in AttackDocument("<!DOCTYPE r [<!ENTITY a '&b;'><!ENTITY b '&a;'>]><r>&a;</r>") },
            expectation: { _ in .anyError }),
    ]

    /// The external entity was skipped (its reference left nothing) or the document refused.
    static let skippedOrRefused = AttackExpectation.errorOrResult {
        $0.texts == ["[]"] ? nil : "texts \($0.texts), expected [\"[]\"]"
    }

    static let externalReferences: [AttackCase] = [
        AttackCase(
            name: "XXE: general entity to a local file",
            document: { targets in
                AttackDocument("<!DOCTYPE r [<!ENTITY x SYSTEM '\(targets.secretFile.absoluteString)'>]><r>[&x;]</r>")
            },
            expectation: { _ in .result { $0.texts == ["[]"] ? nil : "texts \($0.texts), expected [\"[]\"]" } }),
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
            expectation: { _ in .anyError }),
        AttackCase(
            name: "external DTD over HTTP",
            source: .http,
            secretFileContent: { "<!ENTITY leaked '\($0)'>" },
            document: { targets in
                AttackDocument(
                    "<!DOCTYPE r SYSTEM '\(targets.canary("/canary/evil.dtd").absoluteString)'><r>[&leaked;]</r>")
            },
            expectation: { _ in .result { $0.texts == ["[]"] ? nil : "texts \($0.texts), expected [\"[]\"]" } }),
        AttackCase(
            name: "external general entity over HTTP",
            source: .http,
            document: { targets in
                AttackDocument(
                    "<!DOCTYPE r [<!ENTITY g SYSTEM '\(targets.canary("/canary/g.ent").absoluteString)'>]><r>[&g;]</r>")
            },
            expectation: { _ in .result { $0.texts == ["[]"] ? nil : "texts \($0.texts), expected [\"[]\"]" } }),
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
            expectation: { mode in
                mode == .standard
                    ? .error(.depthLimitExceeded)
                    : .result { $0.maxDepth == 100_000 && $0.elements == 100_000 ? nil : "depth \($0.maxDepth)" }
            }),
        AttackCase(
            name: "nesting 10^6 deep",
            document: { _ in AttackDocument([.text("<d>", times: 1_000_000), .text("</d>", times: 1_000_000)]) },
            expectation: { _ in .error(.depthLimitExceeded) }),
        AttackCase(
            name: "10^5 attributes on one element",
            document: { _ in
                AttackDocument([.text("<e"), .numbered(count: 100_000) { " a\($0)='v'" }, .text("/>")])
            },
            // Both caps (1,024, and 10,000 with .huge) are enforced before libxml2's quadratic
            // duplicate check runs on the whole tag.
            expectation: { _ in .error(.attributeLimitExceeded) }),
        AttackCase(
            name: "64 MB text node",
            document: { _ in AttackDocument([.text("<t>"), .text("0123456789abcdef", times: 4 << 20), .text("</t>")]) },
            expectation: { mode in
                mode == .standard
                    ? .error(.nodeLengthLimitExceeded)
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
            expectation: { _ in .anyError }),
        AttackCase(
            name: "truncated UTF-8 at the end",
            document: { _ in AttackDocument(bytes: Array("<r>ok ".utf8) + [0xE4, 0xB8]) },
            expectation: { _ in .anyError }),
        AttackCase(
            name: "NUL bytes",
            document: { _ in AttackDocument(bytes: Array("<r>a".utf8) + [0, 0] + Array("b</r>".utf8)) },
            expectation: { _ in .anyError }),
        AttackCase(
            name: "two roots",
            document: { _ in AttackDocument("<a/><b/>") },
            expectation: { _ in .anyError }),
        AttackCase(
            name: "text after the root",
            document: { _ in AttackDocument("<a/>trailing text") },
            expectation: { _ in .anyError }),
        AttackCase(
            name: "unknown encoding",
            document: { _ in AttackDocument("<?xml version='1.0' encoding='x-no-such-charset'?><r/>") },
            expectation: { _ in .error(.unsupportedEncoding) }),
    ]
}
