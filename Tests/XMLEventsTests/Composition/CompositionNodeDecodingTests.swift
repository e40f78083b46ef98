import Foundation
import Testing
import XMLEvents

/// A type that adopts ``XMLNodeDecoding`` reads each key from an attribute, a child element, or
/// either, as it says; every other type keeps the rule: the attribute first.
@Suite("Composition: attribute or child element, as the type says")
struct CompositionNodeDecodingTests {
    /// `<n lat="1"><lat>2</lat></n>` holds both.
    static let both = "<r><n lat=\"1\" id=\"7\"><lat>2</lat><name>child</name></n></r>"

    struct Default: Decodable, Equatable, Sendable {
        var lat: Double
    }

    struct FromAttribute: Decodable, Equatable, Sendable, XMLNodeDecoding {
        var lat: Double
        static func nodeDecoding(for key: any CodingKey) -> XMLRecordDecoder.NodeDecoding {
            key.stringValue == "lat" ? .attribute : .attributeOrElement
        }
    }

    struct FromElement: Decodable, Equatable, Sendable, XMLNodeDecoding {
        var lat: Double
        static func nodeDecoding(for key: any CodingKey) -> XMLRecordDecoder.NodeDecoding {
            key.stringValue == "lat" ? .element : .attributeOrElement
        }
    }

    /// The records of `xml` at `path` decoded as `T` in every way records are decoded: in the
    /// parser, one type or several, from subtrees of any sequence, one subtree, and at the
    /// cursor. Each way must give the same records.
    private func decodedEveryWay<T: Decodable & Equatable & Sendable>(
        _ type: T.Type, _ xml: String, path: String = "/r/n",
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> [T] {
        let events = XMLEvents(string: xml)
        let records = try await collect(events.decode(T.self, matching: path))
        let chosen = try await collect(events.decode(matching: path) { try $0.decode(T.self) })
        let subtrees = try await collect(events.elements(matching: path).decode(T.self))
        let anySequence = try await collect(events.filter { _ in true }.decode(T.self, matching: path))
        var single: [T] = []
        for subtree in try await collect(events.elements(matching: path)) {
            single.append(try XMLRecordDecoder().decode(T.self, from: subtree))
        }
        var cursor: [T] = []
        var iterator = events.makeAsyncIterator()
        while let event = try await iterator.next() {
            if case .startElement(let name, _, _) = event, name.localName == "n" {
                cursor.append(try await iterator.decodeElement(T.self))
            }
        }
        for (way, other) in [
            ("choosing", chosen), ("subtrees", subtrees), ("any sequence", anySequence), ("one subtree", single),
            ("cursor", cursor),
        ] {
            #expect(other == records, "\(way)", sourceLocation: sourceLocation)
        }
        return records
    }

    /// The error of decoding `xml` as `T` from its subtree.
    private func failure<T: Decodable>(_ type: T.Type, _ xml: String) async throws -> XMLRecordDecodingError? {
        let element = try await subtree(xml)
        return #expect(throws: XMLRecordDecodingError.self) { try XMLRecordDecoder().decode(T.self, from: element) }
    }

    @Test func theRuleStandsForTypesThatDoNotSay() async throws {
        #expect(try await decodedEveryWay(Default.self, Self.both) == [Default(lat: 1)])
        #expect(try await decodedEveryWay(Default.self, "<r><n><lat>2</lat></n></r>") == [Default(lat: 2)])
    }

    @Test func anAttributeKeyReadsTheAttributeOnly() async throws {
        #expect(try await decodedEveryWay(FromAttribute.self, Self.both) == [FromAttribute(lat: 1)])
        let error = try await failure(FromAttribute.self, "<n><lat>2</lat></n>")
        #expect(error?.codingPathDescription == "lat")
        // A subtree's location is where its start tag was reported, its `>`.
        #expect(error?.description == "1:3: error: cannot decode <n> at 'lat': no attribute 'lat'")
        guard case .keyNotFound(_, let context) = error?.underlying else {
            Issue.record("expected keyNotFound, got \(String(describing: error))")
            return
        }
        #expect(context.debugDescription == "no attribute 'lat'")
    }

    @Test func anElementKeyReadsChildElementsOnly() async throws {
        #expect(try await decodedEveryWay(FromElement.self, Self.both) == [FromElement(lat: 2)])
        let error = try await failure(FromElement.self, "<n lat=\"1\"/>")
        #expect(error?.description == "1:11: error: cannot decode <n> at 'lat': no child element 'lat'")
    }

    /// An optional key of one kind is `nil` when only the other kind is there.
    @Test func anOptionalKeyIsNilWithOnlyTheOtherKind() async throws {
        struct Optionals: Decodable, Equatable, Sendable, XMLNodeDecoding {
            var id: Int?
            var name: String?
            var other: String?
            static func nodeDecoding(for key: any CodingKey) -> XMLRecordDecoder.NodeDecoding {
                switch key.stringValue {
                case "id": .element
                case "name": .attribute
                default: .attributeOrElement
                }
            }
        }
        #expect(
            try await decodedEveryWay(Optionals.self, Self.both) == [Optionals(id: nil, name: nil, other: nil)])
        let present = "<r><n name=\"attr\"><id>3</id><other>o</other></n></r>"
        #expect(
            try await decodedEveryWay(Optionals.self, present) == [Optionals(id: 3, name: "attr", other: "o")])
    }

    /// Arrays of an element key collect the children even beside an attribute, which the rule
    /// would read as a list; an attribute key reads the list.
    @Test func arraysFollowTheKind() async throws {
        struct Children: Decodable, Equatable, Sendable, XMLNodeDecoding {
            var tag: [String]
            static func nodeDecoding(for key: any CodingKey) -> XMLRecordDecoder.NodeDecoding { .element }
        }
        struct List: Decodable, Equatable, Sendable, XMLNodeDecoding {
            var tag: [String]
            static func nodeDecoding(for key: any CodingKey) -> XMLRecordDecoder.NodeDecoding { .attribute }
        }
        struct Rule: Decodable, Equatable, Sendable {
            var tag: [String]
        }
        let xml = "<r><n tag=\"a b\"><tag>x</tag><other/><tag>y</tag></n></r>"
        #expect(try await decodedEveryWay(Children.self, xml) == [Children(tag: ["x", "y"])])
        #expect(try await decodedEveryWay(List.self, xml) == [List(tag: ["a", "b"])])
        #expect(try await decodedEveryWay(Rule.self, xml) == [Rule(tag: ["a", "b"])])
        #expect(try await decodedEveryWay(List.self, "<r><n><tag>x</tag></n></r>") == [List(tag: [])])
    }

    /// Each type answers for its own keys: a nested type that does not adopt the protocol keeps
    /// the rule inside one that does, and one that does is followed inside one that does not.
    @Test func nestedTypesAnswerForTheirOwnKeys() async throws {
        struct Inner: Decodable, Equatable, Sendable {
            var v: String
        }
        struct InnerFromElement: Decodable, Equatable, Sendable, XMLNodeDecoding {
            var v: String
            static func nodeDecoding(for key: any CodingKey) -> XMLRecordDecoder.NodeDecoding { .element }
        }
        struct Outer: Decodable, Equatable, Sendable, XMLNodeDecoding {
            var inner: Inner
            var items: [InnerFromElement]
            static func nodeDecoding(for key: any CodingKey) -> XMLRecordDecoder.NodeDecoding { .element }
        }
        struct Plain: Decodable, Equatable, Sendable {
            var inner: InnerFromElement
        }
        let xml = """
            <r><n inner="attribute"><inner v="attr"><v>child</v></inner>\
            <items v="a1"><v>c1</v></items><items v="a2"><v>c2</v></items></n></r>
            """
        #expect(
            try await decodedEveryWay(Outer.self, xml) == [
                Outer(
                    inner: Inner(v: "attr"), items: [InnerFromElement(v: "c1"), InnerFromElement(v: "c2")])
            ])
        let plain = "<r><n><inner v=\"attr\"><v>child</v></inner></n></r>"
        #expect(try await decodedEveryWay(Plain.self, plain) == [Plain(inner: InnerFromElement(v: "child"))])
    }

    /// The keys of a type's own nested containers are asked about too, and so are keys written
    /// `prefix:local` or read through a key strategy.
    @Test func nestedContainersAndKeyStrategies() async throws {
        struct Coordinates: Decodable, Equatable, Sendable, XMLNodeDecoding {
            var lat: String
            var lon: String
            enum CodingKeys: String, CodingKey { case position }
            enum PositionKeys: String, CodingKey {
                case lat
                case lon = "geo:lon"
            }
            init(lat: String, lon: String) {
                self.lat = lat
                self.lon = lon
            }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                let position = try container.nestedContainer(keyedBy: PositionKeys.self, forKey: .position)
                lat = try position.decode(String.self, forKey: .lat)
                lon = try position.decode(String.self, forKey: .lon)
            }
            static func nodeDecoding(for key: any CodingKey) -> XMLRecordDecoder.NodeDecoding {
                key is PositionKeys || key is CodingKeys ? .element : .attribute
            }
        }
        let xml = """
            <r xmlns:geo="urn:geo"><n position="p"><position lat="a" geo:lon="a">\
            <lat>c</lat><geo:lon>c</geo:lon></position></n></r>
            """
        #expect(try await decodedEveryWay(Coordinates.self, xml) == [Coordinates(lat: "c", lon: "c")])

        struct Kebab: Decodable, Equatable, Sendable, XMLNodeDecoding {
            var startDate: String
            static func nodeDecoding(for key: any CodingKey) -> XMLRecordDecoder.NodeDecoding { .element }
        }
        var decoder = XMLRecordDecoder()
        decoder.keyDecodingStrategy = .convertFromKebabCase
        let kebab = "<r><n start-date=\"attr\"><start-date>child</start-date></n></r>"
        let records = try await collect(XMLEvents(string: kebab).decode(Kebab.self, matching: "/r/n", using: decoder))
        #expect(records == [Kebab(startDate: "child")])
        decoder.keyDecodingStrategy = .custom { path in
            XMLTestKey(stringValue: path.last?.stringValue == "start-date" ? "startDate" : "")
        }
        let custom = try await collect(XMLEvents(string: kebab).decode(Kebab.self, matching: "/r/n", using: decoder))
        #expect(custom == [Kebab(startDate: "child")])
    }

    /// The answers are per type, also when one sequence decodes several types.
    @Test func severalTypesInOnePass() async throws {
        enum Item: Equatable, Sendable {
            case attribute(FromAttribute)
            case element(FromElement)
            case rule(Default)
        }
        let xml = "<r><a lat=\"1\"><lat>2</lat></a><e lat=\"1\"><lat>2</lat></e><d lat=\"1\"><lat>2</lat></d></r>"
        let items = try await collect(
            XMLEvents(string: xml).decode(matching: "/r/*") { record -> Item? in
                switch record.name.localName {
                case "a": .attribute(try record.decode(FromAttribute.self))
                case "e": .element(try record.decode(FromElement.self))
                default: .rule(try record.decode(Default.self))
                }
            })
        #expect(items == [.attribute(FromAttribute(lat: 1)), .element(FromElement(lat: 2)), .rule(Default(lat: 1))])
    }

    /// `allKeys` and `contains` see the keys as the type reads them.
    @Test func containersListTheKeysAsTheTypeReadsThem() async throws {
        struct Listing: Decodable, Equatable, Sendable, XMLNodeDecoding {
            var keys: [String]
            var containsLat: Bool
            init(keys: [String], containsLat: Bool) {
                self.keys = keys
                self.containsLat = containsLat
            }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: XMLTestKey.self)
                keys = container.allKeys.map(\.stringValue).sorted()
                containsLat = container.contains(XMLTestKey(stringValue: "lat"))
            }
            static func nodeDecoding(for key: any CodingKey) -> XMLRecordDecoder.NodeDecoding {
                key.stringValue == "id" ? .element : .attribute
            }
        }
        let xml = "<r><n id=\"1\"><lat>2</lat><name/></n></r>"
        #expect(try await decodedEveryWay(Listing.self, xml) == [Listing(keys: [], containsLat: false)])
    }
}
