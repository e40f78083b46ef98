import Foundation
import Testing
import XMLEvents

@Suite("Composition: paths")
struct CompositionPathTests {
    // MARK: - Reading paths

    @Test(arguments: [
        ("/registry/record", "/registry/record", true),
        ("record", "record", false),
        ("channel/item", "channel/item", false),
        ("*", "*", false),
        ("/*/*", "/*/*", true),
        ("{urn:x}a/{}b", "{urn:x}a/{}b", false),
        ("{http://example.com/a/b}feed/entry", "{http://example.com/a/b}feed/entry", false),
        ("atom:feed/atom:*", "{http://www.w3.org/2005/Atom}feed/{http://www.w3.org/2005/Atom}*", false),
        ("xml:lang", "{http://www.w3.org/XML/1998/namespace}lang", false),
        ("/osm/(node|way)", "/osm/(node|way)", true),
        ("(a|atom:b|*)/c", "(a|{http://www.w3.org/2005/Atom}b|*)/c", false),
        ("({urn:a|b}x|y)", "({urn:a|b}x|y)", false),
        ("(only)", "only", false),
    ])
    func readsValidPaths(path: String, canonical: String, isAbsolute: Bool) throws {
        let parsed = try XMLPath(path, namespaces: ["atom": "http://www.w3.org/2005/Atom"])
        #expect(parsed.description == canonical)
        #expect(parsed.isAbsolute == isAbsolute)
    }

    @Test(arguments: [
        ("", XMLPathError.Reason.emptyPath),
        ("/", .emptyPath),
        ("a//b", .emptyStep),
        ("a/", .emptyStep),
        ("{urn:x", .unterminatedNamespace),
        ("{urn:x}", .invalidName("{urn:x}")),
        ("p:a", .unknownPrefix("p")),
        ("a b", .invalidName("a b")),
        ("1a", .invalidName("1a")),
        ("a:b:c", .invalidName("a:b:c")),
        ("(a|)", .invalidName("(a|)")),
        ("()", .invalidName("()")),
        ("(a|b", .invalidName("(a|b")),
        ("/r/(a|p:b)", .unknownPrefix("p")),
    ])
    func rejectsInvalidPaths(path: String, reason: XMLPathError.Reason) {
        #expect(throws: XMLPathError(path: path, reason: reason)) { try XMLPath(path) }
    }

    @Test func rejectsTooManySteps() {
        let path = Array(repeating: "a", count: XMLPath.maximumStepCount + 1).joined(separator: "/")
        #expect(throws: XMLPathError(path: path, reason: .tooManySteps(64))) { try XMLPath(path) }
        #expect(throws: Never.self) {
            try XMLPath(Array(repeating: "a", count: XMLPath.maximumStepCount).joined(separator: "/"))
        }
    }

    @Test func namedPathsAreOneStep() throws {
        #expect(try XMLPath(named: "{urn:a/b}item").description == "{urn:a/b}item")
        #expect(throws: XMLPathError(path: "a/b", reason: .invalidName("a/b"))) { try XMLPath(named: "a/b") }
        #expect(throws: XMLPathError(path: "", reason: .emptyPath)) { try XMLPath(named: "") }
        let name = XMLName(localName: "entry", prefix: "a", namespaceURI: "urn:atom")
        #expect(XMLPath(name: name).description == "{urn:atom}entry")
    }

    @Test func matchesAncestries() throws {
        let names = ["rss", "channel", "item"].map { XMLName(localName: $0) }
        #expect(try XMLPath("channel/item").matches(names))
        #expect(try XMLPath("/rss/channel/item").matches(names))
        #expect(try !XMLPath("/channel/item").matches(names))
        #expect(try XMLPath("/*/*/item").matches(names))
        #expect(try !XMLPath("item/channel").matches(names))
        #expect(try !XMLPath("{urn:x}item").matches(names))
        #expect(try XMLPath("{}item").matches(names))
    }

    // MARK: - Selecting

    static let feed = """
        <rss><channel><title>T</title>\
        <item><title>A</title></item>\
        <group><item><title>B</title></item></group>\
        </channel>\
        <item><title>C</title></item></rss>
        """

    @Test func absolutePathsMatchTheWholeAncestry() async throws {
        #expect(
            try await selected(Self.feed, path: "/rss/channel/item") == ["<item><title>A</title></item>"])
        #expect(try await selected(Self.feed, path: "/rss/item") == ["<item><title>C</title></item>"])
        #expect(try await selected(Self.feed, path: "/channel/item").isEmpty)
    }

    @Test func relativePathsMatchAnySuffix() async throws {
        #expect(try await selected(Self.feed, path: "item").count == 3)
        #expect(
            try await selected(Self.feed, path: "channel/item") == ["<item><title>A</title></item>"])
        #expect(try await selected(Self.feed, path: "group/item/title") == ["<title>B</title>"])
        #expect(
            try await selected(Self.feed, path: "item/title") == [
                "<title>A</title>", "<title>B</title>", "<title>C</title>",
            ])
    }

    @Test func wildcardsMatchOneStep() async throws {
        #expect(
            try await selected(Self.feed, path: "/rss/*/item/title") == ["<title>A</title>"])
        #expect(try await selected(Self.feed, path: "channel/*/item") == ["<item><title>B</title></item>"])
        #expect(try await selected(Self.feed, path: "/*").count == 1)
    }

    static let namespaced = """
        <feed xmlns="http://www.w3.org/2005/Atom" xmlns:m="urn:media">\
        <entry><title>One</title><m:title>Media</m:title></entry>\
        <entry xmlns=""><title>Plain</title></entry>\
        </feed>
        """

    @Test func unprefixedStepsMatchAnyNamespace() async throws {
        #expect(try await selected(Self.namespaced, path: "entry/title").count == 3)
        #expect(try await selected(Self.namespaced, path: "/feed/entry").count == 2)
    }

    @Test func namespacedStepsMatchOneNamespace() async throws {
        let atom = "http://www.w3.org/2005/Atom"
        #expect(
            try await selected(Self.namespaced, path: "{\(atom)}entry/{\(atom)}title") == [
                "<title xmlns=\"http://www.w3.org/2005/Atom\">One</title>"
            ])
        #expect(
            try await selected(Self.namespaced, path: "{urn:media}title") == [
                "<m:title xmlns:m=\"urn:media\">Media</m:title>"
            ])
        #expect(try await selected(Self.namespaced, path: "{}title") == ["<title>Plain</title>"])
        // Prefixes in paths are the caller's, not the document's.
        #expect(
            try await selected(Self.namespaced, path: "a:entry/media:*", namespaces: ["a": atom, "media": "urn:media"])
                .count == 1)
        await #expect(throws: XMLPathError(path: "m:title", reason: .unknownPrefix("m"))) {
            try await selected(Self.namespaced, path: "m:title")
        }
    }

    @Test func elementsNamedSelectsAtAnyDepth() async throws {
        let registry = """
            <registry xmlns="http://www.iana.org/assignments"><record><name>a</name></record>\
            <sub><record><name>b</name></record></sub></registry>
            """
        let names = try await collect(XMLEvents(string: registry).elements(matching: "record")).map {
            $0.child(named: "name")?.text
        }
        #expect(names == ["a", "b"])
    }

    private struct Item: Decodable {}

    @Test func invalidPathsAreRefusedWhenTheSequenceIsMade() async throws {
        let flag = ReleaseFlag()
        let events = XMLEvents(ReleaseTrackingChunks("<a/>", chunkSize: 2, flag: flag))
        #expect(throws: XMLPathError(path: "a//b", reason: .emptyStep)) { try events.elements(matching: "a//b") }
        #expect(throws: XMLPathError(path: "m:a", reason: .unknownPrefix("m"))) {
            try events.elements(matching: "m:a", namespaces: ["n": "urn:n"])
        }
        #expect(throws: XMLPathError(path: "p:a", reason: .unknownPrefix("p"))) { try events.elements(matching: "p:a") }
        #expect(throws: XMLPathError(path: "/", reason: .emptyPath)) { try events.decode(Item.self, matching: "/") }
        #expect(throws: XMLPathError(path: "a/", reason: .emptyStep)) {
            try events.map { $0 }.decode(Item.self, matching: "a/")
        }
        #expect(flag.chunksRead == 0, "nothing is read for a refused path")
        // Typed throws: the error is an XMLPathError without a cast.
        do {
            _ = try events.elements(matching: "{urn:x")
            Issue.record("an unterminated namespace must be refused")
        } catch {
            #expect(error.reason == .unterminatedNamespace)
        }
        // A valid path in its written form still selects.
        let names = try await collect(try XMLEvents(string: "<r><a/><b/><a/></r>").elements(matching: "/r/a"))
        #expect(names.map(\.name.localName) == ["a", "a"])
    }

    // MARK: - Nested matches

    @Test func nestedMatchesAreDeliveredInsideTheOuterMatch() async throws {
        let xml = "<r><a id=\"1\"><a id=\"2\"><a id=\"3\"/></a></a><a id=\"4\"/><b><a id=\"5\"/></b></r>"
        let matches = try await collect(XMLEvents(string: xml).elements(matching: "a"))
        #expect(matches.map { $0.attributes["id"] } == ["1", "4", "5"])
        #expect(matches[0].description == "<a id=\"1\"><a id=\"2\"><a id=\"3\"/></a></a>")
        // After the outer match closes, matching resumes with the right ancestry.
        #expect(try await selected(xml, path: "/r/a").count == 2)
        #expect(try await selected(xml, path: "b/a") == ["<a id=\"5\"/>"])
    }

    /// `(a|b)` selects the elements any of its tests selects, in document order, and nothing else.
    @Test func alternativesSelectEitherName() async throws {
        let document = "<osm><node id='1'/><bounds/><way id='2'><node id='n'/></way><node id='3'/><relation/></osm>"
        var selected: [String] = []
        for try await element in try XMLEvents(string: document, chunkSize: 5).elements(matching: "/osm/(node|way)") {
            selected.append(element.name.localName + (element.attributes["id"] ?? ""))
        }
        #expect(selected == ["node1", "way2", "node3"])
        #expect(try XMLPath("(a|b)/c").matches([XMLName(localName: "b"), XMLName(localName: "c")]))
        #expect(try !XMLPath("(a|b)/c").matches([XMLName(localName: "x"), XMLName(localName: "c")]))
    }
}
