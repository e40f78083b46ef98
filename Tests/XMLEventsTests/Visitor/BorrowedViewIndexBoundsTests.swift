import Foundation
import Testing
import XMLEvents

/// An index outside a borrowed view is a programming error that must stop the process, as an
/// array's does, rather than read the parser's memory beyond the view: there, in the same step,
/// lie the next tags' attributes and the next texts' bytes.
///
/// Each test checks that the process stopped on the view's own check, by its message: a debug
/// build's `UnsafeBufferPointer` would trap on some of these indexes too (without the check, or
/// with one off by one), and a release build would not trap at all. The views stop the process
/// with `fatalError`, whose message every build prints.
@Suite struct BorrowedViewIndexBoundsTests {
    /// Where in a view of `count` elements an index points.
    enum Position {
        case first
        case last
        /// `count`.
        case end
        /// -1.
        case beforeTheStart

        func index(count: Int) -> Int {
            switch self {
            case .first: return 0
            case .last: return count - 1
            case .end: return count
            case .beforeTheStart: return -1
            }
        }
    }

    /// Reads one attribute of `<public>`, which has one, at `position`, with `read`.
    struct AttributeReader: XMLVisitor {
        let position: Position
        let read: (borrowing XMLStartTag, Int) -> String
        var values: [String] = []

        mutating func startElement(_ tag: borrowing XMLStartTag) {
            guard tag.name.localName == "public" else { return }
            values.append(read(tag, position.index(count: tag.attributes.count)))
        }
    }

    static let document = "<r><public id='visible'/><private password='hunter2'/>text<!--after--></r>"

    static func visit(
        at position: Position, reading read: @escaping (borrowing XMLStartTag, Int) -> String
    ) async throws {
        var visitor = AttributeReader(position: position, read: read)
        try await XMLEvents(string: document).visit(&visitor)
        print("read outside <public>: \(visitor.values)")
    }

    /// Reads the byte at `position` of the text `text`.
    struct TextReader: XMLVisitor {
        let position: Position
        var bytes: [UInt8] = []

        mutating func text(_ text: borrowing XMLText) {
            bytes.append(text[position.index(count: text.count)])
        }
    }

    static func readText(at position: Position) async throws {
        var visitor = TextReader(position: position)
        try await XMLEvents(string: document).visit(&visitor)
        print("read outside the text: \(visitor.bytes)")
    }

    /// The process stopped, and on the view's check.
    static func expectStopped(
        _ result: ExitTest.Result?, saying message: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let errors = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(errors.contains(message), "standard error: \(errors.prefix(2_000))", sourceLocation: sourceLocation)
    }

    @Test func attributeValuePastTheEndStopsTheProcess() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            try await BorrowedViewIndexBoundsTests.visit(at: .end) { tag, index in tag.attributes.value(at: index) }
        }
        Self.expectStopped(result, saying: "XMLStartTag attribute index 1 is out of range 0..<1")
    }

    @Test func attributeValueBeforeTheStartStopsTheProcess() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            try await BorrowedViewIndexBoundsTests.visit(at: .beforeTheStart) { tag, index in
                tag.attributes.value(at: index)
            }
        }
        Self.expectStopped(result, saying: "XMLStartTag attribute index -1 is out of range 0..<1")
    }

    @Test func attributeNamePastTheEndStopsTheProcess() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            try await BorrowedViewIndexBoundsTests.visit(at: .end) { tag, index in
                tag.attributes.name(at: index).qualifiedName
            }
        }
        Self.expectStopped(result, saying: "XMLStartTag attribute index 1 is out of range 0..<1")
    }

    @Test func attributeNameBeforeTheStartStopsTheProcess() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            try await BorrowedViewIndexBoundsTests.visit(at: .beforeTheStart) { tag, index in
                tag.attributes.name(at: index).qualifiedName
            }
        }
        Self.expectStopped(result, saying: "XMLStartTag attribute index -1 is out of range 0..<1")
    }

    @Test func borrowedAttributeValuePastTheEndStopsTheProcess() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            try await BorrowedViewIndexBoundsTests.visit(at: .end) { tag, index in
                tag.attributes.withValue(at: index) { $0.string }
            }
        }
        Self.expectStopped(result, saying: "XMLStartTag attribute index 1 is out of range 0..<1")
    }

    @Test func borrowedAttributeValueBeforeTheStartStopsTheProcess() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            try await BorrowedViewIndexBoundsTests.visit(at: .beforeTheStart) { tag, index in
                tag.attributes.withValue(at: index) { $0.string }
            }
        }
        Self.expectStopped(result, saying: "XMLStartTag attribute index -1 is out of range 0..<1")
    }

    @Test func textBytePastTheEndStopsTheProcess() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            try await BorrowedViewIndexBoundsTests.readText(at: .end)
        }
        Self.expectStopped(result, saying: "XMLText index 4 is out of range 0..<4")
    }

    @Test func textByteBeforeTheStartStopsTheProcess() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            try await BorrowedViewIndexBoundsTests.readText(at: .beforeTheStart)
        }
        Self.expectStopped(result, saying: "XMLText index -1 is out of range 0..<4")
    }

    /// The indexes inside the views read what they should, so the checks above stop only what
    /// is outside.
    @Test func indexesInsideTheViewsRead() async throws {
        var attributes = AttributeReader(position: .last) { tag, index in
            "\(tag.attributes.name(at: index).qualifiedName)=\(tag.attributes.value(at: index))"
                + tag.attributes.withValue(at: index) { "/\($0.count)" }
        }
        try await XMLEvents(string: Self.document).visit(&attributes)
        #expect(attributes.values == ["id=visible/7"])
        var first = TextReader(position: .first)
        try await XMLEvents(string: Self.document).visit(&first)
        var last = TextReader(position: .last)
        try await XMLEvents(string: Self.document).visit(&last)
        #expect(first.bytes == [UInt8(ascii: "t")] && last.bytes == [UInt8(ascii: "t")])
    }
}
