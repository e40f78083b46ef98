import Foundation
import Testing
import XMLEvents

/// `XMLEvents(contentsOf:)` and `FileChunks(url:)` read a file only for a URL that names one:
/// an `http` URL whose path is a real local file reads nothing and says which initializer to use.
@Suite struct ContentsOfURLTests {
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

    /// Everything `XMLEvents(contentsOf:)` gives for `url`: its events and the error it ends with.
    private func read(_ url: URL) async -> (events: [XMLEvent], error: (any Error)?) {
        var events: [XMLEvent] = []
        do {
            for try await event in XMLEvents(contentsOf: url) { events.append(event) }
            return (events, nil)
        } catch {
            return (events, error)
        }
    }

    @Test(arguments: ["http", "https", "HTTP"])
    func aWebURLReadsNoLocalFileAndNamesXMLEventsURL(scheme: String) async throws {
        try await withSecretFile { path in
            let url = try #require(URL(string: "\(scheme)://evil.example\(path)"))
            let (events, error) = await read(url)
            #expect(events.isEmpty)
            let refusal = try #require(error as? XMLByteSourceError)
            #expect(refusal == .unsupportedURL(url: url))
            #expect(refusal.description.contains("use XMLEvents(url:) for http and https URLs"), "\(refusal)")
            #expect(refusal.description.hasPrefix("cannot read \(url.absoluteString): "))
        }
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
                    == "cannot read ftp://alice:***@evil.example\(path): XMLEvents(contentsOf:) reads file: URLs, "
                    + "and XMLEvents(url:) http and https URLs; the scheme 'ftp' is not supported")
        }
    }

    @Test func aFileURLOfAnotherHostReadsNothing() async throws {
        try await withSecretFile { path in
            let url = try #require(URL(string: "file://evil.example\(path)"))
            let (events, error) = await read(url)
            #expect(events.isEmpty)
            let refusal = try #require(error as? XMLByteSourceError)
            #expect(refusal.description.hasSuffix("names the host 'evil.example'"), "\(refusal)")
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
    @Test func fileChunksThrowAtTheFirstNextOnly() async throws {
        try await withSecretFile { path in
            let url = try #require(URL(string: "http://evil.example\(path)"))
            let chunks = FileChunks(url: url)
            #expect(chunks.path == "")
            var iterator = chunks.makeAsyncIterator()
            await #expect(throws: XMLByteSourceError.unsupportedURL(url: url)) { try await iterator.next() }
            #expect(try await iterator.next() == nil)
        }
    }
}
