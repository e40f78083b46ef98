import Foundation
import Testing
import XMLEvents

/// `XMLSubtree.elements(matching:)` and `firstElement(matching:)`: a path evaluated below one
/// element, as the document's own selection would evaluate it with that element's children at the
/// root.
@Suite("Composition: paths below a subtree")
struct CompositionSubtreePathTests {
    static let feed = """
        <feed><entry id="e1">\
        <title>One</title>\
        <author><name>Ann</name><uri>a</uri></author>\
        <contributor><author><name>Nested</name></author></contributor>\
        <link rel="self"/><link rel="alternate"/>\
        <name>top-level name</name>\
        </entry></feed>
        """

    static func entry() async throws -> XMLSubtree {
        var found: XMLSubtree?
        for try await entry in XMLEvents(string: feed).elements(matching: try XMLPath("entry")) { found = entry }
        return try #require(found)
    }

    @Test func aRelativePathSelectsAtAnyDepthInDocumentOrder() async throws {
        let entry = try await Self.entry()
        #expect(try entry.elements(matching: XMLPath("author/name")).map(\.text) == ["Ann", "Nested"])
        #expect(try entry.elements(matching: XMLPath("name")).map(\.text) == ["Ann", "Nested", "top-level name"])
        #expect(try entry.firstElement(matching: XMLPath("author/name"))?.text == "Ann")
        #expect(try entry.elements(matching: XMLPath("link")).map { $0.attributes["rel"] } == ["self", "alternate"])
    }

    @Test func anAbsolutePathIsAnchoredAtTheChildren() async throws {
        let entry = try await Self.entry()
        #expect(try entry.elements(matching: XMLPath("/author/name")).map(\.text) == ["Ann"])
        #expect(try entry.elements(matching: XMLPath("/name")).map(\.text) == ["top-level name"])
        #expect(try entry.elements(matching: XMLPath("/contributor/author/name")).map(\.text) == ["Nested"])
        #expect(try entry.firstElement(matching: XMLPath("/entry")) == nil)
    }

    @Test func theElementItselfIsNotBelowItself() async throws {
        let entry = try await Self.entry()
        #expect(try entry.elements(matching: XMLPath("entry")).isEmpty)
        #expect(try entry.elements(matching: XMLPath("missing")).isEmpty)
        #expect(try entry.elements(matching: XMLPath("*")).count == 6)
        #expect(try entry.elements(matching: XMLPath("*/*")).count == 3)
    }

    /// Below a subtree, a path selects what it would select in the documents its child elements
    /// would be the roots of, one after the other.
    @Test func agreesWithTheDocumentsOwnSelection() async throws {
        let entry = try await Self.entry()
        for written in ["name", "author/name", "*/name", "/author/*", "link", "/contributor/author", "*"] {
            let path = try XMLPath(written)
            let below = entry.elements(matching: path).map(\.description)
            var selected: [String] = []
            for child in entry.childElements {
                for try await element in XMLEvents(string: child.description).elements(matching: path) {
                    selected.append(element.description)
                }
            }
            #expect(below == selected, "path \(written)")
        }
    }

    @Test func aDeepTreeIsWalkedWithoutRecursion() async throws {
        let depth = 50_000
        let document = String(repeating: "<d>", count: depth) + "<leaf/>" + String(repeating: "</d>", count: depth)
        var options = XMLParsingOptions.default
        options.limits.maxDepth = depth + 10
        var root: XMLSubtree?
        for try await element in XMLEvents(string: "<r>" + document + "</r>", options: options)
            .elements(matching: try XMLPath("/r"))
        {
            root = element
        }
        let tree = try #require(root)
        #expect(try tree.elements(matching: XMLPath("leaf")).count == 1)
        #expect(try tree.elements(matching: XMLPath("d")).count == 1)
        #expect(try tree.firstElement(matching: XMLPath("d/d/leaf"))?.name.localName == "leaf")
    }
}
