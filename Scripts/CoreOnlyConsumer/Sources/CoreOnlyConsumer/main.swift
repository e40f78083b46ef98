// Every tier of the core, as a user reaches it: events, a visitor, selection, decoding, writing,
// a file read from disk, and a compressed document reported as such. Prints one line of counts that Scripts/core-only.sh compares.
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
    try Data(document.utf8).write(to: input)
    defer {
        try? FileManager.default.removeItem(at: input)
        try? FileManager.default.removeItem(at: output)
    }

    var events: [XMLEvent] = []
    for try await event in XMLEvents(path: input.path) { events.append(event) }

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

    let line =
        "events=\(events.count) elements=\(counter.elements) textBytes=\(counter.textBytes) "
        + "records=\(records.joined(separator: ",")) names=\(names) gzipUnavailable=\(unavailable)"
    // What the document holds by construction: 7 elements, 4 text bytes, two records, two names,
    // and the written file parses to the events read from the input.
    let expected = (elements: 7, textBytes: 4, records: ["a1", "b2"], names: 2)
    guard counter.elements == expected.elements, counter.textBytes == expected.textBytes,
        records == expected.records, names == expected.names, unavailable,
        reread.map(\.description) == events.map(\.description)
    else { throw Failure.mismatch(line) }
    return line
}

do {
    print(try await run())
} catch {
    print("error: \(error)")
    exit(1)
}
