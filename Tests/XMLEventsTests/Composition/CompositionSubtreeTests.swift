import Foundation
import Testing
import XMLEvents

@Suite("Composition: subtrees")
struct CompositionSubtreeTests {
    static let entry = """
        <entry xmlns="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" \
        xmlns:x="http://www.w3.org/1999/xlink" xml:lang="en" id="e1">\
        <title type="text">First</title>\
        <dc:creator>Ann</dc:creator>\
        <link x:href="http://example.com/1" rel="alternate"/>\
        <link x:href="http://example.com/2" rel="related"/>\
        <content>Hello, <b>bold</b> <!-- note --><?pi data?>world &amp; all</content>\
        <plain xmlns="">no namespace</plain>\
        </entry>
        """

    @Test func findsChildrenByName() async throws {
        let entry = try await subtree(Self.entry)
        #expect(entry.child(named: "title")?.text == "First")
        #expect(entry.child(named: "creator")?.text == "Ann")
        #expect(entry.child(named: "{http://purl.org/dc/elements/1.1/}creator")?.text == "Ann")
        #expect(entry.child(named: "dc:creator")?.text == "Ann")
        #expect(entry.child(named: "{}plain")?.text == "no namespace")
        #expect(entry.child(named: "{}title") == nil)
        #expect(entry.child(named: "missing") == nil)
        #expect(entry.child(named: "*")?.name.localName == "title")
        #expect(entry.childElements(named: "link").count == 2)
        #expect(entry.childElements(named: "{http://www.w3.org/2005/Atom}link").count == 2)
        #expect(entry.childElements(named: "a b").isEmpty)
        let linkName = XMLName(localName: "link", prefix: "whatever", namespaceURI: "http://www.w3.org/2005/Atom")
        #expect(entry.childElements(named: linkName).count == 2)
        #expect(entry.child(named: linkName)?.attributes["rel"] == "alternate")
        #expect(entry.childElements.map(\.name.localName) == ["title", "creator", "link", "link", "content", "plain"])
    }

    @Test func findsAttributesByName() async throws {
        let entry = try await subtree(Self.entry)
        #expect(entry.attributes["id"] == "e1")
        #expect(entry.attributes["lang"] == "en")
        #expect(entry.attributes["xml:lang"] == "en")
        #expect(entry.attributes["{http://www.w3.org/XML/1998/namespace}lang"] == "en")
        #expect(entry.attributes["{}id"] == "e1")
        #expect(entry.attributes["{}lang"] == nil)
        #expect(entry.attributes["lang", namespaceURI: "http://www.w3.org/XML/1998/namespace"] == "en")
        #expect(entry.attributes["id", namespaceURI: nil] == "e1")
        #expect(entry.attributes.first(named: "missing") == nil)
        let link = try #require(entry.child(named: "link"))
        #expect(link.attributes["x:href"] == "http://example.com/1")
        #expect(link.attributes["href"] == "http://example.com/1")
        #expect(link.attributes["{http://www.w3.org/1999/xlink}href"] == "http://example.com/1")
        #expect(link.attributes.first(named: "href")?.name.prefix == "x")
    }

    @Test func textConcatenatesCharacterDataOfTheWholeSubtree() async throws {
        let entry = try await subtree(Self.entry)
        let content = try #require(entry.child(named: "content"))
        #expect(content.text == "Hello, bold world & all")
        #expect(content.children.count == 6)
        #expect(content.children[3] == .comment(" note "))
        #expect(content.children[4] == .processingInstruction(target: "pi", data: "data"))
        #expect(entry.text == "FirstAnnHello, bold world & allno namespace")
        #expect(XMLSubtree(name: XMLName(localName: "e")).text.isEmpty)
    }

    @Test func keepsCDATASectionsApartWhenReported() async throws {
        let xml = "<a>x<![CDATA[<y>]]>z</a>"
        let reported = try await collect(
            XMLEvents(string: xml, options: XMLParsingOptions(reportsCDATA: true)).elements(matching: "a"))
        #expect(reported.first?.children == [.text("x"), .cdata("<y>"), .text("z")])
        #expect(reported.first?.text == "x<y>z")
        #expect(reported.first?.children[1].characterData == "<y>")
        let merged = try await subtree(xml)
        #expect(merged.children == [.text("x<y>z")])
    }

    @Test func recordsWhereStartTagsWereReported() async throws {
        let xml = "<r>\n  <record n=\"1\">\n    <name>a</name>\n  </record>\n  <record n=\"2\"/>\n</r>"
        let records = try await collect(XMLEvents(string: xml).elements(matching: "record"))
        #expect(records.map(\.location?.line) == [2, 5])
        // libxml2 reports a start element at its closing `>`, or just after it.
        #expect(records.allSatisfy { (16...17).contains($0.location?.column ?? 0) })
        #expect(records[0].child(named: "name")?.location?.line == 3)
        #expect((10...11).contains(records[0].child(named: "name")?.location?.column ?? 0))
        // Without XMLEvents underneath there is no location to report.
        let mapped = XMLEvents(string: xml).map { $0 }
        let unlocated = try await collect(mapped.elements(matching: "record"))
        #expect(unlocated.count == 2)
        #expect(unlocated.allSatisfy { $0.location == nil })
    }

    @Test func equalityIgnoresLocation() async throws {
        let xml = "<r><a k=\"v\">t</a><a k=\"v\">t</a><a k=\"w\">t</a></r>"
        let elements = try await collect(XMLEvents(string: xml).elements(matching: "a"))
        #expect(elements[0] == elements[1])
        #expect(elements[0].location != elements[1].location)
        #expect(elements[0] != elements[2])
        #expect(Set(elements).count == 2)
        let made = XMLSubtree(
            name: XMLName(localName: "a"),
            attributes: [XMLAttribute(name: XMLName(localName: "k"), value: "v")],
            children: [.text("t")])
        #expect(made == elements[0])
        #expect(made.hashValue == elements[0].hashValue)
    }

    @Test func subtreesCrossTasks() async throws {
        let element = try await subtree(Self.entry)
        let title = await Task.detached { element.child(named: "title")?.text }.value
        #expect(title == "First")
    }

    @Test func emptiness() async throws {
        #expect(try await subtree("<a/>").isEmpty)
        #expect(try await subtree("<a></a>").isEmpty)
        #expect(try await !subtree("<a b=\"\"/>").isEmpty)
        #expect(try await !subtree("<a> </a>").isEmpty)
    }

    /// `.huge` allows 100,000 levels; releasing, comparing or hashing such a tree by recursion
    /// overflowed the thread's stack (a crash when the subtree was dropped).
    @Test func hugelyDeepSubtreesAreComparedHashedAndReleasedWithoutRecursion() async throws {
        let depth = 100_000
        let xml = String(repeating: "<d>", count: depth) + "x" + String(repeating: "</d>", count: depth)
        let options = XMLParsingOptions(limits: .huge)
        let kept: XMLSubtree
        do {
            let first = try #require(
                try await collect(XMLEvents(string: xml, options: options).elements(matching: "/*")).first)
            let second = try #require(
                try await collect(XMLEvents(string: xml, options: options).elements(matching: "/*")).first)
            #expect(first.text == "x")
            #expect(first.description == xml)
            #expect(first == second)
            #expect(first.hashValue == second.hashValue)
            let other = try await subtree(
                String(repeating: "<d>", count: 3) + "y" + String(repeating: "</d>", count: 3))
            #expect(first != other)
            var node = first
            for _ in 1..<(depth - 5) { node = try #require(node.childElements.first) }
            kept = node
        }
        // Both trees are gone; a descendant kept elsewhere outlives them, whole.
        #expect(kept.text == "x")
        #expect(kept.description == String(repeating: "<d>", count: 6) + "x" + String(repeating: "</d>", count: 6))
    }

    /// A subtree made in code keeps each child element in the storage it came from; a chain of
    /// 100,000 of them, each wrapping the last, is compared, hashed, renamed and released
    /// without recursion.
    @Test func hugelyDeepComposedSubtreesAreReleasedWithoutRecursion() async throws {
        let depth = 100_000
        let name = XMLName(localName: "d")
        func chain() -> XMLSubtree {
            var node = XMLSubtree(name: name, children: [.text("x")])
            for _ in 1..<depth { node = XMLSubtree(name: name, children: [.element(node)]) }
            return node
        }
        do {
            let first = chain()
            var second = chain()
            #expect(first == second)
            #expect(first.hashValue == second.hashValue)
            #expect(first.text == "x")
            second.name = XMLName(localName: "e")
            #expect(first != second)
            #expect(second.childElements.first == first.childElements.first)
        }
        // Parsed and composed storage mixed: a parsed record wrapped, its child kept alone.
        let parsed = try await subtree("<r><a>1</a><b>2</b></r>")
        var wrapper = XMLSubtree(name: XMLName(localName: "w"), children: [.element(parsed), .text("t")])
        let kept = try #require(wrapper.childElements.first?.child(named: "b"))
        wrapper.children = []
        #expect(wrapper.isEmpty)
        #expect(kept.description == "<b>2</b>")
        #expect(parsed.children.count == 2)
    }

    /// A subtree's elements share one storage for their attributes, gathered from the tape
    /// while the tape holds them: names too long to be interned (owned by the tape, which is
    /// used again for the next events) and values must come out as the events have them, at
    /// any chunk size and with the records parsed on every core.
    @Test(arguments: [1, 7, 4096, 1 << 16])
    func attributesOfEveryElementComeOutAsTheEventsHaveThem(chunkSize: Int) async throws {
        let longName = String(repeating: "n", count: 300)
        var xml = "<root>"
        for record in 0..<300 {
            xml += "<r id=\"\(record)\" \(longName)\(record % 3)=\"long \(record)\">"
            xml += "<a k=\"\(record)\"/>text<b/><c \(longName)=\"v\" x=\"&amp;\(record)\">t</c></r>"
        }
        xml += "</root>"
        var expected: [[String]] = []
        for try await event in XMLEvents(data: Data(xml.utf8), chunkSize: chunkSize) {
            guard case .startElement(let name, let attributes, _) = event, name.localName != "root" else { continue }
            expected.append(attributes.map { "\($0.name.qualifiedName)=\($0.value)" })
        }
        for parallelism in [XMLParsingOptions.Parallelism.off, .cores(2)] {
            var options = XMLParsingOptions()
            options.parallelism = parallelism
            var found: [[String]] = []
            let events = XMLEvents(data: Data(xml.utf8), chunkSize: chunkSize, options: options)
            for try await record in try events.elements(matching: "/root/r") {
                var pending = [record]
                while !pending.isEmpty {
                    let element = pending.removeFirst()
                    found.append(element.attributes.map { "\($0.name.qualifiedName)=\($0.value)" })
                    pending.insert(contentsOf: element.childElements, at: 0)
                }
            }
            #expect(found == expected, "\(parallelism)")
        }
        #expect(expected.count == 1200)
    }

    /// A subtree keeps each element's location and namespace declarations apart from the
    /// element, after its content: every element, nested or not, declaring or not, must still
    /// have its own, as the events report them, with one parser and with every core.
    @Test(arguments: [7, 4096])
    func locationsAndDeclarationsOfEveryElementComeOutAsTheEventsHaveThem(chunkSize: Int) async throws {
        var xml = "<root xmlns:q=\"urn:q\">\n"
        for record in 0..<200 {
            xml +=
                "<r id=\"\(record)\"><a xmlns:p\(record % 5)=\"urn:p\(record)\"><b/>\n<c xmlns=\"urn:d\(record)\">t</c></a>"
            xml += String(repeating: "<e/>", count: record % 4) + "<f xmlns:x=\"urn:x\" xmlns:y=\"urn:y\"/></r>\n"
        }
        xml += "</root>"
        var expected: [String] = []
        let events = XMLEvents(data: Data(xml.utf8), chunkSize: chunkSize)
        var iterator = events.makeAsyncIterator()
        while let event = try await iterator.next() {
            guard case .startElement(let name, _, let namespaces) = event, name.localName != "root" else { continue }
            let location = try #require(iterator.location)
            expected.append(
                "\(name.expandedName) \(namespaces) \(location.line):\(location.column)@\(location.byteOffset)")
        }
        for parallelism in [XMLParsingOptions.Parallelism.off, .cores(2)] {
            var options = XMLParsingOptions()
            options.parallelism = parallelism
            var found: [String] = []
            let events = XMLEvents(data: Data(xml.utf8), chunkSize: chunkSize, options: options)
            for try await record in try events.elements(matching: "/root/r") {
                var pending = [record]
                while !pending.isEmpty {
                    let element = pending.removeFirst()
                    let location = try #require(element.location)
                    found.append(
                        "\(element.name.expandedName) \(element.namespaces) "
                            + "\(location.line):\(location.column)@\(location.byteOffset)")
                    pending.insert(contentsOf: element.childElements, at: 0)
                }
            }
            #expect(found == expected, "\(parallelism)")
        }
        let emptyElements = (0..<200).reduce(0) { $0 + $1 % 4 }
        #expect(expected.count == 200 * 5 + emptyElements)
    }

    @Test func deepSubtreesNeedNoRecursion() async throws {
        let depth = 200
        let xml = String(repeating: "<d>", count: depth) + "x" + String(repeating: "</d>", count: depth)
        let root = try await subtree(xml)
        #expect(root.text == "x")
        #expect(root.description == xml)
    }
}
