import Foundation
import Synchronization
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
        ("", XMLPathError.Code.emptyPath, "the path is empty"),
        ("/", .emptyPath, "the path is empty"),
        ("a//b", .emptyStep, "a step is empty"),
        ("a/", .emptyStep, "a step is empty"),
        ("{urn:x", .unterminatedNamespace, "a namespace URI lacks its closing '}'"),
        ("{urn:x}", .invalidName, "'{urn:x}' is not a name, '*' or a qualified name"),
        ("p:a", .unknownPrefix, "the prefix 'p' is not in the prefix map"),
        ("a b", .invalidName, "'a b' is not a name, '*' or a qualified name"),
        ("1a", .invalidName, "'1a' is not a name, '*' or a qualified name"),
        ("a:b:c", .invalidName, "'a:b:c' is not a name, '*' or a qualified name"),
        ("(a|)", .invalidName, "'(a|)' is not a name, '*' or a qualified name"),
        ("()", .invalidName, "'()' is not a name, '*' or a qualified name"),
        ("(a|b", .invalidName, "'(a|b' is not a name, '*' or a qualified name"),
        ("/r/(a|p:b)", .unknownPrefix, "the prefix 'p' is not in the prefix map"),
    ])
    func rejectsInvalidPaths(path: String, code: XMLPathError.Code, message: String) {
        #expect(throws: XMLPathError(code: code, path: path, message: message)) { try XMLPath(path) }
    }

    @Test func rejectsTooManySteps() {
        let path = Array(repeating: "a", count: XMLPath.maximumStepCount + 1).joined(separator: "/")
        let error = XMLPathError(code: .tooManySteps, path: path, message: "it has 64 steps; at most 63 are allowed")
        #expect(throws: error) { try XMLPath(path) }
        #expect(throws: Never.self) {
            try XMLPath(Array(repeating: "a", count: XMLPath.maximumStepCount).joined(separator: "/"))
        }
    }

    @Test func pathErrorCodesHaveNames() {
        #expect(XMLPathError.Code.unknownPrefix.name == "unknownPrefix")
        #expect(XMLPathError.Code.tooManySteps.description == "tooManySteps (6)")
        #expect(XMLPathError.Code(rawValue: 99).description == "XMLPathError code 99")
        #expect(
            XMLPathError(code: .emptyStep, path: "a//b", message: "a step is empty").description
                == "Invalid XML path 'a//b': a step is empty")
    }

    @Test func namedPathsAreOneStep() throws {
        #expect(try XMLPath(named: "{urn:a/b}item").description == "{urn:a/b}item")
        #expect(throws: Self.invalidName("a/b")) { try XMLPath(named: "a/b") }
        #expect(throws: XMLPathError(code: .emptyPath, path: "", message: "the path is empty")) {
            try XMLPath(named: "")
        }
        let name = XMLName(localName: "entry", prefix: "a", namespaceURI: "urn:atom")
        #expect(XMLPath(name: name).description == "{urn:atom}entry")
    }

    private static func invalidName(_ path: String) -> XMLPathError {
        XMLPathError(code: .invalidName, path: path, message: "'\(path)' is not a name, '*' or a qualified name")
    }

    private static func unknownPrefix(_ prefix: String, in path: String) -> XMLPathError {
        XMLPathError(code: .unknownPrefix, path: path, message: "the prefix '\(prefix)' is not in the prefix map")
    }

    private static func emptyStep(_ path: String) -> XMLPathError {
        XMLPathError(code: .emptyStep, path: path, message: "a step is empty")
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
        await #expect(throws: Self.unknownPrefix("m", in: "m:title")) {
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
        #expect(throws: Self.emptyStep("a//b")) { try events.elements(matching: "a//b") }
        #expect(throws: Self.unknownPrefix("m", in: "m:a")) {
            try events.elements(matching: "m:a", namespaces: ["n": "urn:n"])
        }
        #expect(throws: Self.unknownPrefix("p", in: "p:a")) { try events.elements(matching: "p:a") }
        #expect(throws: XMLPathError(code: .emptyPath, path: "/", message: "the path is empty")) {
            try events.decode(Item.self, matching: "/")
        }
        #expect(throws: Self.emptyStep("a/")) {
            try events.map { $0 }.decode(Item.self, matching: "a/")
        }
        #expect(flag.chunksRead == 0, "nothing is read for a refused path")
        // Typed throws: the error is an XMLPathError without a cast.
        do {
            _ = try events.elements(matching: "{urn:x")
            Issue.record("an unterminated namespace must be refused")
        } catch {
            #expect(error.code == .unterminatedNamespace)
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

    /// The parser's tape, any sequence of events, and the first and a chained transform walk a
    /// path the same way: the same elements selected, nested matches inside the outer one, and
    /// the ancestry right after a selected element ends.
    @Test(arguments: ["a", "/r/a", "b/a", "/r/*", "*/a", "b", "(a|b)", "/r/b/a", "a/b/a", "c/b"])
    func everySelectionWalksThePathAlike(path: String) async throws {
        let xml = """
            <r><a id="1"><a id="2"><b><a id="3"/></b></a></a><a id="4"/>\
            <b><a id="5"><b/></a></b><c><b><a id="6"/></b></c><b><a id="7"/></b></r>
            """
        let onTape = try await selected(xml, path: path)
        #expect(!onTape.isEmpty)
        let fromEvents = try await collect(XMLEvents(string: xml).map { $0 }.elements(matching: path))
        #expect(fromEvents.map(\.description) == onTape)
        let replaced = Mutex<[String]>([])
        let first = try XMLEvents(string: xml).replacingElements(matching: path) { element in
            replaced.withLock { $0.append(element.description) }
            return element
        }
        _ = try await collect(first)
        #expect(replaced.withLock { $0 } == onTape)
        replaced.withLock { $0.removeAll() }
        let chained = try XMLEvents(string: xml).removingElements(matching: "none").replacingElements(matching: path) {
            element in
            replaced.withLock { $0.append(element.description) }
            return element
        }
        _ = try await collect(chained)
        #expect(replaced.withLock { $0 } == onTape)
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
