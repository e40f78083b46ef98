// Every tier of the core, as a user reaches it: events, a visitor, selection, decoding, writing,
// a file read from disk (by path and by `file:` URL), an `http` URL refused naming the HTTP trait,
// and a compressed document, in memory and in a file, reported as what this build cannot
// decompress. Prints one line of counts; any other outcome exits with status 1.
import Foundation
import XMLEvents

struct Record: Decodable, Sendable {
    var name: String
    var number: Int
}

struct Counter: XMLVisitor {
    var elements = 0
    var textBytes = 0
    mutating func startElement(_ tag: borrowing XMLStartTag) { elements += 1 }
    mutating func text(_ text: borrowing XMLText) { text.withUnsafeBytes { textBytes += $0.count } }
}

enum Failure: Error { case mismatch(String) }

nonisolated func run() async throws -> String {
    let document = """
        <registry><record><name>a</name><number>1</number></record>\
        <record><name>b</name><number>2</number></record></registry>
        """
    let directory = FileManager.default.temporaryDirectory
    let input = directory.appendingPathComponent("core-only-\(getpid()).xml")
    let output = directory.appendingPathComponent("core-only-\(getpid())-written.xml")
    let compressed = directory.appendingPathComponent("core-only-\(getpid()).xml.gz")
    try Data(document.utf8).write(to: input)
    defer {
        for file in [input, output, compressed] { try? FileManager.default.removeItem(at: file) }
    }

    // The headline spelling, with a file: URL: it compiles and reads the file without HTTP.
    var events: [XMLEvent] = []
    for try await event in XMLEvents(url: input) { events.append(event) }
    var inSmallChunks: [XMLEvent] = []
    for try await event in XMLEvents(XMLByteSource(url: input, fileChunkSize: 7)) { inSmallChunks.append(event) }

    var counter = Counter()
    try await XMLEvents(string: document).visit(&counter)

    var records: [String] = []
    for try await record in try XMLEvents(string: document).decode(Record.self, matching: "/registry/record") {
        records.append("\(record.name)\(record.number)")
    }

    var names = 0
    for try await _ in try XMLEvents(string: document).elements(matching: "/registry/record/name") { names += 1 }

    try await XMLWriter.write(XMLEvents(path: input.path), toPath: output.path)
    var reread: [XMLEvent] = []
    for try await event in XMLEvents(path: output.path) { reread.append(event) }

    // A gzip document: recognised, and reported as what this build cannot decompress.
    let gzip: [UInt8] = [
        0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0xB3, 0x29, 0xD2, 0xB7, 0x03, 0x00,
        0xFD, 0x01, 0xB1, 0x1F, 0x04, 0x00, 0x00, 0x00,
    ]
    var unavailable = false
    do {
        for try await _ in XMLEvents(data: Data(gzip)) {}
    } catch let error as XMLDecompressionError where error.code == .unavailable && error.format == .gzip {
        unavailable = true
    }
    // The same in a file read through its URL: refused before any event, naming the trait.
    try Data(gzip).write(to: compressed)
    var compressedEvents = 0
    var compressedFileUnavailable = false
    do {
        for try await _ in XMLEvents(url: compressed) { compressedEvents += 1 }
    } catch let error as XMLDecompressionError where error.code == .unavailable && error.format == .gzip {
        compressedFileUnavailable = compressedEvents == 0 && error.message.contains("Compression trait")
    }

    // http and https: nothing is read, and the error names the trait that reads them.
    var httpRefusals = 0
    for text in ["http://127.0.0.1:9/feed.xml", "HTTPS://example.org/feed.xml"] {
        guard let url = URL(string: text) else { throw Failure.mismatch("bad URL \(text)") }
        var httpEvents = 0
        do {
            for try await _ in XMLEvents(url: url) { httpEvents += 1 }
        } catch let error as XMLByteSourceError where error.code == .httpUnavailable && error.url == url {
            if httpEvents == 0, error.description.contains("HTTP trait") { httpRefusals += 1 }
        }
    }

    let line =
        "events=\(events.count) elements=\(counter.elements) textBytes=\(counter.textBytes) "
        + "records=\(records.joined(separator: ",")) names=\(names) gzipUnavailable=\(unavailable) "
        + "gzipFileUnavailable=\(compressedFileUnavailable) httpRefusals=\(httpRefusals)"
    // What the document holds by construction: 7 elements, 4 text bytes, two records, two names,
    // and the written file, and the file read in 7-byte chunks, parse to the events read from the
    // input.
    let expected = (elements: 7, textBytes: 4, records: ["a1", "b2"], names: 2)
    guard counter.elements == expected.elements, counter.textBytes == expected.textBytes,
        records == expected.records, names == expected.names, unavailable, compressedFileUnavailable,
        httpRefusals == 2, !events.isEmpty, reread.map(\.description) == events.map(\.description),
        inSmallChunks.map(\.description) == events.map(\.description)
    else { throw Failure.mismatch(line) }
    return line
}

do {
    print(try await run())
} catch {
    print("error: \(error)")
    exit(1)
}
