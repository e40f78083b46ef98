import Foundation

/// The root package's `xmlevents --format summary` and the C floor as a process
/// (`clibxml2-floor`), each spawned on the document and on copies of it in ISO-8859-1 and in
/// UTF-16: the encodings table. libxml2 converts a document that is not UTF-8 before it parses
/// it, and such a document keeps one parser (see the Performance article), so this is what a
/// user with a Latin-1 or UTF-16 file gets, against what C libxml2 makes of the same file. Wall
/// clock, process start included.
///
/// The copies are made once per document, beside it, before any run is timed: the same
/// characters, with the XML declaration naming the encoding (UTF-16 little-endian, with its byte
/// order mark). Both parsers report what they parsed in UTF-8, so every count is the document's.
struct XMLEventsEncodingContender: Contender {
    /// An encoding the document is copied into.
    struct Encoding: Sendable, Hashable {
        var name: String
        var suffix: String
    }

    static let latin1 = Encoding(name: "ISO-8859-1", suffix: ".latin1.xml")
    static let utf16 = Encoding(name: "UTF-16", suffix: ".utf16.xml")
    /// The copies, in the table's order; the plain document (UTF-8) comes first.
    static let encodings = [latin1, utf16]

    enum Parser: String, Sendable {
        /// `xmlevents --format summary FILE`.
        case xmlevents
        /// `clibxml2-floor ITEM FILE`.
        case floor
    }

    /// `nil` for the plain document, in UTF-8.
    let encoding: Encoding?
    let parser: Parser

    /// Each parser on the plain document and on each copy.
    static let all: [XMLEventsEncodingContender] = [nil, latin1, utf16].flatMap { encoding in
        [Parser.xmlevents, .floor].map { XMLEventsEncodingContender(encoding: encoding, parser: $0) }
    }

    var id: String { "encoding-\(parser.rawValue)-\(encoding?.name.lowercased() ?? "utf-8")" }

    var title: String {
        let file = "dump.xml" + (encoding.map { String($0.suffix.dropLast(4)) } ?? "")
        return parser == .xmlevents ? "xmlevents \(file)" : "C floor (process) \(file)"
    }

    var summary: String {
        "`\(title)` (\(encoding?.name ?? "UTF-8")), spawned\(parser == .xmlevents ? " with `--format summary`" : ""); "
            + "its counts are read back. Wall clock, process start included."
    }

    var reportedCounts: Set<WorkloadCounts.Field> { [.elements, .attributes, .textBytes] }

    /// The copy of `path` in this contender's encoding, or `path` itself.
    func file(for path: String) -> String {
        encoding.map { path + $0.suffix } ?? path
    }

    func prepare(file path: String) throws {
        guard let encoding, !FileManager.default.fileExists(atPath: file(for: path)) else { return }
        let plain = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let text = String(data: plain, encoding: .utf8) else {
            throw BenchmarkError.io("\(path) is not UTF-8")
        }
        let declaration = "<?xml version=\"1.0\" encoding=\"\(encoding.name)\"?>"
        let body: Substring
        if text.hasPrefix("<?xml"), let end = text.range(of: "?>") {
            body = text[end.upperBound...]
        } else {
            body = text[...]
        }
        let copy: Data
        if encoding == Self.utf16 {
            var bytes: [UInt8] = [0xFF, 0xFE]
            bytes.reserveCapacity(2 * plain.count + 2 * declaration.utf8.count + 2)
            for unit in declaration.utf16 { bytes += [UInt8(truncatingIfNeeded: unit), UInt8(unit >> 8)] }
            for unit in body.utf16 { bytes += [UInt8(truncatingIfNeeded: unit), UInt8(unit >> 8)] }
            copy = Data(bytes)
        } else {
            guard let latin1 = (declaration + body).data(using: .isoLatin1) else {
                throw BenchmarkError.io("\(path) holds characters that ISO-8859-1 has not")
            }
            copy = latin1
        }
        let partial = file(for: path) + ".partial"
        try copy.write(to: URL(fileURLWithPath: partial))
        try FileManager.default.moveItem(atPath: partial, toPath: file(for: path))
    }

    func measure(_ input: WorkloadInput) async throws -> WorkloadMeasurement {
        let path = file(for: try input.requireFile(for: id))
        switch parser {
        case .xmlevents:
            var measurement = try XMLEventsCommandLineContender.measureSummary(
                of: path, itemName: input.itemName, for: id)
            let fileBytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int
            measurement.metrics = fileBytes.map { [EncodingRow.fileBytesKey: Double($0)] }
            return measurement
        case .floor:
            return try CLibXML2FloorProcessContender.measure(path: path, itemName: input.itemName, for: id)
        }
    }
}
