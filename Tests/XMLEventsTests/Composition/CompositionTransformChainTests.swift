import Foundation
import Synchronization
import Testing
import XMLEvents

/// Chained transforms apply each to the output of the one before it, in the order written: one
/// pass gives the document that separate passes give, each writing what the next one reads.
@Suite struct CompositionTransformChainTests {
    /// What a transform does to each element its path selects.
    enum Action: Sendable, CustomStringConvertible {
        case remove
        case replaceWithNothing
        case annotate
        case rename(String)
        case dropFirstChild
        case wrap

        var description: String {
            switch self {
            case .remove: "remove"
            case .replaceWithNothing: "nil"
            case .annotate: "annotate"
            case .rename(let name): "rename to \(name)"
            case .dropFirstChild: "drop the first child"
            case .wrap: "wrap"
            }
        }

        func replacement(of element: XMLSubtree) -> XMLSubtree? {
            var element = element
            switch self {
            case .remove, .replaceWithNothing:
                return nil
            case .annotate:
                element.attributes["checked"] = "yes"
            case .rename(let name):
                element.name = XMLName(localName: name)
            case .dropFirstChild:
                if !element.children.isEmpty { element.children.removeFirst() }
            case .wrap:
                return XMLSubtree(name: XMLName(localName: "w"), children: [.element(element)])
            }
            return element
        }
    }

    struct Transform: Sendable, CustomStringConvertible {
        var path: String
        var action: Action
        var trims = false

        var description: String { "\(action) \(path)\(trims ? " (trimming)" : "")" }

        func applied(to events: XMLEvents<XMLByteSource>) throws -> XMLEvents<XMLByteSource>.Transformed {
            let action = action
            if case .remove = action { return try events.removingElements(matching: path, trimmingWhitespace: trims) }
            return try events.replacingElements(matching: path, trimmingWhitespace: trims) {
                action.replacement(of: $0)
            }
        }

        func applied(
            to events: XMLEvents<XMLByteSource>.Transformed
        ) throws -> XMLEvents<XMLByteSource>.Transformed {
            let action = action
            if case .remove = action { return try events.removingElements(matching: path, trimmingWhitespace: trims) }
            return try events.replacingElements(matching: path, trimmingWhitespace: trims) {
                action.replacement(of: $0)
            }
        }
    }

    static func written(_ events: some AsyncSequence<XMLEvent, any Error>) async throws -> String {
        var collected: [XMLEvent] = []
        for try await event in events { collected.append(event) }
        return try XMLWriter.string(for: collected)
    }

    /// The transforms chained on one sequence, read in one pass.
    static func onePass(_ document: String, _ transforms: [Transform], chunkSize: Int = 65_536) async throws -> String {
        var chained = try transforms[0].applied(to: XMLEvents(string: document, chunkSize: chunkSize))
        for transform in transforms.dropFirst() { chained = try transform.applied(to: chained) }
        return try await written(chained)
    }

    /// Each transform on its own, reading the document the one before it wrote.
    static func separatePasses(_ document: String, _ transforms: [Transform]) async throws -> String {
        var text = document
        for transform in transforms { text = try await written(transform.applied(to: XMLEvents(string: text))) }
        return text
    }

    static let documents = [
        """
        <registry>
          <record id="1">
            <name>One</name>
            <comment>internal</comment>
          </record>
          <record id="2"><name>Two</name><comment>c2</comment><note>n</note></record>
          <comment>top</comment>
          <record id="3">text <comment>x</comment> more<!--c--><?pi d?></record>
        </registry>
        """,
        """
        <r>t0<a>t1<b>t2<a>t3<b/>t4</a></b>t5</a>
          <b>x</b>
          <c>
            <a><b>deep</b></a>
          </c>
          <a/><b/>end</r>
        """,
        """
        <f xmlns="urn:f" xmlns:p="urn:p"><p:e k="1"><g/> <p:g>y</p:g></p:e>
          <e><p:g>x</p:g><g/></e><![CDATA[<e/>]]></f>
        """,
    ]

    static let transforms: [Transform] = [
        Transform(path: "record/comment", action: .remove),
        Transform(path: "comment", action: .remove, trims: true),
        Transform(path: "/registry/record", action: .annotate),
        Transform(path: "record", action: .replaceWithNothing, trims: true),
        Transform(path: "comment", action: .rename("note")),
        Transform(path: "note", action: .replaceWithNothing),
        Transform(path: "name", action: .wrap),
        Transform(path: "w/name", action: .dropFirstChild),
        Transform(path: "a", action: .remove),
        Transform(path: "b", action: .remove, trims: true),
        Transform(path: "a/b", action: .wrap),
        Transform(path: "/r/a", action: .dropFirstChild),
        Transform(path: "(a|c)", action: .rename("b")),
        Transform(path: "b", action: .annotate),
        Transform(path: "w/b", action: .replaceWithNothing),
        Transform(path: "{urn:p}e", action: .rename("g")),
        Transform(path: "g", action: .remove),
        Transform(path: "e", action: .wrap),
        Transform(path: "{urn:p}g", action: .annotate),
    ]

    /// The issue's example: the removal inside the records stays removed when the records are
    /// replaced after it, and in the other order too.
    @Test func aRemovalInsideAReplacedElementStaysRemoved() async throws {
        let document =
            "<registry><record id=\"1\"><name>One</name><comment>internal</comment></record></registry>"
        let annotate: @Sendable (XMLSubtree) -> XMLSubtree? = { record in
            var record = record
            record.attributes["checked"] = "yes"
            return record
        }
        let removingFirst = try XMLEvents(string: document)
            .removingElements(matching: "record/comment")
            .replacingElements(matching: "/registry/record", with: annotate)
        let replacingFirst = try XMLEvents(string: document)
            .replacingElements(matching: "/registry/record", with: annotate)
            .removingElements(matching: "record/comment")
        let expected = "<registry><record id=\"1\" checked=\"yes\"><name>One</name></record></registry>\n"
        #expect(try await Self.written(removingFirst) == expected)
        #expect(try await Self.written(replacingFirst) == expected)
    }

    /// Every ordered pair of the transforms, on every document: one pass, at two chunk sizes, and
    /// separate passes write the same document.
    @Test(arguments: documents.indices)
    func everyPairInOnePassIsSeparatePasses(document index: Int) async throws {
        let document = Self.documents[index]
        var changed = 0
        for first in Self.transforms {
            for second in Self.transforms {
                let expected = try await Self.separatePasses(document, [first, second])
                let output = try await Self.onePass(document, [first, second])
                #expect(output == expected, "\(first), then \(second)")
                let bytewise = try await Self.onePass(document, [first, second], chunkSize: 1)
                #expect(bytewise == expected, "\(first), then \(second), fed a byte at a time")
                if expected != (try await Self.separatePasses(document, [first])) { changed += 1 }
            }
        }
        // The pairs are not vacuous: many second transforms change what the first wrote.
        #expect(changed > 20)
    }

    /// Chains of three, where each transform can select what the one before made: every pair,
    /// then a removal, a replacement by nothing with trimming, a rename and a wrap.
    @Test(arguments: documents.indices)
    func chainsOfThreeInOnePassAreSeparatePasses(document index: Int) async throws {
        let document = Self.documents[index]
        for first in Self.transforms {
            for second in Self.transforms where second.path != first.path {
                for third in [Self.transforms[1], Self.transforms[3], Self.transforms[4], Self.transforms[10]] {
                    let chain = [first, second, third]
                    let expected = try await Self.separatePasses(document, chain)
                    #expect(try await Self.onePass(document, chain) == expected, "\(chain)")
                }
            }
        }
    }

    /// A replacement's elements are offered to the transforms after it, not to its own.
    @Test func aReplacementIsTransformedByTheLaterTransformsOnly() async throws {
        let document = "<r><a><b/></a><b/></r>"
        let transformed = try XMLEvents(string: document)
            .replacingElements(matching: "a") { _ in
                XMLSubtree(
                    name: XMLName(localName: "a"), children: [.element(XMLSubtree(name: XMLName(localName: "a")))])
            }
            .removingElements(matching: "b")
        #expect(try await Self.written(transformed) == "<r><a><a/></a></r>\n")
    }

    /// The later transforms' subtrees carry the location of the element's start tag, as the
    /// first transform's do.
    @Test func laterTransformsSeeWhereTheElementStarted() async throws {
        let document = "<r>\n  <a><b/></a>\n  <a/>\n</r>"
        let locations = LockedLocations()
        let transformed = try XMLEvents(string: document)
            .removingElements(matching: "b")
            .replacingElements(matching: "a") { element in
                locations.append(element.location)
                return element
            }
        _ = try await Self.written(transformed)
        #expect(locations.values.map { $0?.line } == [2, 3])
    }

    /// Text held back by a later transform is delivered before an error, as every event before
    /// it is.
    @Test func theEventsBeforeAnErrorComeOutOfEveryTransform() async throws {
        var events = try XMLEvents(string: "<r>one<x/>two\n  <y>three</y>\n  <z></r>")
            .removingElements(matching: "x")
            .removingElements(matching: "y", trimmingWhitespace: true)
            .makeAsyncIterator()
        var texts: [String] = []
        await #expect(throws: XMLParsingError.self) {
            while let event = try await events.next() {
                if case .text(let text) = event { texts.append(text) }
            }
        }
        // The second transform reads the text around the removed `x` as one run, as it would in the
        // document the first wrote, so that run is not indentation to trim; the whitespace it
        // holds back before `<z>` comes out before the error.
        #expect(texts == ["onetwo\n  ", "\n  "])
        #expect(try await events.next() == nil)
    }

    /// A replacing closure's error in a later transform ends the iteration after the events
    /// before it.
    @Test func aLaterTransformsErrorComesAfterTheEventsBeforeIt() async throws {
        struct Refusal: Error {}
        var events = try XMLEvents(string: "<r><k/><x/></r>")
            .removingElements(matching: "nothing")
            .replacingElements(matching: "x") { _ in throw Refusal() }
            .makeAsyncIterator()
        var seen: [XMLEvent] = []
        await #expect(throws: Refusal.self) {
            while let event = try await events.next() { seen.append(event) }
        }
        #expect(seen.count == 4)  // the document's start, <r>, <k>, </k>
        #expect(try await events.next() == nil)
    }

    final class LockedLocations: Sendable {
        private let storage = Mutex<[XMLLocation?]>([])
        func append(_ location: XMLLocation?) { storage.withLock { $0.append(location) } }
        var values: [XMLLocation?] { storage.withLock { $0 } }
    }
}
