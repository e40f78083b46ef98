import Foundation
import Testing
import XMLEvents

/// A user's type saying which of an attribute and a child element of one name it reads, as Go's
/// `xml:"lat,attr"` does, and the errors that name where a value was read from: the public
/// surface only, as an app sees it.
@Suite struct NodeDecodingScenarios {
    /// OpenStreetMap-like: the coordinates are attributes, and a stray child element of the same
    /// name must not be read; the name is a child element, beside an attribute of the same name.
    struct Node: Decodable, Equatable, Sendable, XMLNodeDecoding {
        var id: Int
        var lat: Double
        var name: String

        enum CodingKeys: String, CodingKey {
            case id, lat, name
        }

        static func nodeDecoding(for key: any CodingKey) -> XMLRecordDecoder.NodeDecoding {
            switch key as? CodingKeys {
            case .id, .lat: .attribute
            case .name: .element
            case nil: .attributeOrElement
            }
        }
    }

    static let document = """
        <osm>
          <node id="1" lat="1.5" name="attribute"><lat>99</lat><name>Oslo</name></node>
          <node id="2" lat="2.5" name="attribute"><name>Bergen</name></node>
        </osm>
        """

    @Test func aTypeSaysWhereEachKeyIsRead() async throws {
        var nodes: [Node] = []
        for try await node in try XMLEvents(string: Self.document).decode(Node.self, matching: "/osm/node") {
            nodes.append(node)
        }
        #expect(nodes == [Node(id: 1, lat: 1.5, name: "Oslo"), Node(id: 2, lat: 2.5, name: "Bergen")])

        let chosen = try XMLEvents(string: Self.document).decode(matching: "/osm/node") { record -> Node? in
            try record.decode(Node.self)
        }
        var count = 0
        for try await node in chosen {
            #expect(node.lat < 3)
            count += 1
        }
        #expect(count == 2)
    }

    @Test func aKeyOfOneKindIsMissingWithOnlyTheOther() async throws {
        let document = "<osm>\n  <node id=\"1\" name=\"attribute\"><lat>1</lat><name>x</name></node>\n</osm>"
        do {
            for try await _ in try XMLEvents(string: document).decode(Node.self, matching: "/osm/node") {}
            Issue.record("decoded without an error")
        } catch let error as XMLRecordDecodingError {
            #expect(error.description == "2:3: error: cannot decode <node> at 'lat': no attribute 'lat'")
            #expect(error.line == 2)
            #expect(error.column == 3)
        }
    }

    @Test func theErrorNamesTheAttributeAndPointsAtItsElement() async throws {
        let document = "<osm>\n  <node id=\"1\"\n        lat=\"north\"><name>x</name></node>\n</osm>"
        do {
            for try await _ in try XMLEvents(string: document).decode(Node.self, matching: "/osm/node") {}
            Issue.record("decoded without an error")
        } catch let error as XMLRecordDecodingError {
            #expect(
                error.description
                    == #"2:3: error: cannot decode <node> at 'lat': attribute 'lat': cannot read "north" as Double"#)
            #expect(error.codingPathDescription == "lat")
            #expect(error.location?.byteOffset == 8)
        }
    }
}
