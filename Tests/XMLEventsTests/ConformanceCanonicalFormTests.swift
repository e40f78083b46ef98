import Foundation
import Testing
import XMLEvents

/// The events, written in James Clark's canonical XML, against the W3C suite's expected outputs:
/// the check that what is reported is right, not only that a document is accepted.
///
/// Compared: every standalone valid XML 1.0 case with an output in the first canonical form
/// (outputs in the second form, which has the notation declarations, are not events;
/// XML 1.1 is listed in ``ConformanceKnownDeviations``; cases the parser rejects are checked by
/// ``ConformanceTests``).
@Suite struct ConformanceCanonicalFormTests {
    /// Cases whose canonical form differs, each with the reason.
    static let knownDifferences: [String: String] = [
        "valid-sa-068":
            "libxml2 2.9.14 normalizes a carriage return that a character reference put into an internal "
            + "entity's replacement text, as if it were a line end of the document"
    ]

    @Test func eventsMatchTheCanonicalOutputs() async throws {
        let suite = try ConformanceSuite.load()
        var compared = 0
        var differences: [String: String] = [:]
        for testCase in suite.cases where testCase.isStandalone && testCase.type == "valid" {
            guard let output = testCase.output, testCase.version != "1.1" else { continue }
            let expected = try Data(contentsOf: suite.root.appendingPathComponent(output))
            guard expected.firstRange(of: Data("<!DOCTYPE".utf8)) == nil else { continue }
            let outcome = await parse(try Data(contentsOf: suite.url(of: testCase)))
            guard outcome.error == nil else { continue }
            compared += 1
            let canonical = Data(Self.canonicalForm(outcome.events).utf8)
            if canonical != expected {
                differences[testCase.id] =
                    "got \(String(decoding: canonical.prefix(200), as: UTF8.self)), "
                    + "want \(String(decoding: expected.prefix(200), as: UTF8.self))"
            }
        }
        print("W3C canonical forms: \(compared - differences.count) of \(compared) identical")
        #expect(compared > 200)
        let unexplained = differences.filter { Self.knownDifferences[$0.key] == nil }
        #expect(unexplained.isEmpty, "\(unexplained.sorted { $0.key < $1.key })")
        let stale = Set(Self.knownDifferences.keys).subtracting(differences.keys)
        #expect(stale.isEmpty, "listed but now identical: \(stale.sorted())")
    }

    /// The first canonical form: the root element and the processing instructions, attributes
    /// (namespace declarations among them) sorted by name, no comments, characters escaped.
    static func canonicalForm(_ events: [XMLEvent]) -> String {
        var out = ""
        var depth = 0
        for event in events {
            switch event {
            case .startElement(let name, let attributes, let namespaces):
                var pairs = attributes.map { ($0.name.qualifiedName, $0.value) }
                pairs += namespaces.map { ($0.prefix.map { "xmlns:" + $0 } ?? "xmlns", $0.uri) }
                pairs.sort { $0.0.unicodeScalars.lexicographicallyPrecedes($1.0.unicodeScalars) }
                out += "<" + name.qualifiedName
                for (name, value) in pairs { out += " \(name)=\"\(escape(value))\"" }
                out += ">"
                depth += 1
            case .endElement(let name):
                out += "</" + name.qualifiedName + ">"
                depth -= 1
            case .text(let text), .cdata(let text):
                if depth > 0 { out += escape(text) }
            case .processingInstruction(let target, let data):
                out += "<?\(target) \(data)?>"
            case .startDocument, .doctype, .comment, .skippedEntity, .endDocument:
                break
            }
        }
        return out
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
