import Foundation
import XMLCorpus

/// A document the tests give to `xmlevents`, by name.
struct TestDocument: Sendable, CustomStringConvertible {
    var name: String
    var data: Data
    var isWellFormed: Bool

    var description: String { name }

    init(_ name: String, _ text: String, wellFormed: Bool = true) {
        self.name = name
        self.data = Data(text.utf8)
        self.isWellFormed = wellFormed
    }

    init(_ name: String, data: Data, wellFormed: Bool = true) {
        self.name = name
        self.data = data
        self.isWellFormed = wellFormed
    }

    /// Writes the document into a fresh directory and returns its path; the caller removes the
    /// directory (``TestFiles``).
    func write(in files: TestFiles) throws -> String {
        try files.write(data, named: name)
    }
}

/// Every event kind at least once: XML declaration with `standalone`, a doctype with both
/// identifiers and an internal subset, a comment and a PI before the root, namespaces with a
/// prefix and by default, `xml:lang`, a prefixed attribute, entities (declared, predefined,
/// character references), control characters (tab, line feed, carriage return, DEL), quotes and
/// backslashes, non-ASCII text, two CDATA sections in a row, and an empty element.
enum TestDocuments {
    static let everyEventKind = TestDocument(
        "every.xml",
        #"""
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <!DOCTYPE a:feed PUBLIC "-//Example//DTD Feed//EN" "feed.dtd" [
          <!ENTITY who "Tom &#38;#38; Jerry">
        ]>
        <!-- a comment -->
        <?app mode="test"?>
        <a:feed xmlns:a="urn:x" xmlns="urn:default" xml:lang="en">
        <entry a:id="e1" note="line&#10;break">&who; &lt;3 café ☃&#x9;tab&#13;cr\#u{7F}del "quoted" \ back</entry><![CDATA[<raw> & ]]]]><![CDATA[>]]><empty/>
        </a:feed>

        """#
    )

    /// `record` at several depths, one inside another, in a default namespace.
    static let registry = TestDocument(
        "registry.xml",
        """
        <registry xmlns="urn:r"><title>T</title><record id="1"><name>a</name><record id="nested"/></record>\
        <group><record id="2"><name>b &amp; c</name></record></group></registry>

        """
    )

    /// The mismatched end tag is on line 3.
    static let mismatched = TestDocument("mismatched.xml", "<a>\n  <b>\n</a>\n", wellFormed: false)

    /// Hand-written documents, well-formed and not, for comparisons across chunk sizes.
    static let handWritten: [TestDocument] = [
        everyEventKind,
        registry,
        mismatched,
        TestDocument("minimal.xml", "<a/>"),
        TestDocument(
            "whitespace.xml",
            "<?xml version=\"1.0\"?>\n<list>\n  <item>one</item>\n  <item> two </item>\n  <item/>\n</list>\n"),
        TestDocument("truncated.xml", "<?xml version=\"1.0\"?><a><b>text", wellFormed: false),
        TestDocument("undeclared-entity.xml", "<a>&nope;</a>", wellFormed: false),
        TestDocument("empty.xml", "", wellFormed: false),
        TestDocument(
            "invalid-utf8.xml", data: Data("<a>caf".utf8) + Data([0xC3, 0x28]) + Data("</a>".utf8), wellFormed: false),
        // The error comes after several of the parser's 4 KiB steps.
        TestDocument(
            "late-error.xml",
            "<root>" + String(repeating: "<item>some text &amp; more</item>\n", count: 400) + "<bad attr=></root>",
            wellFormed: false),
    ]

    /// Small generated documents of every corpus shape.
    static let corpus: [TestDocument] = CorpusShape.allCases.map { shape in
        let document = CorpusDocument(shape: shape, targetByteCount: 12_000)
        return TestDocument("corpus-\(shape.rawValue).xml", data: document.data())
    }
}

/// A temporary directory for a test's files, removed by ``remove()``.
struct TestFiles: Sendable {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xmlevents-cli-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// Writes `data` and returns the file's path.
    func write(_ data: Data, named name: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs `body` with fresh files, removed however it ends.
    static func with<Result>(_ body: (TestFiles) async throws -> Result) async throws -> Result {
        let files = try TestFiles()
        defer { files.remove() }
        return try await body(files)
    }
}

/// Generated registries and what they hold.
enum CorpusFixture {
    static func registry(byteCount: Int) -> (data: Data, recordCount: Int) {
        let document = CorpusDocument(shape: .records, targetByteCount: byteCount)
        return (document.data(), document.metadata().itemCount)
    }
}
