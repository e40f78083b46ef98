import Foundation
import Testing

/// `--format xml` and `--select`.
@Suite struct XMLFormatAndSelectionTests {
    /// `xmlevents --format xml f | xmlevents --format jsonl -` gives the lines of
    /// `xmlevents --format jsonl f`.
    @Test(arguments: TestDocuments.handWritten.filter(\.isWellFormed) + TestDocuments.corpus)
    func xmlOutputRoundTrips(_ document: TestDocument) async throws {
        try await TestFiles.with { files in
            let path = try document.write(in: files)
            let xml = try await CLI.run(["--format", "xml", path])
            #expect(xml.status == 0)
            let reparsed = try await CLI.run(["--format", "jsonl", "-"], input: .data(xml.stdout))
            let direct = try await CLI.run(["--format", "jsonl", path])
            #expect(reparsed.status == 0)
            #expect(firstDifference(reparsed, direct) == nil)
        }
    }

    @Test func xmlOutputEscapesAndClosesEmptyElements() async throws {
        let run = try await CLI.run(["--format", "xml", "-"], input: .data(TestDocuments.registry.data))
        #expect(run.status == 0)
        #expect(
            run.output
                == #"<registry xmlns="urn:r"><title>T</title><record id="1"><name>a</name><record id="nested"/></record>"#
                + #"<group><record id="2"><name>b &amp; c</name></record></group></registry>"# + "\n")
    }

    /// A name selects at any depth, an element inside a selected one is part of it, and each
    /// subtree is written on its own with the namespace declaration it needs.
    @Test func selectByName() async throws {
        try await TestFiles.with { files in
            let path = try TestDocuments.registry.write(in: files)
            let run = try await CLI.run(["--select", "record", "--format", "xml", path])
            #expect(run.status == 0)
            #expect(
                run.lines == [
                    #"<record xmlns="urn:r" id="1"><name>a</name><record id="nested"/></record>"#,
                    #"<record xmlns="urn:r" id="2"><name>b &amp; c</name></record>"#,
                ])
        }
    }

    @Test func selectByPathAnchorsAtTheRoot() async throws {
        try await TestFiles.with { files in
            let path = try TestDocuments.registry.write(in: files)
            let run = try await CLI.run(["--select", "/registry/record", "--format", "xml", path])
            #expect(run.status == 0)
            #expect(run.lines == [#"<record xmlns="urn:r" id="1"><name>a</name><record id="nested"/></record>"#])
            let suffix = try await CLI.run(["--select", "group/record", "--format", "xml", path])
            #expect(suffix.lines == [#"<record xmlns="urn:r" id="2"><name>b &amp; c</name></record>"#])
            let namespaced = try await CLI.run(["--select", "/{urn:r}registry/{urn:r}record", "--format", "xml", path])
            #expect(namespaced.lines == run.lines)
            let otherNamespace = try await CLI.run(["--select", "{urn:other}record", "--format", "xml", path])
            #expect(otherNamespace.status == 0)
            #expect(otherNamespace.output == "")
        }
    }

    /// With `jsonl`, each selected subtree is the events it was built from.
    @Test func selectAsJSONLines() async throws {
        let run = try await CLI.run(
            ["--select", "/registry/group/record", "--format", "jsonl", "-"], input: .data(TestDocuments.registry.data))
        #expect(run.status == 0)
        let record = #""name":"record","localName":"record","prefix":null,"namespace":"urn:r""#
        let name = #""name":"name","localName":"name","prefix":null,"namespace":"urn:r""#
        #expect(
            run.lines == [
                #"{"event":"startElement",\#(record),"attributes":[{"name":"id","localName":"id","prefix":null,"#
                    + #""namespace":null,"value":"2"}],"namespaces":[]}"#,
                #"{"event":"startElement",\#(name),"attributes":[],"namespaces":[]}"#,
                #"{"event":"text","text":"b & c"}"#,
                #"{"event":"endElement",\#(name)}"#,
                #"{"event":"endElement",\#(record)}"#,
            ])
    }

    /// With `summary`, the counts are those of the selected subtrees.
    @Test func selectAsSummary() async throws {
        let run = try await CLI.run(["--select", "record", "-"], input: .data(TestDocuments.registry.data))
        #expect(run.status == 0)
        let rows = SummaryRows(run.output)
        #expect(rows["selected"] == "2 subtrees matching record")
        #expect(rows["elements"] == "5 (2 distinct names)")
        #expect(rows["record"] == "3")
        #expect(rows["name"] == "2")
        #expect(rows["attributes"] == "3")
        #expect(rows["maximum depth"] == "2")
        #expect(rows["bytes read"]?.hasPrefix("\(TestDocuments.registry.data.count) ") == true)
    }

    /// Names are counted right whether the short list finds them (in patterns that repeat, or
    /// not) or the dictionary past it does: 61 names, element `eN` written `N % 7 + 1` times in a
    /// row, the whole pattern three times.
    @Test func summaryCountsManyNamesInPatterns() async throws {
        var document = "<r>"
        for _ in 0..<3 {
            for index in 0..<60 { document += String(repeating: "<e\(index)/>", count: index % 7 + 1) }
        }
        document += "</r>"
        let run = try await CLI.run(["-"], input: .data(Data(document.utf8)))
        #expect(run.status == 0)
        let rows = SummaryRows(run.output)
        #expect(rows["elements"] == "703 (61 distinct names)")
        // Listed ones (found by the guess and by the scan) and ones past the list.
        for name in ["e6", "e13", "e48", "e55"] { #expect(rows[name] == "21", "\(name)") }
        for name in ["e5", "e12", "e47", "e54"] { #expect(rows[name] == "18", "\(name)") }
    }

    /// One local name, `x`, written four ways: unprefixed (in no namespace and in `urn:one`), and
    /// with the prefixes `a` and `b` (both bound to `urn:one`, and `a` then to `urn:three`) and `c`.
    /// The summary counts names as written: a prefix makes another name, another namespace behind
    /// the same written name does not. `fillers` names before them push them past the short list.
    static func sharedLocalNames(fillers: Int) -> Data {
        var body = (0..<fillers).map { "<f\($0)/>" }.joined()
        body += "<x/>" + String(repeating: "<a:x/><b:x/>", count: 3) + "<b:x/><c:x/>"
        body += "<d xmlns:a='urn:three'>" + String(repeating: "<a:x/>", count: 4) + "</d>"
        body += String(repeating: "<x xmlns='urn:one'/>", count: 2)
        return Data("<r xmlns:a='urn:one' xmlns:b='urn:one' xmlns:c='urn:two'>\(body)</r>".utf8)
    }

    /// Through the visitor tier (the whole document) and through owned events (`--select` of the
    /// root), with the names in the short list and past it.
    @Test(arguments: [0, 48], [[String](), ["--select", "/r"]])
    func summaryCountsNamesThatShareALocalName(fillers: Int, selection: [String]) async throws {
        let run = try await CLI.run(selection + ["-"], input: .data(Self.sharedLocalNames(fillers: fillers)))
        #expect(run.status == 0, "\(run.errors)")
        let rows = SummaryRows(run.output)
        #expect(rows["elements"] == "\(fillers + 17) (\(fillers + 6) distinct names)")
        #expect(rows["a:x"] == "7")
        #expect(rows["b:x"] == "4")
        #expect(rows["x"] == "3")
        if fillers == 0 {
            for name in ["c:x", "d", "r"] { #expect(rows[name] == "1", "\(name)") }
        }
    }

    @Test func summaryCountsEveryKind() async throws {
        let run = try await CLI.run(["--cdata", "-"], input: .data(TestDocuments.everyEventKind.data))
        #expect(run.status == 0)
        let rows = SummaryRows(run.output)
        #expect(rows["source"] == "<stdin>")
        #expect(rows["elements"] == "3 (3 distinct names)")
        #expect(rows["attributes"] == "3")
        #expect(rows["namespace declarations"] == "2")
        #expect(rows["CDATA sections"] == "2")
        #expect(rows["comments"] == "1")
        #expect(rows["processing instructions"] == "1")
        #expect(rows["maximum depth"] == "2")
    }

    /// Every record of a generated registry, one per line once whitespace is dropped.
    @Test func selectFindsEveryRecordOfAGeneratedRegistry() async throws {
        try await TestFiles.with { files in
            let document = CorpusFixture.registry(byteCount: 300_000)
            let path = try files.write(document.data, named: "registry.xml")
            let run = try await CLI.run(["--select", "/registry/record", "--drop-whitespace", "--format", "xml", path])
            #expect(run.status == 0)
            #expect(run.lines.count == document.recordCount)
            #expect(run.lines.allSatisfy { $0.hasPrefix("<record ") && $0.hasSuffix("</record>") })
        }
    }
}
