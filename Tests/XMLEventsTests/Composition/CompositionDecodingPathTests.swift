import Foundation
import Testing
import XMLCorpus
import XMLEvents

/// `XMLEvents.decode` builds each record from the parser's tape; decoding subtrees (from any
/// sequence of events, or one at a time with `XMLRecordDecoder`) takes another way to the same
/// `Decoder`. The ways must agree on every document: the same records, then the same error; the
/// parser's points at the `<` of the element that holds the value, a subtree's at the end of its
/// start tag (``XMLSubtree/location``), and each is the same whatever the chunks.
@Suite("Composition: decoding from the parser")
struct CompositionDecodingPathTests {
    /// What one decoding produced: the records, then the error that ended it, if any.
    struct Outcome<Record: Equatable>: Equatable, CustomStringConvertible {
        var records: [Record] = []
        var error: String?

        var description: String {
            "\(records.count) records, the last \(records.last.map { "\($0)" } ?? "-"); error: \(error ?? "none")"
        }
    }

    /// The records of a sequence, then the error that ended it.
    static func outcome<Records: AsyncSequence>(_ records: Records) async -> Outcome<Records.Element> {
        var outcome = Outcome<Records.Element>()
        do {
            for try await record in records { outcome.records.append(record) }
        } catch {
            outcome.error = "\(error)"
        }
        return outcome
    }

    /// The records of `XMLEvents.decode`, whose parser builds them; the records decoded one
    /// subtree at a time from the parser's subtrees, which carry their locations; and the
    /// records of `decode` over a plain sequence of events, whose subtrees carry no location.
    static func outcomes<Record: Decodable & Equatable>(
        _ type: Record.Type, _ data: Data, path: String, decoder: XMLRecordDecoder, chunkSize: Int,
        options: XMLParsingOptions
    ) async -> (parser: Outcome<Record>, subtrees: Outcome<Record>, events: Outcome<Record>) {
        let events = XMLEvents(data: data, chunkSize: chunkSize, options: options)
        var subtrees = Outcome<Record>()
        let selection: XMLPath
        do {
            selection = try XMLPath(path)
        } catch {
            subtrees.error = "\(error)"
            return (subtrees, subtrees, subtrees)
        }
        do {
            for try await subtree in events.elements(matching: selection) {
                subtrees.records.append(try decoder.decode(type, from: subtree))
            }
        } catch {
            subtrees.error = "\(error)"
        }
        return (
            await outcome(events.decode(type, matching: selection, using: decoder)), subtrees,
            await outcome(events.map { $0 }.decode(type, matching: selection, using: decoder))
        )
    }

    /// The outcome with the location taken out of a decoding error, as a plain sequence of
    /// events reports it.
    static func withoutLocation<Record>(_ outcome: Outcome<Record>) -> Outcome<Record> {
        var stripped = outcome
        if let error = outcome.error,
            let range = error.range(of: #"^\d+:\d+: error: cannot decode"#, options: .regularExpression)
        {
            stripped.error = error.replacingCharacters(in: range, with: "error: cannot decode")
        }
        return stripped
    }

    /// Expects every way to decode `data` to agree; returns the parser's outcome.
    @discardableResult
    static func expectSameDecoding<Record: Decodable & Equatable>(
        _ type: Record.Type, _ data: Data, path: String, decoder: XMLRecordDecoder = XMLRecordDecoder(),
        options: XMLParsingOptions = .default, chunkSizes: [Int] = [1, 7, 4096], name: String
    ) async -> Outcome<Record> {
        var first: Outcome<Record>?
        for chunkSize in chunkSizes {
            let (parser, subtrees, events) = await outcomes(
                type, data, path: path, decoder: decoder, chunkSize: chunkSize, options: options)
            #expect(
                withoutLocation(parser) == withoutLocation(subtrees),
                "\(name), \(chunkSize)-byte chunks:\n\(parser)\n--- from subtrees ---\n\(subtrees)")
            #expect(
                withoutLocation(parser) == events,
                "\(name), \(chunkSize)-byte chunks:\n\(parser)\n--- from events ---\n\(events)")
            if let first {
                #expect(parser == first, "\(name): \(chunkSize)-byte chunks differ from \(chunkSizes[0])-byte ones")
            } else {
                first = parser
            }
        }
        return first ?? Outcome()
    }

    // MARK: - The corpus

    struct ServiceRecord: Decodable, Equatable {
        var date: Date?
        var updated: Date?
        var name: String
        var `protocol`: Transport
        var number: String
        var description: String
        var assignee: Person?
        var contact: Person?
        var registrationDate: Date?
        var modificationDate: Date?
        var xref: [Reference]

        enum Transport: String, Decodable { case tcp, udp, sctp, dccp }
        struct Person: Decodable, Equatable { var xref: Reference }
        struct Reference: Decodable, Equatable {
            var type: String
            var data: String
        }
    }

    /// The same record with its port as a number: ranges (`1024-1030`) do not decode.
    struct StrictServiceRecord: Decodable, Equatable {
        var name: String
        var number: Int
    }

    struct Paragraph: Decodable, Equatable {
        var `class`: String?
        var text: String
        var em: [String]
        enum CodingKeys: String, CodingKey {
            case `class`
            case text = "#text"
            case em
        }
    }

    struct Entry: Decodable, Equatable {
        var lang: String?
        var title: Title
        var link: Link
        var id: String
        var updated: Date
        var published: Date?
        var author: Author
        var creator: String?
        var category: [Category]
        var summary: String
        var media: Media?
        var point: String?

        enum CodingKeys: String, CodingKey {
            case lang = "xml:lang"
            case title, link, id, updated, published, author
            case creator = "{http://purl.org/dc/elements/1.1/}creator"
            case category, summary
            case media = "{http://search.yahoo.com/mrss/}content"
            case point
        }

        struct Title: Decodable, Equatable {
            var type: String
            var text: String
            enum CodingKeys: String, CodingKey {
                case type
                case text = "#text"
            }
        }
        struct Link: Decodable, Equatable {
            var rel: String
            var href: URL
        }
        struct Author: Decodable, Equatable {
            var name: String
            var email: String?
        }
        struct Category: Decodable, Equatable { var term: String }
        struct Media: Decodable, Equatable {
            var url: URL
            var width: Int?
            var height: Int?
            var title: String?
        }
    }

    @Test func corpusRecordsDecodeAlike() async throws {
        let data = CorpusDocument(shape: .records, targetByteCount: 200_000, seed: 11).data()
        let decoder = XMLRecordDecoder(keyDecodingStrategy: .convertFromKebabCase, dateDecodingStrategy: .iso8601)
        let outcome = await Self.expectSameDecoding(
            ServiceRecord.self, data, path: "record", decoder: decoder, name: "records")
        #expect(outcome.error == nil)
        #expect(outcome.records.count > 500)
        #expect(outcome.records.contains { $0.date != nil && $0.assignee != nil && !$0.xref.isEmpty })
        let strict = await Self.expectSameDecoding(
            StrictServiceRecord.self, data, path: "/registry/record", decoder: decoder, name: "strict records")
        #expect(strict.error?.contains("cannot decode <record> at 'number'") == true, "\(strict)")
    }

    @Test func corpusParagraphsDecodeAlike() async throws {
        let data = CorpusDocument(shape: .text, targetByteCount: 200_000, seed: 12).data()
        let outcome = await Self.expectSameDecoding(Paragraph.self, data, path: "p", name: "text")
        #expect(outcome.error == nil)
        #expect(outcome.records.count > 100)
        #expect(outcome.records.contains { !$0.em.isEmpty })
        let options = XMLParsingOptions(reportsCDATA: true)
        await Self.expectSameDecoding(
            Paragraph.self, data, path: "section/*", options: options, chunkSizes: [4096], name: "text, CDATA")
    }

    @Test func corpusEntriesDecodeAlike() async throws {
        let data = CorpusDocument(shape: .ns, targetByteCount: 200_000, seed: 13).data()
        let decoder = XMLRecordDecoder(dateDecodingStrategy: .iso8601)
        let outcome = await Self.expectSameDecoding(
            Entry.self, data, path: "{http://www.w3.org/2005/Atom}entry", decoder: decoder, name: "ns")
        #expect(outcome.error == nil, "\(outcome)")
        #expect(outcome.records.count > 50)
        #expect(outcome.records.contains { $0.media?.width != nil && $0.creator != nil && $0.lang != nil })
    }

    // MARK: - Hand-written documents

    struct Order: Decodable, Equatable {
        var id: Int
        var status: Status
        var placed: Date
        var note: String?
        var gift: Bool?
        var tags: [String]
        var line: [Line]
        var total: Price
        var address: Address?

        enum Status: String, Decodable { case open, shipped }
        struct Line: Decodable, Equatable {
            var sku: String
            var quantity: Int
            var price: Decimal
        }
        struct Price: Decodable, Equatable {
            var currency: String
            var amount: Decimal
            enum CodingKeys: String, CodingKey {
                case currency
                case amount = "#text"
            }
        }
        struct Address: Decodable, Equatable {
            var street: [String]
            var city: String
        }
    }

    static let orders = """
        <?xml version="1.0"?>
        <!-- orders -->
        <orders xmlns="urn:shop" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
          <order id="1" status="open" tags="new  gift">
            <placed>2024-03-01T12:30:00Z</placed>
            <note>Leave at the <b>back</b> door &amp; ring</note>
            <gift>true</gift>
            <line sku="A-1"><quantity> 2 </quantity><price>9.50</price></line>
            <!-- a comment between lines -->
            <line sku="B-2"><quantity>1</quantity><price>20</price></line>
            <total currency="EUR">39.00</total>
            <address><street>Main St 1</street><street>Floor 2</street><city>Oslo</city></address>
          </order>
          <order id="2" status="shipped" tags="">
            <placed>2024-03-02</placed>
            <note xsi:nil="true"/>
            <gift/>
            <total currency="USD"><![CDATA[5]]>.25</total>
            <address xsi:nil="true"></address>
          </order>
          <order id="3" status="open" tags="x">
            <placed>2024-03-03T00:00:00+01:00</placed>
            <?audit checked?>
            <line sku="C-3"><quantity>one</quantity><price>1</price></line>
            <total currency="EUR">1</total>
          </order>
          <order id="4" status="open" tags="y"><placed>2024-03-04</placed><total currency="EUR">2</total></order>
        </orders>
        """

    @Test func nestedArraysAttributesNamespacesAndDatesDecodeAlike() async throws {
        let decoder = XMLRecordDecoder(dateDecodingStrategy: .iso8601)
        let outcome = await Self.expectSameDecoding(
            Order.self, Data(Self.orders.utf8), path: "order", decoder: decoder, chunkSizes: [1, 7, 4096],
            name: "orders")
        #expect(outcome.records.map(\.id) == [1, 2])
        #expect(outcome.records.first?.note == "Leave at the back door & ring")
        #expect(outcome.records.first?.tags == ["new", "gift"])
        #expect(outcome.records.first?.address?.street == ["Main St 1", "Floor 2"])
        #expect(outcome.records.last?.note == nil)
        #expect(outcome.records.last?.gift == nil)
        #expect(outcome.records.last?.address == nil)
        #expect(outcome.records.last?.total.amount == Decimal(string: "5.25"))
        // The third order's quantity is not a number: the error points at its element and names
        // the record, the path to the value and the element it was read from.
        let error = try #require(outcome.error)
        #expect(
            error
                == "24:21: error: cannot decode <order> at 'line[0].quantity': element <quantity>: "
                + "cannot read \"one\" as Int", "\(error)")
    }

    /// What counts as content, and so whether an optional value is `nil` or empty: an element
    /// holding only a comment, a processing instruction or a space is not empty (libxml2
    /// reports no empty CDATA section, so that element is); `xsi:nil` decides over content, and
    /// only when it is true.
    @Test func emptinessAndNilDecideAlikeForEveryKindOfContent() async throws {
        struct Probe: Decodable, Equatable {
            var selfClosed: String?
            var openClosed: String?
            var comment: String?
            var instruction: String?
            var emptyCDATA: String?
            var space: String?
            var markedNil: String?
            var markedNotNil: String?
            var attribute: String?
        }
        let probe = """
            <probe attribute=""><self-closed/><open-closed></open-closed><comment><!--x--></comment>\
            <instruction><?pi x?></instruction><empty-cdata><![CDATA[]]></empty-cdata><space> </space>\
            <marked-nil xsi:nil="true">text</marked-nil><marked-not-nil xsi:nil="0"></marked-not-nil></probe>
            """
        let xml = """
            <r xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\(probe)<probe><comment/><!--between-->\
            <space><!--a--> <?b?></space></probe></r>
            """
        let decoder = XMLRecordDecoder(keyDecodingStrategy: .convertFromKebabCase)
        for reportsCDATA in [false, true] {
            let outcome = await Self.expectSameDecoding(
                Probe.self, Data(xml.utf8), path: "probe", decoder: decoder,
                options: XMLParsingOptions(reportsCDATA: reportsCDATA), name: "emptiness, CDATA \(reportsCDATA)")
            #expect(
                outcome.records == [
                    Probe(
                        selfClosed: nil, openClosed: nil, comment: "", instruction: "", emptyCDATA: nil, space: " ",
                        markedNil: nil, markedNotNil: "", attribute: ""),
                    Probe(
                        selfClosed: nil, openClosed: nil, comment: nil, instruction: nil, emptyCDATA: nil, space: " ",
                        markedNil: nil, markedNotNil: nil, attribute: nil),
                ], "\(outcome)")
        }
    }

    /// One decoding sequence refills the same tables for every record: a record far larger than
    /// the tables keep (thousands of elements, a long text) between small ones, each with many
    /// children (so that keys are looked up through an index of the element) in another order.
    /// Nothing of one record may show in the next.
    @Test func recordsOfEverySizeRefillTheTablesAlike() async throws {
        struct Sized: Decodable, Equatable {
            var id: String
            var k7: String?
            var k36: String?
            var long: String?
            var v: [Value]?
            struct Value: Decodable, Equatable {
                var n: String
                var text: String
                enum CodingKeys: String, CodingKey {
                    case n
                    case text = "#text"
                }
            }
        }
        func record(_ index: Int) -> String {
            // The keys come in another order in each record, so that a stale index finds
            // another child.
            let keys = (0..<(35 + index)).map { ($0 + 5 * index) % (35 + index) }
            var xml = "<s id=\"r\(index)\">" + keys.map { "<k\($0)>\(index)-\($0)</k\($0)>" }.joined()
            if index % 2 == 0 {
                xml += (0..<5_000).map { "<v n=\"\(index).\($0)\">t\($0)</v>" }.joined()
                xml +=
                    "<long>" + String(repeating: Character(UnicodeScalar(UInt8(97 + index))), count: 70_000) + "</long>"
            }
            return xml + "</s>"
        }
        let xml = "<r>" + (0..<6).map(record).joined() + "</r>"
        let outcome = await Self.expectSameDecoding(
            Sized.self, Data(xml.utf8), path: "s", chunkSizes: [7, 4096], name: "sized records")
        #expect(outcome.error == nil, "\(outcome)")
        #expect(outcome.records.map(\.id) == (0..<6).map { "r\($0)" })
        #expect(outcome.records.map(\.k7) == (0..<6).map { "\($0)-7" })
        #expect(outcome.records.map(\.k36) == [nil, nil, "2-36", "3-36", "4-36", "5-36"])
        #expect(outcome.records.map { $0.v?.count } == [5_000, nil, 5_000, nil, 5_000, nil])
        #expect(outcome.records[4].v?.last == Sized.Value(n: "4.4999", text: "t4999"))
        #expect(outcome.records.map { $0.long?.count } == [70_000, nil, 70_000, nil, 70_000, nil])
        #expect(outcome.records[2].long?.first == "c")
    }

    @Test func everyDateStrategyAndKeyStrategyDecodesAlike() async throws {
        struct Event: Decodable, Equatable {
            var when: Date
            var lastSeen: Date?
            var label: String
        }
        let custom = XMLRecordDecoder.DateDecodingStrategy.custom { decoder in
            let container = try decoder.singleValueContainer()
            return Date(timeIntervalSince1970: Double(try container.decode(String.self).count))
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        let strategies: [(XMLRecordDecoder.DateDecodingStrategy, String, String)] = [
            (.deferredToDate, "10", "20"), (.secondsSince1970, "86400.5", "1"), (.millisecondsSince1970, "1500", "2"),
            (.iso8601, "2000-02-29T12:30:15Z", "1970-01-02"), (.formatted(formatter), "2001-01-02", "2001-01-03"),
            (custom, "abc", "de"),
        ]
        for (strategy, first, second) in strategies {
            for keys in [XMLRecordDecoder.KeyDecodingStrategy.convertFromKebabCase, .convertFromSnakeCase] {
                let separator = if case .convertFromKebabCase = keys { "-" } else { "_" }
                let xml = """
                    <log><event when="\(first)"><last\(separator)seen>\(second)</last\(separator)seen>\
                    <label>a</label></event><event><when> \(second) </when><label/></event>\
                    <event when="not a date"><label>bad</label></event></log>
                    """
                let decoder = XMLRecordDecoder(keyDecodingStrategy: keys, dateDecodingStrategy: strategy)
                await Self.expectSameDecoding(
                    Event.self, Data(xml.utf8), path: "event", decoder: decoder, chunkSizes: [5, 4096],
                    name: "\(strategy), \(keys)")
            }
        }
    }

    @Test func customKeysManyChildrenAndDictionariesDecodeAlike() async throws {
        struct Wide: Decodable, Equatable {
            var field3: String
            var field39: String?
            var missing: String?
            var repeated: [Int]
        }
        let fields = (0..<40).map { "<FIELD\($0)>\($0)</FIELD\($0)>" }.joined()
        let xml =
            "<r>" + (0..<3).map { _ in "<w>\(fields)<REPEATED>1</REPEATED><REPEATED>2</REPEATED></w>" }.joined()
            + "</r>"
        let lowercased = XMLRecordDecoder(
            keyDecodingStrategy: .custom { path in XMLTestKey(stringValue: path.last?.stringValue.lowercased() ?? "") })
        let outcome = await Self.expectSameDecoding(
            Wide.self, Data(xml.utf8), path: "w", decoder: lowercased, chunkSizes: [64, 4096], name: "custom keys")
        #expect(outcome.records.first == Wide(field3: "3", field39: "39", missing: nil, repeated: [1, 2]))
        let plain = (0..<40).map { "<f\($0) a=\"\($0)\">\($0)</f\($0)>" }.joined()
        let dictionaries = "<r><d k=\"v\">\(plain)<f1>again</f1></d><d/></r>"
        await Self.expectSameDecoding(
            [String: String].self, Data(dictionaries.utf8), path: "d", chunkSizes: [3, 4096], name: "dictionaries")
        await Self.expectSameDecoding(
            [Int].self, Data(dictionaries.utf8), path: "d", chunkSizes: [4096], name: "arrays of children")
    }

    /// Names too long for the process's name table and the key registry's budget are matched by
    /// comparing strings, and names the tape kept alive only for one step stay alive with the
    /// record.
    @Test func longNamesOutsideTheRegistryDecodeAlike() async throws {
        struct Long: Decodable, Equatable {
            var values: [String: String]
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: XMLTestKey.self)
                var values: [String: String] = [:]
                for key in container.allKeys {
                    values[String(key.stringValue.suffix(4))] = try container.decode(String.self, forKey: key)
                }
                self.values = values
            }
        }
        let names = (0..<24).map { index in String(repeating: "n", count: 49_990) + String(format: "%04d", index) }
        let record = "<l>" + names.map { "<\($0)>\($0.suffix(4))</\($0)>" }.joined() + "</l>"
        let xml = "<r>\(record)\(record)</r>"
        let outcome = await Self.expectSameDecoding(
            Long.self, Data(xml.utf8), path: "l", chunkSizes: [4096, 1 << 20], name: "long names")
        #expect(outcome.records.count == 2)
        #expect(outcome.records.first?.values.count == 24)
        #expect(outcome.records.first?.values["0023"] == "0023")
    }

    /// Names too long to intern, more of them than the parser's name cache holds, read by a
    /// custom key strategy long after the tape's step that carried them was replaced.
    @Test func namesTheTapeKeepsForOneStepStayAliveWithTheRecord() async throws {
        struct Keys: Decodable, Equatable {
            var keys: [String]
            init(from decoder: any Decoder) throws {
                keys = try decoder.container(keyedBy: XMLTestKey.self).allKeys.map(\.stringValue)
            }
        }
        let names = (0..<2_000).map { "N" + String(repeating: "x", count: 300) + "\($0)" }
        let record = "<k>" + names.map { "<\($0)/>" }.joined() + "</k>"
        let lowercased = XMLRecordDecoder(
            keyDecodingStrategy: .custom { path in XMLTestKey(stringValue: path.last?.stringValue.lowercased() ?? "") })
        let outcome = await Self.expectSameDecoding(
            Keys.self, Data("<r>\(record)\(record)</r>".utf8), path: "k", decoder: lowercased, chunkSizes: [4096],
            name: "owned names")
        #expect(outcome.records.count == 2)
        #expect(outcome.records.first?.keys == names.map { $0.lowercased() })
    }

    @Test func errorsOfTheDocumentComeAfterTheRecordsBeforeThem() async throws {
        struct Item: Decodable, Equatable { var n: Int }
        let broken = "<r><i><n>1</n></i><i><n>2</n></i><i><n>3</n></x></r>"
        let outcome = await Self.expectSameDecoding(
            Item.self, Data(broken.utf8), path: "i", chunkSizes: [1, 4096], name: "broken")
        #expect(outcome.records == [Item(n: 1), Item(n: 2)])
        #expect(outcome.error?.contains("line 1") == true, "\(outcome)")
        await Self.expectSameDecoding(
            Item.self, Data("<r><i><n>x</n></i>".utf8), path: "i", chunkSizes: [1, 4096], name: "decoding first")
        #expect(throws: XMLPathError.self) {
            try XMLEvents(string: "<r/>").decode(Item.self, matching: "a/")
        }
    }

    /// A `Decodable` initializer that keeps its decoder: what it reads later is still its own
    /// record, not the record built after it, whether the parser built the records or a sequence
    /// of events.
    @Test func aDecoderKeptPastItsRecordStillReadsIt() async throws {
        final class Kept: Decodable {
            let decoder: any Decoder
            init(from decoder: any Decoder) throws { self.decoder = decoder }
            func name() throws -> String {
                try decoder.container(keyedBy: XMLTestKey.self).decode(
                    String.self, forKey: XMLTestKey(stringValue: "name"))
            }
        }
        let xml = "<r>" + (0..<50).map { "<i><name>item \($0)</name></i>" }.joined() + "</r>"
        var kept: [Kept] = []
        for try await item in try XMLEvents(string: xml, chunkSize: 16).decode(Kept.self, matching: "i") {
            kept.append(item)
        }
        #expect(try kept.map { try $0.name() } == (0..<50).map { "item \($0)" })
        kept = []
        for try await item in try XMLEvents(string: xml, chunkSize: 16).map({ $0 }).decode(Kept.self, matching: "i") {
            kept.append(item)
        }
        #expect(try kept.map { try $0.name() } == (0..<50).map { "item \($0)" })
    }
}
