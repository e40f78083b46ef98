import Foundation
import LoopbackHTTP
import Testing
import XMLEvents

/// `XMLEvents(url:)` reads what the scheme says: a local file for `file:`, an HTTP transfer for
/// `http` and `https` — an `http` URL whose path is a real local file never reads that file — and
/// refuses any other scheme, naming those supported.
@Suite struct URLSchemeTests {
    /// A real file holding a secret, removed however `body` ends.
    private func withSecretFile<Result>(_ body: (String) async throws -> Result) async throws -> Result {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("contents-of-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("secret.xml").path
        try Data("<secret>TOPSECRET</secret>".utf8).write(to: URL(fileURLWithPath: path))
        return try await body(path)
    }

    /// Everything `XMLEvents(url:)` gives for `url`: its events and the error it ends with.
    private func read(_ url: URL) async -> (events: [XMLEvent], error: (any Error)?) {
        var events: [XMLEvent] = []
        do {
            for try await event in XMLEvents(url: url) { events.append(event) }
            return (events, nil)
        } catch {
            return (events, error)
        }
    }

    /// Over loopback: the server, which has no such path, answers 404, and the local file of
    /// the same path stays unread.
    @Test(arguments: ["http", "HTTP"])
    func aWebURLIsFetchedAndReadsNoLocalFile(scheme: String) async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        try await withSecretFile { path in
            let url = try #require(URL(string: "\(scheme)://127.0.0.1:\(server.port)\(path)"))
            let (events, error) = await read(url)
            #expect(events.isEmpty)
            guard let refusal = error as? XMLHTTPError, refusal.code == .unacceptableStatus, refusal.status == 404
            else {
                Issue.record("expected the server's 404, got \(String(describing: error))")
                return
            }
            #expect(server.requestCount(for: path) == 1)
        }
    }

    @Test func theServersDocumentIsParsed() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/feed.xml", LoopbackResponse(body: .text("<feed><entry>one</entry></feed>")))
        let (events, error) = await read(server.url("/feed.xml"))
        #expect(error == nil)
        #expect(events.contains(.text("one")))
    }

    @Test func anotherSchemeNamesTheSupportedOnes() async throws {
        try await withSecretFile { path in
            let url = try #require(URL(string: "ftp://alice:s3cr3tPW@evil.example\(path)"))
            let (events, error) = await read(url)
            #expect(events.isEmpty)
            let refusal = try #require(error as? XMLByteSourceError)
            #expect(refusal == .unsupportedURL(url: url))
            #expect(
                refusal.description
                    == "cannot read ftp://alice:***@evil.example\(path): XMLEvents(url:) reads file:, http and "
                    + "https URLs (http and https with the package's HTTP trait); the scheme 'ftp' is not supported")
        }
    }

    @Test func aFileURLOfAnotherHostReadsNothing() async throws {
        try await withSecretFile { path in
            let url = try #require(URL(string: "file://evil.example\(path)"))
            let (events, error) = await read(url)
            #expect(events.isEmpty)
            let refusal = try #require(error as? XMLByteSourceError)
            #expect(refusal.description.contains("names the host 'evil.example'"), "\(refusal)")
        }
    }

    /// A URL without a scheme is not a file URL either; the message says how to make one.
    @Test func aURLWithoutASchemeSaysHowToMakeAFileURL() async throws {
        try await withSecretFile { path in
            let url = try #require(URL(string: path))
            let (events, error) = await read(url)
            #expect(events.isEmpty)
            let refusal = try #require(error as? XMLByteSourceError)
            #expect(refusal.description.contains("URL(fileURLWithPath:)"), "\(refusal)")
        }
    }

    @Test func localFileURLsAreRead() async throws {
        try await withSecretFile { path in
            let urls = [
                URL(fileURLWithPath: path), URL(string: "file://\(path)"), URL(string: "file://localhost\(path)"),
            ]
            for url in urls {
                let url = try #require(url)
                let (events, error) = await read(url)
                #expect(error == nil, "\(url)")
                #expect(events.contains(.text("TOPSECRET")), "\(url)")
            }
        }
    }

    /// The refusal comes from the first `next()`, not from the initializer, and only once.
    @Test func theRefusalComesAtTheFirstNextOnly() async throws {
        try await withSecretFile { path in
            let url = try #require(URL(string: "gopher://evil.example\(path)"))
            var iterator = XMLByteSource(url: url).makeAsyncIterator()
            await #expect(throws: XMLByteSourceError.unsupportedURL(url: url)) { try await iterator.next() }
            #expect(try await iterator.next() == nil)
        }
    }

    @Test func aFileHasNoResponseAndTheSameProgress() async throws {
        try await withSecretFile { path in
            let events = XMLEvents(url: URL(fileURLWithPath: path))
            var iterator = events.makeAsyncIterator()
            #expect(try await events.source.response == nil)
            while try await iterator.next() != nil {}
            #expect(events.source.progress.receivedByteCount == "<secret>TOPSECRET</secret>".utf8.count)
            #expect(events.source.progress.fractionCompleted == 1)
            #expect(events.source.progress.isFinished)
        }
    }
}
