import Foundation
import Testing
import XMLEvents

/// A record that does not decode names its element, the attribute, child element or text the
/// value was read from, and points where the element holding it starts: its `<`.
@Suite("Composition: where a record's error points")
struct CompositionDecodingErrorTests {
    struct Node: Decodable, Sendable {
        var id: Int
        var lat: Double
        var lon: Double?
    }

    struct Position: Decodable, Sendable {
        var lat: Double
    }

    struct Way: Decodable, Sendable {
        var id: Int
        var position: Position
        var tags: [Int]?
    }

    /// The error of decoding the `path` elements of `xml` as `T`, in each way the parser decodes
    /// records: ``XMLEvents/decode(_:matching:namespaces:using:)``, the records of
    /// ``XMLEvents/decode(matching:namespaces:using:_:)``, and the decoded subtrees of
    /// ``XMLEvents/elements(matching:namespaces:)``; each from the whole document and from
    /// chunks of one byte.
    private func errors<T: Decodable & Sendable>(
        _ type: T.Type, _ xml: String, _ path: String
    ) async throws -> [XMLRecordDecodingError] {
        var errors: [XMLRecordDecodingError] = []
        let bytes = Array(xml.utf8)
        let sources = [
            XMLEvents(FixedChunks(chunks: [Data(bytes)])),
            XMLEvents(FixedChunks(chunks: bytes.map { Data([$0]) })),
        ]
        for events in sources {
            let ways: [@Sendable () async throws -> Void] = [
                { for try await _ in try events.decode(T.self, matching: path) {} },
                { for try await _ in try events.decode(matching: path, { try $0.decode(T.self) }) {} },
                { for try await _ in try events.elements(matching: path).decode(T.self) {} },
            ]
            for way in ways {
                do {
                    try await way()
                    Issue.record("decoded without an error")
                } catch let error as XMLRecordDecodingError {
                    errors.append(error)
                }
            }
        }
        return errors
    }

    /// Every error of ``errors(_:_:_:)`` has this description and points at `line`:`column`,
    /// `byteOffset`.
    private func expect<T: Decodable & Sendable>(
        _ type: T.Type, _ xml: String, _ path: String, description: String, line: Int, column: Int,
        byteOffset: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        for error in try await errors(type, xml, path) {
            #expect(error.description == description, sourceLocation: sourceLocation)
            #expect(
                error.location == XMLLocation(line: line, column: column, byteOffset: byteOffset),
                sourceLocation: sourceLocation)
        }
    }

    @Test func anAttributeIsNamedAndItsElementsStartIsPointedAt() async throws {
        // The start tag spans two lines: its `>` is on line 4, its `<` on line 3.
        let xml = """
            <osm>
              <node id="1" lat="1.5" lon="2"/>
              <node id="2"
                    lat="abc" lon="3"/>
            </osm>
            """
        try await expect(
            Node.self, xml, "/osm/node",
            description: #"3:3: error: cannot decode <node> at 'lat': attribute 'lat': cannot read "abc" as Double"#,
            line: 3, column: 3, byteOffset: 43)
    }

    @Test func aChildElementIsNamedAndPointedAt() async throws {
        let xml = "<osm>\n  <way id=\"1\"><position><lat>abc</lat></position></way>\n</osm>"
        try await expect(
            Way.self, xml, "/osm/way",
            description:
                #"2:25: error: cannot decode <way> at 'position.lat': element <lat>: cannot read "abc" as Double"#,
            line: 2, column: 25, byteOffset: 30)
    }

    @Test func anAttributeOfANestedElementNamesThatElement() async throws {
        let xml = "<osm>\n  <way id=\"1\"><position lat=\"x\"/></way>\n</osm>"
        try await expect(
            Way.self, xml, "/osm/way",
            description:
                #"2:15: error: cannot decode <way> at 'position.lat': attribute 'lat' of <position>: cannot read "x" as Double"#,
            line: 2, column: 15, byteOffset: 20)
    }

    @Test func aMissingKeyPointsAtTheElementItWasLookedFor() async throws {
        let xml = "<osm>\n  <way id=\"1\">\n    <position/>\n  </way>\n</osm>"
        try await expect(
            Way.self, xml, "/osm/way",
            description:
                "3:5: error: cannot decode <way> at 'position.lat': no attribute or child element 'lat' in <position>",
            line: 3, column: 5, byteOffset: 25)
        let missing = "<osm><node lat=\"1\"/></osm>"
        try await expect(
            Node.self, missing, "/osm/node",
            description: "1:6: error: cannot decode <node> at 'id': no attribute or child element 'id'",
            line: 1, column: 6, byteOffset: 5)
    }

    @Test func anItemOfAnArrayIsPointedAt() async throws {
        let children = "<osm><way id=\"1\"><position lat=\"1\"/><tags>1</tags>\n<tags>b</tags></way></osm>"
        try await expect(
            Way.self, children, "/osm/way",
            description: #"2:1: error: cannot decode <way> at 'tags[1]': element <tags>: cannot read "b" as Int"#,
            line: 2, column: 1, byteOffset: 51)
        let list = "<osm><way id=\"1\" tags=\"1 2 x\"><position lat=\"1\"/></way></osm>"
        try await expect(
            Way.self, list, "/osm/way",
            description: #"1:6: error: cannot decode <way> at 'tags[2]': attribute 'tags': cannot read "x" as Int"#,
            line: 1, column: 6, byteOffset: 5)
    }

    /// Columns count characters, as libxml2's do: multi-byte characters before the `<` and in
    /// the tag count one each.
    @Test func columnsCountCharacters() async throws {
        let xml = "<osm>ééé<node name=\"Zürich\" id=\"x\" lat=\"1\"/></osm>"
        try await expect(
            Node.self, xml, "/osm/node",
            description: #"1:9: error: cannot decode <node> at 'id': attribute 'id': cannot read "x" as Int"#,
            line: 1, column: 9, byteOffset: 11)
    }

    /// An element an entity's replacement text holds has no `<` in the document: the error points
    /// where the parser reported it, as does one whose document was converted from UTF-16.
    @Test func withoutTheTagsBytesTheReportedPlaceStands() async throws {
        let entity = "<!DOCTYPE osm [<!ENTITY n '<node id=\"x\" lat=\"1\"/>'>]>\n<osm>&n;</osm>"
        var reported: [XMLLocation?] = []
        for try await subtree in try XMLEvents(string: entity).elements(matching: "/osm/node") {
            reported.append(subtree.location)
        }
        for error in try await errors(Node.self, entity, "/osm/node") {
            #expect(error.location == reported.first ?? nil)
            #expect(
                error.description.hasSuffix(
                    #"error: cannot decode <node> at 'id': attribute 'id': cannot read "x" as Int"#))
        }
        var utf16 = Data([0xFE, 0xFF])
        for unit in "<?xml version=\"1.0\" encoding=\"UTF-16\"?><osm><node id=\"x\" lat=\"1\"/></osm>".utf16 {
            utf16.append(contentsOf: [UInt8(unit >> 8), UInt8(unit & 0xFF)])
        }
        var location: XMLLocation?
        for try await subtree in try XMLEvents(FixedChunks(chunks: [utf16])).elements(matching: "/osm/node") {
            location = subtree.location
        }
        do {
            for try await _ in try XMLEvents(FixedChunks(chunks: [utf16])).decode(Node.self, matching: "/osm/node") {}
            Issue.record("decoded without an error")
        } catch let error as XMLRecordDecodingError {
            #expect(error.location == location)
            #expect(error.location != nil)
        }
    }

    /// The `<` is found eight bytes at a time: tags of every length up to a few words, with
    /// multi-byte characters and line feeds at every place in them and before them, point where
    /// the characters say.
    @Test func everyLengthAndPlaceOfCharactersIsCounted() async throws {
        let pieces = ["", "a", "é", "\n", "漢", "😀", "ab\n  c", "xyzé"]
        var checked = 0
        for before in pieces {
            for length in 0..<26 {
                for inside in pieces {
                    let padding = String(repeating: "p", count: length)
                    let prefix = "<osm>" + before.replacingOccurrences(of: "\n", with: " ") + "\n" + before
                    let xml =
                        prefix
                        + "<node\(inside.contains("\n") ? "\n" : " ")a='\(padding)\(inside)' id='x' lat='1'/></osm>"
                    let start = prefix
                    let line = start.filter { $0 == "\n" }.count + 1
                    let column =
                        start.split(separator: "\n", omittingEmptySubsequences: false).last.map { $0.count + 1 } ?? 1
                    var events = try XMLEvents(FixedChunks(chunks: [Data(xml.utf8)])).decode(
                        Node.self, matching: "/osm/node"
                    )
                    .makeAsyncIterator()
                    do {
                        _ = try await events.next()
                        Issue.record("decoded without an error: \(xml)")
                    } catch let error as XMLRecordDecodingError {
                        #expect(
                            error.location == XMLLocation(line: line, column: column, byteOffset: start.utf8.count),
                            "\(xml.debugDescription)")
                    }
                    checked += 1
                }
            }
        }
        #expect(checked == 8 * 26 * 8)
    }

    /// In a document libxml2 converts, a tag of ASCII has the bytes of its UTF-8 in an encoding
    /// that writes ASCII in single bytes: its `<` is found, with the document's own byte offset.
    /// A tag holding other characters keeps the place it was reported at.
    @Test func aConvertedTagOfASCIIIsPointedAt() async throws {
        let prolog = "<?xml version='1.0' encoding='ISO-8859-1'?>"
        let ascii =
            Data(prolog.utf8) + Data("<osm>".utf8) + Data([0xE9, 0xE9]) + Data("\n <node id='x' lat='1'/></osm>".utf8)
        var failures: [XMLRecordDecodingError] = []
        for chunks in [[ascii], ascii.map { Data([$0]) }] {
            do {
                for try await _ in try XMLEvents(FixedChunks(chunks: chunks)).decode(Node.self, matching: "/osm/node") {
                }
            } catch let error as XMLRecordDecodingError {
                failures.append(error)
            }
        }
        #expect(failures.count == 2)
        for error in failures {
            // Line 2, after one space; the two bytes of é in ISO-8859-1 count one each.
            #expect(error.location == XMLLocation(line: 2, column: 2, byteOffset: prolog.utf8.count + 5 + 2 + 2))
        }
        let latin = Data(prolog.utf8) + Data("<osm><node id='x' name='".utf8) + Data([0xE9]) + Data("'/></osm>".utf8)
        var reported: XMLLocation?
        for try await subtree in try XMLEvents(FixedChunks(chunks: [latin])).elements(matching: "/osm/node") {
            reported = subtree.location
        }
        do {
            for try await _ in try XMLEvents(FixedChunks(chunks: [latin])).decode(Node.self, matching: "/osm/node") {}
            Issue.record("decoded without an error")
        } catch let error as XMLRecordDecodingError {
            #expect(error.location == reported)
            #expect(error.location?.column == prolog.count + "<osm><node id='x' name='é'".count + 1)
        }
    }

    /// An error the type throws for a path the decoder did not fail at names the record and
    /// points at its start.
    @Test func anErrorOfTheTypesOwnPointsAtTheRecord() async throws {
        struct Checked: Decodable, Sendable {
            enum CodingKeys: String, CodingKey { case lat }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                let lat = try container.decode(Double.self, forKey: .lat)
                guard lat <= 90 else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .lat, in: container, debugDescription: "out of range")
                }
            }
        }
        try await expect(
            Checked.self, "<osm>\n <node lat=\"91\"><lat>1</lat></node></osm>", "/osm/node",
            description: "2:2: error: cannot decode <node> at 'lat': out of range",
            line: 2, column: 2, byteOffset: 7)
    }

    /// A subtree made in code has no location: the error names without pointing.
    @Test func aSubtreeWithoutLocationIsNamedOnly() throws {
        let node = XMLSubtree(
            name: XMLName(localName: "node"),
            attributes: [
                XMLAttribute(name: XMLName(localName: "id"), value: "1"),
                XMLAttribute(name: XMLName(localName: "lat"), value: "north"),
            ])
        let error = #expect(throws: XMLRecordDecodingError.self) {
            try XMLRecordDecoder().decode(Node.self, from: node)
        }
        #expect(error?.location == nil)
        #expect(
            error?.description
                == #"error: cannot decode <node> at 'lat': attribute 'lat': cannot read "north" as Double"#)
    }

    /// An error made in code keeps the form it had.
    @Test func anErrorMadeInCodeKeepsItsForm() {
        let error = XMLRecordDecodingError(
            location: XMLLocation(line: 2, column: 3, byteOffset: 4),
            underlying: .dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: "bad")))
        #expect(error.description == "2:3: error: cannot decode record: bad")
    }
}

extension CompositionDecodingErrorTests {
    /// A start tag that spans lines is pointed at its `<` when it is the first markup on its line
    /// and its line starts less than 80 bytes before it: those bytes are the same in every parser,
    /// which libxml2's buffer before them is not. Otherwise it points where it was reported.
    @Test(arguments: [
        // Indented on a line of its own.
        ("<osm>\n  <way id='1'>\n    <position\n      lat='abc'/>\n  </way>\n</osm>", 3, 5),
        // After text on its line.
        ("<osm>\n  <way id='1'>\n  text  <position\n      lat='abc'/>\n  </way>\n</osm>", 3, 9),
        // At the start of the document: its line starts with the document.
        ("<way\n id='x'><position lat='1'/></way>", 1, 1),
        // After other markup on its line.
        ("<osm>\n  <way id='1'><position\n      lat='abc'/>\n  </way>\n</osm>", 3, 16),
        // Its line starts 80 bytes before it.
        ("<osm>\n<way id='1'>\n\(String(repeating: " ", count: 80))<position\n lat='abc'/></way></osm>", 4, 11),
        ("<osm>\n<way id='1'>\n\(String(repeating: " ", count: 78))<position\n lat='abc'/></way></osm>", 3, 79),
    ])
    func aTagThatSpansLinesIsPointedAtWhenItsLineIsHeld(xml: String, line: Int, column: Int) async throws {
        for error in try await errors(Way.self, xml, "way") {
            #expect(error.line == line, "\(xml.debugDescription)")
            #expect(error.column == column, "\(xml.debugDescription)")
        }
    }

    /// Where the `<` is does not depend on how the bytes arrive, though libxml2 drops the bytes it
    /// has read from its buffer at places that do: tags that span lines after lines of every
    /// length, read at every chunk size.
    @Test func thePlaceIsTheSameWhateverTheChunks() async throws {
        var document = "<osm>\n"
        for index in 0..<10 {
            let text = String(repeating: "n", count: index * 977 % 5_000)
            document += "<way id=\"\(index)\">\(text)\n   <position\n lat=\"1\"/><note>\(text)</note></way>\n"
        }
        for length in [0, 78, 79, 80, 3_000, 4_100] {
            let text = String(repeating: "t", count: length)
            for failing in [
                "<way id=\"1\">\(text)<position\n lat=\"x\"/></way>",
                "<way id=\"1\">\n\(text)<position\n lat=\"x\"/></way>",
                "<way id=\"1\"><note>\(text)</note>\n<position\n lat=\"x\"/></way>",
            ] {
                let data = Data((document + failing + "</osm>").utf8)
                var seen: [String: [Int]] = [:]
                for chunkSize in [1, 7, 100, 4_096, data.count] {
                    let chunks = stride(from: 0, to: data.count, by: chunkSize).map {
                        Data(data[$0..<min($0 + chunkSize, data.count)])
                    }
                    do {
                        for try await _ in try XMLEvents(FixedChunks(chunks: chunks)).decode(
                            Way.self, matching: "/osm/way")
                        {}
                        Issue.record("decoded without an error")
                    } catch let error as XMLRecordDecodingError {
                        seen["\(error.location.map { "\($0)" } ?? "nil")", default: []].append(chunkSize)
                    }
                }
                #expect(seen.count == 1, "\(length): \(seen)")
            }
        }
    }
}
