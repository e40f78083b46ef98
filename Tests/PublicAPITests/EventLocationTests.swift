import Foundation
import Testing
import XMLEvents

/// `XMLParsingOptions.locatesEveryEvent`: the events' iterator tells where each event of any kind
/// was reported; without it, where the last start element was.
@Suite struct EventLocationTests {
    /// One event of each kind, on lines of known length (the byte offsets count from 0).
    static let document = """
        <?xml version="1.0"?>
        <!DOCTYPE doc>
        <doc a="1">
          <!-- c -->
          <?pi data?>
          <![CDATA[x]]>
          <e>t&amp;u</e>
        </doc>

        """

    /// Each event, written short, with `line:column@byteOffset` or `nil`.
    static func locations(
        of events: XMLEvents<XMLByteSource>
    ) async throws -> [String] {
        var iterator = events.makeAsyncIterator()
        var seen: [String] = []
        while let event = try await iterator.next() {
            let location = iterator.location.map { "\($0)@\($0.byteOffset)" } ?? "nil"
            seen.append("\(short(event)) \(location)")
        }
        return seen
    }

    static func short(_ event: XMLEvent) -> String {
        switch event {
        case .startDocument: "startDocument"
        case .doctype(let name, _, _): "doctype \(name)"
        case .startElement(let name, _, _): "<\(name.qualifiedName)>"
        case .endElement(let name): "</\(name.qualifiedName)>"
        case .text(let text): "text \(text.debugDescription)"
        case .cdata(let text): "cdata \(text.debugDescription)"
        case .comment(let text): "comment \(text.debugDescription)"
        case .processingInstruction(let target, _): "pi \(target)"
        case .skippedEntity(let name): "skipped \(name)"
        case .endDocument: "endDocument"
        }
    }

    @Test func everyKindOfEventHasItsLocation() async throws {
        let options = XMLParsingOptions(reportsCDATA: true, locatesEveryEvent: true)
        let seen = try await Self.locations(of: XMLEvents(string: Self.document, options: options))
        #expect(
            seen == [
                "startDocument 1:22@21",  // after the XML declaration
                "doctype doc 2:14@35",  // at its closing `>`
                "<doc> 3:11@47",  // at its closing `>`, as without the option
                #"text "\n  " 4:3@51"#,  // where the markup after it begins
                #"comment " c " 4:13@61"#,  // just after its `>`
                #"text "\n  " 5:3@64"#,
                "pi pi 5:14@75",  // just after its `>`
                #"text "\n  " 6:3@78"#,
                #"cdata "x" 6:12@87"#,  // at its content
                #"text "\n  " 7:3@94"#,
                "<e> 7:5@96",
                #"text "t&u" 7:7@98"#,  // just after its first piece, at the reference
                "</e> 7:17@108",  // just after its `>`
                #"text "\n" 8:1@109"#,
                "</doc> 8:7@115",
                "endDocument 9:1@116",  // the end of the input
            ])
    }

    @Test func withoutTheOptionTheLocationIsTheLastStartElements() async throws {
        let options = XMLParsingOptions(reportsCDATA: true)
        let seen = try await Self.locations(of: XMLEvents(string: Self.document, options: options))
        let locations = seen.map { $0.split(separator: " ").last.map(String.init) ?? "" }
        let expected: [String] =
            ["nil", "nil"] + Array(repeating: "3:11@47", count: 8) + Array(repeating: "7:5@96", count: 6)
        #expect(locations == expected)
    }

    /// A text run libxml2 reports in pieces (a long run, references, an entity) is one event,
    /// located just after its first piece.
    @Test func aTextInPiecesIsLocatedAfterItsFirstPiece() async throws {
        let lines = String(repeating: "abcdefghi\n", count: 100)
        let document = "<!DOCTYPE doc [<!ENTITY e 'E'>]>\n<doc>\(lines)&e;&#65;z</doc>"
        let seen = try await Self.locations(
            of: XMLEvents(string: document, options: XMLParsingOptions(locatesEveryEvent: true)))
        let text = "text \((lines + "EAz").debugDescription) 102:1@1038"  // at `&e;`
        #expect(
            seen == [
                "startDocument 1:1@0",
                "doctype doc 1:15@14",  // at its internal subset's `[`
                "<doc> 2:5@37",
                text,
                "</doc> 102:16@1053",
                "endDocument 102:16@1053",
            ])
    }

    /// An empty-element tag is a start, at its `/>`, and an end, just after it.
    @Test func anEmptyElementTagsTwoEvents() async throws {
        let seen = try await Self.locations(
            of: XMLEvents(string: "<r><f/><g a='1'/></r>", options: XMLParsingOptions(locatesEveryEvent: true)))
        #expect(
            seen == [
                "startDocument 1:1@0", "<r> 1:3@2",
                "<f> 1:6@5", "</f> 1:8@7",  // at its `/>`, then just after it
                "<g> 1:16@15", "</g> 1:18@17",
                "</r> 1:22@21", "endDocument 1:22@21",
            ])
    }

    /// Offsets count the input's bytes, in the document's own encoding.
    @Test func offsetsCountTheInputsBytes() async throws {
        var bytes = Array(#"<?xml version="1.0" encoding="ISO-8859-1"?>"#.utf8) + Array("\n<a>".utf8)
        bytes += [0xE9, 0xE9] + Array("&amp;</a>".utf8)  // éé in ISO-8859-1: two bytes, not four
        let seen = try await Self.locations(
            of: XMLEvents(data: Data(bytes), options: XMLParsingOptions(locatesEveryEvent: true)))
        #expect(
            seen == [
                "startDocument 1:44@43", "<a> 2:3@46", #"text "éé&" 2:6@49"#, "</a> 2:15@58", "endDocument 2:15@58",
            ])
    }

    /// A document of several 4 KiB steps: the same events at the same locations whatever the
    /// chunks, every event located, and the offsets never going back.
    @Test(arguments: [1, 7, 4096])
    func locationsDoNotDependOnTheChunks(chunkSize: Int) async throws {
        var document = "<?xml version=\"1.0\"?>\n<!DOCTYPE log [<!ENTITY who 'someone'>]>\n<log>\n"
        for index in 0..<200 {
            document += "  <entry n=\"\(index)\"><!-- \(index) --><?mark \(index)?>"
            document += "<![CDATA[<raw \(index)>]]>by &who; &amp; \(String(repeating: "x", count: index))</entry>\n"
        }
        document += "</log>\n"
        let options = XMLParsingOptions(reportsCDATA: true, locatesEveryEvent: true)
        let whole = try await Self.locations(of: XMLEvents(string: document, options: options))
        let chunked = try await Self.locations(of: XMLEvents(string: document, chunkSize: chunkSize, options: options))
        #expect(chunked == whole)
        // The prolog and <log>; per entry the text before it and its six events; the text before
        // </log>, </log> and the end.
        let eventCount = 3 + 200 * 7 + 3
        #expect(whole.count == eventCount)
        #expect(!whole.contains { $0.hasSuffix(" nil") })
        let offsets = whole.compactMap { $0.split(separator: "@").last.flatMap { Int($0) } }
        #expect(offsets.count == whole.count)
        let ordered = zip(offsets, offsets.dropFirst()).allSatisfy { (before: Int, after: Int) in before <= after }
        #expect(ordered)
        #expect(offsets.last == document.utf8.count)
    }
}
