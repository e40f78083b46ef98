import Foundation
import LoopbackHTTP
import Testing
import XMLEvents

/// Element-level transforms written as a user writes them, without state of their own: remove
/// what a path selects, rewrite it from its subtree, write the result with `XMLWriter`.
@Suite struct TransformScenarios {
    static let page = """
        <html>
          <head>
            <script>track()</script>
            <title>T</title>
          </head>
          <body>
            <p>one</p>
            <script src="a.js"/>
            <div><script>nested()</script><p>two</p></div>
          </body>
        </html>
        """

    static func written(_ events: some AsyncSequence<XMLEvent, any Error>) async throws -> String {
        var collected: [XMLEvent] = []
        for try await event in events { collected.append(event) }
        return try XMLWriter.string(for: collected)
    }

    @Test(arguments: [1, 7, 65_536])
    func removingScriptsKeepsTheIndentationTidy(chunkSize: Int) async throws {
        let cleaned = try XMLEvents(string: Self.page, chunkSize: chunkSize)
            .removingElements(matching: "script", trimmingWhitespace: true)
        let expected = """
            <html>
              <head>
                <title>T</title>
              </head>
              <body>
                <p>one</p>
                <div><p>two</p></div>
              </body>
            </html>
            """
        let output = try await Self.written(cleaned)
        #expect(output == expected + "\n")  // the writer ends a document with a newline
    }

    @Test func withoutTrimmingTheWhitespaceStays() async throws {
        let cleaned = try XMLEvents(string: "<a>\n  <x/>\n  <y/>\n</a>").removingElements(matching: "/a/x")
        let output = try await Self.written(cleaned)
        #expect(output == "<a>\n  \n  <y/>\n</a>\n")
    }

    /// The transformed events are those of a hand-written loop doing the same.
    @Test func theSameEventsAsAHandWrittenLoop() async throws {
        let document = UserScenarios.registry(records: 300)
        var handWritten: [XMLEvent] = []
        var skipDepth = 0
        var depth = 0
        for try await event in XMLEvents(string: document) {
            switch event {
            case .startElement(let name, _, _):
                depth += 1
                if skipDepth == 0, depth == 3, name.localName == "value" { skipDepth = depth }
            case .endElement:
                defer { depth -= 1 }
                if skipDepth == depth {
                    skipDepth = 0
                    continue
                }
            default: break
            }
            if skipDepth == 0 { handWritten.append(event) }
        }
        var transformed: [XMLEvent] = []
        for try await event in try XMLEvents(string: document).removingElements(matching: "/registry/record/value") {
            transformed.append(event)
        }
        #expect(transformed == handWritten)
        #expect(transformed.count > 1_000)
    }

    @Test func rewritingAnElementFromItsSubtree() async throws {
        let users = """
            <users>
              <user id="1" email="a@x"><name>Ann</name><password>p1</password></user>
              <user id="2" email="b@x"><name>Bob</name><password>p2</password></user>
              <admin id="3"/>
            </users>
            """
        let anonymized = try XMLEvents(string: users)
            .replacingElements(matching: "/users/user") { user in
                var user = user
                user.name = XMLName(localName: "member")
                user.attributes["email"] = nil
                user.attributes["since"] = "2026"
                user.children.removeAll { $0.element?.name.localName == "password" }
                return user
            }
            .replacingElements(matching: "/users/admin", trimmingWhitespace: true) { _ in nil }
        let expected = """
            <users>
              <member id="1" since="2026"><name>Ann</name></member>
              <member id="2" since="2026"><name>Bob</name></member>
            </users>
            """
        let output = try await Self.written(anonymized)
        #expect(output == expected + "\n")  // the writer ends a document with a newline
    }

    /// Each transform applies to what the one before it made: the `b` that replaces `a` is
    /// removed with the document's own.
    @Test func transformsApplyInOrderEachToTheOutputOfTheOneBefore() async throws {
        let document = "<r><a><b/></a><b/><c/></r>"
        let transformed = try XMLEvents(string: document)
            .replacingElements(matching: "a") { _ in XMLSubtree(name: XMLName(localName: "b")) }
            .removingElements(matching: "b")
        let output = try await Self.written(transformed)
        #expect(output == "<r><c/></r>\n")
    }

    @Test func writtenToAFileThroughTheWriter() async throws {
        let directory = FileManager.default.temporaryDirectory
        let output = directory.appendingPathComponent("transform-\(UUID()).xml").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let transformed = try XMLEvents(string: UserScenarios.registry(records: 2_000), chunkSize: 1_024)
            .replacingElements(matching: "/registry/record") { record in
                var record = record
                record.children = record.children.filter { $0.element?.name.localName != "value" }
                return record
            }
        try await XMLWriter.write(transformed, toPath: output)
        var count = 0
        for try await record in try XMLEvents(path: output).elements(matching: "/registry/record") {
            #expect(record.child(named: "value") == nil)
            count += 1
        }
        #expect(count == 2_000)
    }

    struct Refusal: Error {}

    @Test func errorsComeAfterTheEventsBeforeThem() async throws {
        // Malformed inside a removed element: still read by the parser, and reported.
        var events = try XMLEvents(string: "<r><k>kept</k><x><y></x></r>").removingElements(matching: "x")
            .makeAsyncIterator()
        var seen = 0
        let error = await #expect(throws: XMLParsingError.self) {
            while try await events.next() != nil { seen += 1 }
        }
        #expect(error?.column ?? 0 > 10)
        #expect(seen == 5)  // the document's start, <r>, <k>, "kept", </k>
        #expect(try await events.next() == nil)

        var refused = try XMLEvents(string: "<r><x/></r>").replacingElements(matching: "x") { _ in throw Refusal() }
            .makeAsyncIterator()
        _ = try await refused.next()
        _ = try await refused.next()
        await #expect(throws: Refusal.self) { try await refused.next() }
        #expect(try await refused.next() == nil)
    }

    @MainActor
    @Test func onTheMainActorAcrossBatches() async throws {
        let transformed = try XMLEvents(string: UserScenarios.registry(records: 20_000), chunkSize: 4_096)
            .removingElements(matching: "/registry/record/name", trimmingWhitespace: true)
        var names = 0
        var values = 0
        for try await event in transformed {
            if case .startElement(let name, _, _) = event {
                if name.localName == "name" { names += 1 }
                if name.localName == "value" { values += 1 }
            }
        }
        #expect(names == 0)
        #expect(values == 20_000)
    }

    @Test func theResponseBeforeTheFirstEvent() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/page", LoopbackResponse(headers: [("ETag", "\"p\"")], body: .text(Self.page)))
        let page = XMLEvents(url: server.url("/page"))
        var events = try page.removingElements(matching: "script").makeAsyncIterator()
        #expect(try await page.source.response?.value(forHTTPHeaderField: "ETag") == "\"p\"")
        var scripts = 0
        while let event = try await events.next() {
            if case .startElement(let name, _, _) = event, name.localName == "script" { scripts += 1 }
        }
        #expect(scripts == 0)
    }

    @Test func attributesAndSubtreesAreValuesToEdit() throws {
        var attributes: XMLAttributes = [XMLAttribute(name: XMLName(localName: "a"), value: "1")]
        attributes["a"] = "2"
        attributes["{urn:x}b"] = "3"
        attributes["xml:lang"] = "en"
        attributes["missing"] = nil
        #expect(attributes.map(\.value) == ["2", "3", "en"])
        #expect(attributes["b", namespaceURI: "urn:x"] == "3")
        attributes["a"] = nil
        #expect(attributes.count == 2)

        let original = XMLSubtree(name: XMLName(localName: "e"), children: [.text("t")])
        var edited = original
        edited.name = XMLName(localName: "f")
        edited.children.append(.comment("c"))
        #expect(original.name.localName == "e")
        #expect(original.children == [.text("t")])
        #expect(try XMLWriter.string(for: edited) == "<f>t<!--c--></f>")
    }
}
