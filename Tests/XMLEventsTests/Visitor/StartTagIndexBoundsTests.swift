import Foundation
import Testing
import XMLEvents

/// An attribute index past the end of a start tag is a programming error that must stop the
/// process, as an array's does, rather than read the parser's memory beyond the tag: there, in
/// the same step, lie the next tags' attributes.
@Suite struct StartTagIndexBoundsTests {
    /// Reads one attribute past the end of `<public>`, which has one, with `read`.
    struct PastTheEnd: XMLVisitor {
        let read: (borrowing XMLStartTag, Int) -> String
        var values: [String] = []

        mutating func startElement(_ tag: borrowing XMLStartTag) {
            guard tag.name.localName == "public" else { return }
            values.append(read(tag, tag.attributeCount))
        }
    }

    static let document = "<r><public id='visible'/><private password='hunter2'/></r>"

    static func visit(reading read: @escaping (borrowing XMLStartTag, Int) -> String) async throws {
        var visitor = PastTheEnd(read: read)
        try await XMLEvents(string: document).visit(&visitor)
        print("read past the end of <public>: \(visitor.values)")
    }

    @Test func attributeValuePastTheEndStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            try await StartTagIndexBoundsTests.visit { tag, index in tag.attributeValue(at: index) }
        }
    }

    @Test func attributeNamePastTheEndStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            try await StartTagIndexBoundsTests.visit { tag, index in tag.attributeName(at: index).qualifiedName }
        }
    }

    @Test func borrowedAttributeValuePastTheEndStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            try await StartTagIndexBoundsTests.visit { tag, index in tag.withAttributeValue(at: index) { $0.string } }
        }
    }
}
