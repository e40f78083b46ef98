import Testing
import XMLEvents

/// `attributes["k"]` is the one spelling of an attribute lookup, on an event, a subtree and a
/// visitor's borrowed tag, and the three answer alike.
@Suite struct AttributeSpellingTests {
    static let xlink = "http://www.w3.org/1999/xlink"
    static let document = """
        <list xmlns:x="http://www.w3.org/1999/xlink">
          <item id="1" x:href="a.xml" lang="en" empty=""/>
          <item id="2" href="plain" x:href="b.xml"/>
          <item/>
        </list>
        """

    /// The questions asked of every item, in order, as one line each.
    static let questions = ["id", "href", "x:href", "{\(xlink)}href", "{}href", "lang", "empty", "absent"]

    /// What an item's attributes answer, whichever type holds them.
    static func answers(_ attributes: XMLAttributes) -> [String] {
        var answers = questions.map { "\($0)=\(attributes[$0] ?? "nil")" }
        answers.append("ns href=\(attributes["href", namespaceURI: xlink] ?? "nil")")
        answers.append("no-ns href=\(attributes["href", namespaceURI: nil] ?? "nil")")
        answers.append("index x:href=\(attributes.firstIndex(named: "x:href").map(String.init) ?? "nil")")
        answers.append("index ns href=\(attributes.firstIndex("href", namespaceURI: xlink).map(String.init) ?? "nil")")
        answers.append("count=\(attributes.count) empty=\(attributes.isEmpty)")
        return answers
    }

    static let expected: [[String]] = [
        [
            "id=1", "href=a.xml", "x:href=a.xml", "{\(xlink)}href=a.xml", "{}href=nil", "lang=en", "empty=",
            "absent=nil", "ns href=a.xml", "no-ns href=nil", "index x:href=1", "index ns href=1",
            "count=4 empty=false",
        ],
        [
            "id=2", "href=plain", "x:href=b.xml", "{\(xlink)}href=b.xml", "{}href=plain", "lang=nil", "empty=nil",
            "absent=nil", "ns href=b.xml", "no-ns href=plain", "index x:href=2", "index ns href=2",
            "count=3 empty=false",
        ],
        [
            "id=nil", "href=nil", "x:href=nil", "{\(xlink)}href=nil", "{}href=nil", "lang=nil", "empty=nil",
            "absent=nil", "ns href=nil", "no-ns href=nil", "index x:href=nil", "index ns href=nil",
            "count=0 empty=true",
        ],
    ]

    @Test func eventsAnswerByName() async throws {
        var answers: [[String]] = []
        for try await event in XMLEvents(string: Self.document) {
            if case .startElement(let name, let attributes, _) = event, name.localName == "item" {
                answers.append(Self.answers(attributes))
            }
        }
        #expect(answers == Self.expected)
    }

    @Test func subtreesAnswerAsEventsDo() async throws {
        var answers: [[String]] = []
        for try await item in try XMLEvents(string: Self.document).elements(matching: "item") {
            answers.append(Self.answers(item.attributes))
            #expect(item.attributes.first(named: "x:href")?.name.prefix == (item.attributes.isEmpty ? nil : "x"))
        }
        #expect(answers == Self.expected)
    }

    /// The borrowed view answers what the owned copy answers, and reads values in place.
    struct TagReader: XMLVisitor {
        var answers: [[String]] = []
        var copies: [XMLAttributes] = []
        var valueBytes = 0

        mutating func startElement(_ tag: borrowing XMLStartTag) {
            guard tag.name.localName == "item" else { return }
            answers.append(Self.answers(tag.attributes))
            copies.append(tag.attributes.copied)
            for index in 0..<tag.attributes.count {
                valueBytes += tag.attributes.withValue(at: index) { $0.count }
                #expect(tag.attributes.value(at: index) == tag.attributes.copied[index].value)
                #expect(tag.attributes.name(at: index) == tag.attributes.copied[index].name)
            }
        }

        /// The view is lent, not given: a function reads it `borrowing`.
        static func answers(_ attributes: borrowing XMLStartTag.Attributes) -> [String] {
            let xlink = AttributeSpellingTests.xlink
            var answers = AttributeSpellingTests.questions.map { "\($0)=\(attributes[$0] ?? "nil")" }
            answers.append("ns href=\(attributes["href", namespaceURI: xlink] ?? "nil")")
            answers.append("no-ns href=\(attributes["href", namespaceURI: nil] ?? "nil")")
            answers.append("index x:href=\(attributes.firstIndex(named: "x:href").map(String.init) ?? "nil")")
            answers.append(
                "index ns href=\(attributes.firstIndex("href", namespaceURI: xlink).map(String.init) ?? "nil")")
            answers.append("count=\(attributes.count) empty=\(attributes.isEmpty)")
            return answers
        }
    }

    @Test func aVisitorsTagAnswersAsEventsDo() async throws {
        var reader = TagReader()
        try await XMLEvents(string: Self.document).visit(&reader)
        #expect(reader.answers == Self.expected)
        var owned: [XMLAttributes] = []
        for try await event in XMLEvents(string: Self.document) {
            if case .startElement(let name, let attributes, _) = event, name.localName == "item" {
                owned.append(attributes)
            }
        }
        #expect(reader.copies == owned)
        #expect(reader.valueBytes == "1a.xmlen".utf8.count + "2plainb.xml".utf8.count)
    }
}
