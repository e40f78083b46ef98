import Foundation
import Testing
import XMLEvents

#if os(Linux)
    import LoopbackHTTP
#endif
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every kind of ``XMLByteSource`` — data, a regular file, a FIFO, a pipe's descriptor, a `file:`
/// URL, an HTTP URL, an HTTP request — reads one document as the others do: the same bytes, the
/// same events, the same progress; `response()` is `nil` for every kind but HTTP.
@Suite struct ByteSourceKindsTests {
    static let document = ChunkStreamTesting.document(records: 2_000)

    /// A source of `document` of each kind, made afresh for each reading (a pipe or a FIFO is
    /// read once), with the writer thread a pipe or FIFO needs.
    struct Fixture {
        let folder: URL
        let file: URL
        #if os(Linux)
            let server: LoopbackServer
        #endif

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("xmlevents-kinds-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            file = folder.appendingPathComponent("doc.xml")
            try ByteSourceKindsTests.document.write(to: file)
            #if os(Linux)
                server = try LoopbackServer()
                server.route("/doc.xml", LoopbackResponse(body: .data(ByteSourceKindsTests.document)))
            #endif
        }

        func remove() {
            #if os(Linux)
                server.stop()
            #endif
            try? FileManager.default.removeItem(at: folder)
        }

        /// The kinds read without HTTP.
        static let localKinds = ["data", "path", "fifo", "descriptor", "file URL"]
        /// Every kind.
        static var kinds: [String] {
            #if os(Linux)
                localKinds + ["http URL", "request"]
            #else
                localKinds
            #endif
        }

        /// A source of `kind` reading `chunkSize` bytes at a time, and the writer thread that
        /// feeds it, if it needs one.
        func source(
            _ kind: String, chunkSize: Int = 1_000
        ) throws -> (source: XMLByteSource, writer: ChunkStreamThread<Void>?) {
            let document = ByteSourceKindsTests.document
            switch kind {
            case "data":
                return (XMLByteSource(data: document, chunkSize: chunkSize), nil)
            case "path":
                return (XMLByteSource(path: file.path, chunkSize: chunkSize), nil)
            case "fifo":
                let path = folder.appendingPathComponent("fifo-\(UUID())").path
                guard mkfifo(path, 0o600) == 0 else { throw XMLByteSourceError.openFailed(path: path, errno: errno) }
                let writer = ChunkStreamTesting.startThread {
                    // Blocks until the source's thread opens the FIFO for reading.
                    let descriptor = open(path, O_WRONLY | O_CLOEXEC)
                    guard descriptor >= 0 else { throw XMLByteSourceError.openFailed(path: path, errno: errno) }
                    defer { close(descriptor) }
                    try ChunkStreamTesting.writeAll(document, to: descriptor)
                }
                return (XMLByteSource(path: path, chunkSize: chunkSize), writer)
            case "descriptor":
                let ends = try ChunkStreamTesting.makePipe()
                let writer = ChunkStreamTesting.startThread {
                    defer { close(ends.write) }
                    try ChunkStreamTesting.writeAll(document, to: ends.write)
                }
                return (XMLByteSource(fileDescriptor: ends.read, closesDescriptor: true, chunkSize: chunkSize), writer)
            case "file URL":
                return (XMLByteSource(url: file, fileChunkSize: chunkSize), nil)
            #if os(Linux)
                case "http URL":
                    return (XMLByteSource(url: server.url("/doc.xml")), nil)
                case "request":
                    return (XMLByteSource(request: URLRequest(url: server.url("/doc.xml"))), nil)
            #endif
            default:
                throw XMLByteSourceError.unsupportedURL(url: URL(fileURLWithPath: kind))
            }
        }
    }

    @Test(arguments: Fixture.kinds)
    func everyKindYieldsTheSameBytesAndProgress(kind: String) async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let (source, writer) = try fixture.source(kind)
        var bytes = Data()
        for try await chunk in source { bytes.append(chunk) }
        try await writer?.value
        #expect(bytes == Self.document)
        #expect(source.progress.decodedByteCount == Self.document.count)
        #expect(source.progress.isFinished)
    }

    /// Every source reads 64 KiB at a time unless told otherwise, and a size below 1 reads 1.
    @Test func everyKindTakesOneDefaultChunkSize() throws {
        let file = URL(fileURLWithPath: "/nonexistent/doc.xml")
        let sizes = [
            XMLByteSource(data: Data()).chunkSize, XMLByteSource(path: file.path).chunkSize,
            XMLByteSource.standardInput().chunkSize, XMLByteSource(url: file).chunkSize,
            XMLEvents(data: Data()).source.chunkSize, XMLEvents(string: "").source.chunkSize,
            XMLEvents(path: file.path).source.chunkSize, XMLEvents.standardInput().source.chunkSize,
            XMLEvents(url: file).source.chunkSize, XMLEvents(AsyncStream<UInt8> { $0.finish() }).source.chunkSize,
        ]
        #expect(sizes == Array(repeating: 64 * 1024, count: sizes.count))
        #expect(XMLByteSource(data: Data(), chunkSize: 0).chunkSize == 1)
        #expect(XMLByteChunks(AsyncStream<UInt8> { $0.finish() }, chunkSize: -5).chunkSize == 1)
    }

    /// A chunk size beyond 16 MiB reads 16 MiB at a time: every kind reads the document whole
    /// with `Int.max`, rather than trying to allocate a buffer of that size.
    @Test(arguments: Fixture.localKinds)
    func aChunkSizeBeyondTheBoundIsClamped(kind: String) async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let (source, writer) = try fixture.source(kind, chunkSize: .max)
        #expect(source.chunkSize == 16 << 20)
        var bytes = Data()
        for try await chunk in source { bytes.append(chunk) }
        try await writer?.value
        #expect(bytes == Self.document)
        #expect(XMLByteChunks(AsyncStream<UInt8> { $0.finish() }, chunkSize: .max).chunkSize == 16 << 20)
    }

    @Test(arguments: Fixture.kinds)
    func everyKindYieldsTheSameEvents(kind: String) async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let (source, writer) = try fixture.source(kind)
        var events: [XMLEvent] = []
        for try await event in XMLEvents(source) { events.append(event) }
        try await writer?.value
        #expect(events == (try await ChunkStreamTesting.referenceEvents(Self.document)))
    }

    /// `response` is `nil` for a source without HTTP, and asking consumes nothing.
    @Test(arguments: Fixture.localKinds)
    func aSourceWithoutHTTPHasNoResponse(kind: String) async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let (source, writer) = try fixture.source(kind)
        var iterator = source.makeAsyncIterator()
        #expect(try await source.response == nil)
        var bytes = Data()
        while let chunk = try await iterator.next() {
            bytes.append(chunk)
            #expect(try await source.response == nil)
        }
        try await writer?.value
        #expect(bytes == Self.document)
        #expect(try await source.response == nil)
    }

    /// The events' source answers for them, before, during and after the iteration.
    @Test func theEventsOfDataHaveNoResponse() async throws {
        let document = XMLEvents(data: Self.document)
        var iterator = document.makeAsyncIterator()
        #expect(try await document.source.response == nil)
        var events: [XMLEvent] = []
        while let event = try await iterator.next() { events.append(event) }
        #expect(events == (try await ChunkStreamTesting.referenceEvents(Self.document)))
        #expect(try await document.source.response == nil)
    }

    /// A URL of no supported scheme has no response either, and its refusal still comes from the
    /// first `next()`.
    @Test func aRefusedURLHasNoResponse() async throws {
        let url = try #require(URL(string: "gopher://example.com/doc.xml"))
        let source = XMLByteSource(url: url)
        var iterator = source.makeAsyncIterator()
        #expect(try await source.response == nil)
        await #expect(throws: XMLByteSourceError.unsupportedURL(url: url)) { try await iterator.next() }
        #expect(try await iterator.next() == nil)
    }

    #if os(Linux)
        /// An HTTP source's `response` is the response's head, whether it comes through a URL or
        /// a request.
        @Test(arguments: ["http URL", "request"])
        func anHTTPSourceHasAResponse(kind: String) async throws {
            let fixture = try Fixture()
            defer { fixture.remove() }
            let source = try fixture.source(kind).source
            var iterator = source.makeAsyncIterator()
            let response = try #require(try await source.response)
            #expect(response.statusCode == 200)
            var bytes = Data()
            while let chunk = try await iterator.next() { bytes.append(chunk) }
            #expect(bytes == Self.document)
            #expect(try await source.response == response)
        }
    #endif
}
