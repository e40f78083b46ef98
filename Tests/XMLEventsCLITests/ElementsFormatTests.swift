import Foundation
import Testing

/// `--format elements`: one JSON object per selected element, read here by Foundation's JSON
/// parser (and by `jq` where it is installed), with the mapping the help documents.
@Suite struct ElementsFormatTests {
    /// `count` records with an id attribute, a name, a value (some above 999.5) and tags.
    static func records(_ count: Int) -> (xml: String, expected: [(id: Int, name: String, value: Double)]) {
        var xml = "<?xml version=\"1.0\"?>\n<records xmlns=\"urn:example:records\">\n"
        var expected: [(Int, String, Double)] = []
        for id in 0..<count {
            let value = Double(id % 401) * 2.5 + 0.25
            let name = "Record \(id) & <friends>"
            xml += "  <record id=\"\(id)\">\n    <name>Record \(id) &amp; &lt;friends&gt;</name>\n"
            xml += "    <value>\(value)</value>\n    <tag>a</tag><tag>b</tag>\n  </record>\n"
            if value > 999.5 { expected.append((id, name, value)) }
        }
        return (xml + "</records>\n", expected)
    }

    /// Each line parsed as a JSON object.
    private func objects(_ run: CLIRun) throws -> [[String: Any]] {
        try run.lines.map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            guard let dictionary = object as? [String: Any] else { throw JSONLine.notAnObject(line) }
            return dictionary
        }
    }

    private enum JSONLine: Error { case notAnObject(String) }

    /// The issue's query, "records whose value > 999.5: id, name, value", needs no state: each
    /// record is one object, its id and value numbers.
    @Test func theRecordsQueryIsOneSelect() async throws {
        let (xml, expected) = Self.records(2_000)
        try await TestFiles.with { files in
            let path = try files.write(Data(xml.utf8), named: "records.xml")
            let run = try await CLI.run(["--select", "/records/record", "--format", "elements", path])
            #expect(run.status == 0)
            #expect(run.errors == "")
            let records = try objects(run)
            #expect(records.count == 2_000)
            let selected = records.filter { ($0["value"] as? Double ?? 0) > 999.5 }
            #expect(selected.count == expected.count)
            #expect(expected.count > 0)
            for (record, want) in zip(selected, expected) {
                #expect(record["id"] as? Int == want.id)
                #expect(record["name"] as? String == want.name)
                #expect(record["value"] as? Double == want.value)
                #expect(record["tag"] as? [String] == ["a", "b"])
                #expect(record["#name"] as? String == "record")
            }
            #expect(
                run.lines.first
                    == ##"{"#name":"record","id":0,"name":"Record 0 & <friends>","value":0.25,"tag":["a","b"]}"##)
        }
    }

    /// The same query through `jq` itself, as the README shows it.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/jq"), "jq is not installed"))
    func theRecordsQueryThroughJQ() async throws {
        let (xml, expected) = Self.records(1_000)
        try await TestFiles.with { files in
            let path = try files.write(Data(xml.utf8), named: "records.xml")
            let tool = try CLI.executable().path
            let shell = Process()
            shell.executableURL = URL(fileURLWithPath: "/bin/sh")
            shell.arguments = [
                "-c",
                "\"$0\" --select /records/record --format elements \"$1\" | /usr/bin/jq -c 'select(.value > 999.5) | {id, name, value}'",
                tool, path,
            ]
            let pipe = Pipe()
            shell.standardOutput = pipe
            try shell.run()
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            shell.waitUntilExit()
            #expect(shell.terminationStatus == 0)
            let lines = String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
            #expect(lines.count == expected.count)
            let first = try #require(expected.first)
            #expect(lines.first == #"{"id":\#(first.id),"name":"\#(first.name)","value":\#(first.value)}"#)
        }
    }

    /// Every rule of the mapping on one element.
    @Test func theMapping() async throws {
        let xml = #"""
            <doc xmlns:x="urn:x">
              <item id="7" x:kind="k" name="attribute" xml:lang="en">
                <name>child</name>
                <empty/>
                <price currency="EUR">12.50</price>
                <x:extra>namespaced</x:extra>
                <file>a</file><file>b</file><file>c</file>
                <nested><deeper level="2"><deepest>3</deepest></deeper></nested>
                <numbers><n>007</n><n>1e5</n><n>-0.5</n><n> 42</n><n>123456789012345</n><n>1234567890123456</n></numbers>
                <mixed>Hello, <b>world</b>!<!-- dropped --><?pi dropped?></mixed>
                <cdata><![CDATA[<raw> & ]]></cdata>
                own text
              </item>
            </doc>
            """#
        let run = try await CLI.run(["--select", "item", "--format", "elements", "-"], input: .data(Data(xml.utf8)))
        #expect(run.status == 0)
        #expect(run.lines.count == 1)
        let item = try #require(try objects(run).first)
        #expect(item["#name"] as? String == "item")
        #expect(item["id"] as? Int == 7)
        #expect(item["x:kind"] as? String == "k")
        #expect(item["xml:lang"] as? String == "en")
        // The attribute whose name a child has too gets an @.
        #expect(item["@name"] as? String == "attribute")
        #expect(item["name"] as? String == "child")
        #expect(item["empty"] as? String == "")
        let price = try #require(item["price"] as? [String: Any])
        #expect(price["currency"] as? String == "EUR")
        #expect(price["#text"] as? Double == 12.5)
        #expect(price["#name"] == nil)
        #expect(item["x:extra"] as? String == "namespaced")
        #expect(item["file"] as? [String] == ["a", "b", "c"])
        let nested = try #require(item["nested"] as? [String: Any])
        let deeper = try #require(nested["deeper"] as? [String: Any])
        #expect(deeper["level"] as? Int == 2)
        #expect(deeper["deepest"] as? Int == 3)
        let numbers = try #require((item["numbers"] as? [String: Any])?["n"] as? [Any])
        #expect(numbers.count == 6)
        #expect(numbers[0] as? String == "007")
        #expect(numbers[1] as? String == "1e5")
        #expect((numbers[2] as? NSNumber)?.doubleValue == -0.5)
        #expect(numbers[3] as? String == " 42")
        #expect((numbers[4] as? NSNumber)?.int64Value == 123_456_789_012_345)
        #expect(numbers[5] as? String == "1234567890123456")
        let mixed = try #require(item["mixed"] as? [String: Any])
        #expect(mixed["#text"] as? String == "Hello, !")
        #expect(mixed["b"] as? String == "world")
        #expect(item["cdata"] as? String == "<raw> & ")
        // Own text beside child elements keeps its white space; indentation alone is left out.
        let text = try #require(item["#text"] as? String)
        #expect(text.contains("own text"))
        #expect(nested["#text"] == nil)
        // Keys in document order: the name, the attributes, the text, the children.
        #expect(
            run.lines[0].hasPrefix(
                ##"{"#name":"item","id":7,"x:kind":"k","@name":"attribute","xml:lang":"en","#text":"##))
        #expect(run.lines[0].contains(##""name":"child","empty":"","price":{"currency":"EUR","#text":12.50}"##))
    }

    /// Without `--select`, the root's children are the elements; with a selection that matches
    /// nothing, the output is empty.
    @Test func theDefaultSelectionIsTheRootsChildren() async throws {
        let xml = "<root><a>1</a><b x=\"y\"/><a><c>2</c></a></root>"
        let run = try await CLI.run(["--format", "elements", "-"], input: .data(Data(xml.utf8)))
        #expect(run.status == 0)
        #expect(run.lines == [##"{"#name":"a","#text":1}"##, ##"{"#name":"b","x":"y"}"##, ##"{"#name":"a","c":2}"##])
        let none = try await CLI.run(
            ["--format", "elements", "--select", "missing", "-"], input: .data(Data(xml.utf8)))
        #expect(none.status == 0)
        #expect(none.output == "")
    }

    /// Each element's line comes out as soon as the element is complete, while the input is
    /// still open.
    @Test func elementsAreWrittenAsTheyComplete() async throws {
        let (run, early) = try await CLI.interact(["--format", "elements", "-"]) { interaction in
            interaction.write(Data("<log>\n<entry n=\"1\">early</entry>\n".utf8))
            // Blocks until the line comes; output held to the end would hit the timeout.
            let early = interaction.readLine()
            interaction.write(Data("<entry n=\"2\">late</entry>\n</log>\n".utf8))
            interaction.closeInput()
            return early
        }
        #expect(early == ##"{"#name":"entry","n":1,"#text":"early"}"##)
        #expect(run.status == 0)
        #expect(run.lines == [##"{"#name":"entry","n":2,"#text":"late"}"##])
    }

    /// Nesting far deeper than a recursive writer's stack could take.
    @Test func deepNestingIsWrittenWithoutRecursion() async throws {
        let depth = 50_000
        let xml =
            "<r><top>" + String(repeating: "<d>", count: depth) + "x" + String(repeating: "</d>", count: depth)
            + "</top></r>"
        let run = try await CLI.run(["--huge", "--format", "elements", "-"], input: .data(Data(xml.utf8)))
        #expect(run.status == 0)
        let line = try #require(run.lines.first)
        #expect(line.hasPrefix(##"{"#name":"top","d":{"d":{"##))
        #expect(line.hasSuffix(#"{"d":"x"}"# + String(repeating: "}", count: depth - 1)))
        let expectedLength =
            ##"{"#name":"top",}"##.utf8.count + (depth - 1) * #""d":{}"#.utf8.count + #""d":"x""#.utf8.count
        #expect(line.utf8.count == expectedLength)
    }

    /// A malformed document: the complete elements before the error, then the diagnostic and
    /// exit status 1.
    @Test func aMalformedDocumentEndsTheLines() async throws {
        let xml = "<r><a>1</a><a>2</a><a>3</b></r>"
        let run = try await CLI.run(["--format", "elements", "-"], input: .data(Data(xml.utf8)))
        #expect(run.status == 1)
        #expect(run.lines == [##"{"#name":"a","#text":1}"##, ##"{"#name":"a","#text":2}"##])
        #expect(run.errors.contains("<stdin>:1:"))
        #expect(run.errors.contains("error:"))
    }

    @Test func theHelpDocumentsTheFormat() async throws {
        let run = try await CLI.run(["--help"])
        #expect(run.output.contains("elements one JSON object per selected element"))
        #expect(run.output.contains("jq -c 'select(.value > 999.5) | {id, name, value}'"))
        let unknown = try await CLI.run(["--format", "nope"])
        #expect(unknown.errors.contains("summary, jsonl, xml, elements"))
    }
}
