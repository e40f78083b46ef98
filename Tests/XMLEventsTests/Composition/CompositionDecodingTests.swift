import Foundation
import Testing
import XMLEvents

@Suite("Composition: decoding")
struct CompositionDecodingTests {
    private func decode<T: Decodable>(
        _ type: T.Type,
        _ xml: String,
        using decoder: XMLRecordDecoder = XMLRecordDecoder()
    ) async throws -> T {
        try decoder.decode(type, from: try await subtree(xml))
    }

    // MARK: - Single values

    struct Numbers: Decodable, Equatable {
        var int: Int
        var int8: Int8
        var int16: Int16
        var int32: Int32
        var int64: Int64
        var uint: UInt
        var uint8: UInt8
        var uint16: UInt16
        var uint32: UInt32
        var uint64: UInt64
        var double: Double
        var float: Float
        var decimal: Decimal
    }

    @Test func decodesNumbersFromAttributesAndElements() async throws {
        let xml = """
            <n int="-9223372036854775808" int8="-128" uint64="18446744073709551615">
              <int16> 32767 </int16><int32>+2147483647</int32><int64>\n-42\n</int64><uint>7</uint>
              <uint8>255</uint8><uint16>65535</uint16><uint32>4294967295</uint32>
              <double>-1.5e3</double><float>INF</float><decimal>12345678901234567890.123456789</decimal>
            </n>
            """
        let numbers = try await decode(Numbers.self, xml)
        #expect(numbers.int == Int.min)
        #expect(numbers.int8 == -128)
        #expect(numbers.int16 == 32767)
        #expect(numbers.int32 == Int32.max)
        #expect(numbers.int64 == -42)
        #expect(numbers.uint == 7)
        #expect(numbers.uint8 == 255)
        #expect(numbers.uint16 == 65535)
        #expect(numbers.uint32 == UInt32.max)
        #expect(numbers.uint64 == UInt64.max)
        #expect(numbers.double == -1500)
        #expect(numbers.float == .infinity)
        #expect(numbers.decimal == Decimal(string: "12345678901234567890.123456789"))
    }

    @Test(arguments: [
        ("<v int8=\"128\"/>", "int8"),
        ("<v int8=\"1.0\"/>", "int8"),
        ("<v int8=\"\"/>", "int8"),
        ("<v uint=\"-1\"/>", "uint"),
        ("<v double=\"1,5\"/>", "double"),
        ("<v decimal=\"12abc\"/>", "decimal"),
        ("<v bool=\"yes\"/>", "bool"),
    ])
    func rejectsUnreadableNumbers(xml: String, key: String) async throws {
        struct V: Decodable {
            var int8: Int8?
            var uint: UInt?
            var double: Double?
            var decimal: Decimal?
            var bool: Bool?
        }
        let error = await #expect(throws: XMLRecordDecodingError.self) { try await decode(V.self, xml) }
        #expect(error?.codingPath.map(\.stringValue) == [key])
    }

    @Test func decodesBooleansStringsURLsAndData() async throws {
        struct V: Decodable {
            var yes: Bool
            var no: Bool
            var one: Bool
            var zero: Bool
            var text: String
            var spaced: String
            var url: URL
            var data: Data
        }
        let xml = """
            <v yes="true" no=" false " one="1" zero="0" url="https://example.com/a?b=c">\
            <text>a &amp; b</text><spaced>  kept  </spaced>
            <data>
              SGVsbG8s
              IHdvcmxk
            </data></v>
            """
        let value = try await decode(V.self, xml)
        #expect(value.yes && value.one && !value.no && !value.zero)
        #expect(value.text == "a & b")
        #expect(value.spaced == "  kept  ")
        #expect(value.url == URL(string: "https://example.com/a?b=c"))
        #expect(value.data == Data("Hello, world".utf8))
    }

    enum Kind: String, Decodable { case tcp, udp }

    @Test func decodesRawRepresentableEnumerations() async throws {
        struct V: Decodable {
            var kind: Kind
            var other: Kind?
        }
        let value = try await decode(V.self, "<v kind=\"udp\"><other>tcp</other></v>")
        #expect(value.kind == .udp)
        #expect(value.other == .tcp)
        await #expect(throws: XMLRecordDecodingError.self) { try await decode(V.self, "<v kind=\"sctp\"/>") }
    }

    // MARK: - Dates

    @Test func decodesDatesWithEveryStrategy() async throws {
        struct V: Decodable { var when: Date }
        func date(_ text: String, _ strategy: XMLRecordDecoder.DateDecodingStrategy) async throws -> Date {
            let decoder = XMLRecordDecoder(dateDecodingStrategy: strategy)
            let value = try await decode(V.self, "<v><when>\(text)</when></v>", using: decoder)
            return value.when
        }
        #expect(try await date("0", .deferredToDate) == Date(timeIntervalSinceReferenceDate: 0))
        #expect(try await date(" 86400.5 ", .secondsSince1970) == Date(timeIntervalSince1970: 86_400.5))
        #expect(try await date("1500", .millisecondsSince1970) == Date(timeIntervalSince1970: 1.5))
        #expect(try await date("1970-01-02", .iso8601) == Date(timeIntervalSince1970: 86_400))
        #expect(try await date("2000-02-29T12:30:15Z", .iso8601) == Date(timeIntervalSince1970: 951_827_415))
        #expect(
            try await date("2000-02-29T13:30:15.25+01:00", .iso8601) == Date(timeIntervalSince1970: 951_827_415.25))
        #expect(try await date("2000-02-29T07:30:15-0500", .iso8601) == Date(timeIntervalSince1970: 951_827_415))
        #expect(try await date("1969-12-31T23:59:59", .iso8601) == Date(timeIntervalSince1970: -1))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "dd/MM/yyyy"
        #expect(try await date("02/01/1970", .formatted(formatter)) == Date(timeIntervalSince1970: 86_400))
        let custom = XMLRecordDecoder.DateDecodingStrategy.custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            return Date(timeIntervalSince1970: Double(text.count))
        }
        #expect(try await date("abc", custom) == Date(timeIntervalSince1970: 3))
    }

    @Test(arguments: [
        "2001-02-29", "2001-13-01", "2001-01-01T24:00:00Z", "2001-01-01T10:00:00+2", "01-01-01", "2001-01-01x",
    ])
    func rejectsInvalidISO8601Dates(text: String) async throws {
        struct V: Decodable { var when: Date }
        let decoder = XMLRecordDecoder(dateDecodingStrategy: .iso8601)
        let error = await #expect(throws: XMLRecordDecodingError.self) {
            try await decode(V.self, "<v when=\"\(text)\"/>", using: decoder)
        }
        guard case .dataCorrupted = error?.underlying else {
            Issue.record("expected dataCorrupted, got \(String(describing: error))")
            return
        }
    }

    // MARK: - Optionals, arrays, nesting

    struct Person: Decodable, Equatable {
        var name: String
        var nickname: String?
        var age: Int?
        var email: [String]
        var phone: [String]?
        var address: Address?
    }

    struct Address: Decodable, Equatable {
        var city: String
        var zip: String?
    }

    @Test func decodesOptionalsArraysAndNestedTypes() async throws {
        let xml = """
            <person age="42">
              <name>Ann</name>
              <nickname/>
              <email>a@example.com</email>
              <email>ann@example.com</email>
              <address><city>Oslo</city></address>
            </person>
            """
        let person = try await decode(Person.self, xml)
        #expect(
            person
                == Person(
                    name: "Ann", nickname: nil, age: 42, email: ["a@example.com", "ann@example.com"], phone: nil,
                    address: Address(city: "Oslo", zip: nil)))
        let minimal = try await decode(Person.self, "<person><name></name><address/></person>")
        #expect(minimal == Person(name: "", nickname: nil, age: nil, email: [], phone: nil, address: nil))
    }

    @Test func emptyElementsAndXSINilAreNil() async throws {
        struct V: Decodable {
            var a: Int?
            var b: String?
            var c: String?
            var d: [Int?]
        }
        let xml = """
            <v xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" c="">\
            <a xsi:nil="true"/><b></b><d>1</d><d/><d>3</d></v>
            """
        let value = try await decode(V.self, xml)
        #expect(value.a == nil)
        #expect(value.b == nil)
        #expect(value.c == "")
        #expect(value.d == [1, nil, 3])
        struct Required: Decodable { var a: Int }
        let error = await #expect(throws: XMLRecordDecodingError.self) {
            try await decode(Required.self, "<v><a/></v>")
        }
        guard case .valueNotFound = error?.underlying else {
            Issue.record("expected valueNotFound, got \(String(describing: error))")
            return
        }
    }

    @Test func arraysOfOptionalElementsKeepEmptyItems() async throws {
        struct V: Decodable { var item: [String]? }
        #expect(try await decode(V.self, "<v><item/><item>b</item></v>").item == ["", "b"])
        #expect(try await decode(V.self, "<v/>").item == nil)
    }

    @Test func splitsAttributeListsAndReadsElementsAsArrays() async throws {
        struct V: Decodable {
            var roles: [String]
            var sizes: [Int]
        }
        let value = try await decode(V.self, "<v roles=\"admin  editor\nviewer\" sizes=\"1 2 3\"/>")
        #expect(value.roles == ["admin", "editor", "viewer"])
        #expect(value.sizes == [1, 2, 3])
        #expect(try await decode([Int].self, "<list><i>1</i>text<j>2</j></list>") == [1, 2])
        struct Matrix: Decodable { var row: [[Int]] }
        #expect(
            try await decode(Matrix.self, "<m><row><c>1</c><c>2</c></row><row><c>3</c></row></m>").row == [
                [1, 2], [3],
            ])
    }

    @Test func decodesDictionariesAndTextContent() async throws {
        #expect(
            try await decode([String: String].self, "<d a=\"1\"><b>2</b><c>3</c><b>ignored</b></d>")
                == ["a": "1", "b": "2", "c": "3"])
        struct Price: Decodable, Equatable {
            var currency: String
            var amount: Decimal
            enum CodingKeys: String, CodingKey {
                case currency
                case amount = "#text"
            }
        }
        struct Item: Decodable, Equatable { var price: [Price] }
        let item = try await decode(
            Item.self, "<i><price currency=\"EUR\">12.50</price><price currency=\"USD\"> 13 </price></i>")
        #expect(
            item.price == [
                Price(currency: "EUR", amount: Decimal(string: "12.50") ?? 0), Price(currency: "USD", amount: 13),
            ])
        struct Text: Decodable {
            var value: String
            enum CodingKeys: String, CodingKey { case value = "" }
        }
        let custom = XMLRecordDecoder(textContentKey: "")
        #expect(try await decode(Text.self, "<t>x</t>", using: custom).value == "x")
    }

    @Test func attributesWinOverChildrenOfTheSameName() async throws {
        struct V: Decodable { var id: String }
        let value = try await decode(V.self, "<v id=\"attribute\"><id>child</id></v>")
        #expect(value.id == "attribute")
        struct W: Decodable { var id: [String] }
        // An attribute is a list of tokens when decoded as an array; children are reached by name
        // only when no attribute has it.
        #expect(try await decode(W.self, "<v id=\"a b\"><id>child</id></v>").id == ["a", "b"])
        #expect(try await decode(W.self, "<v><id>c1</id><id>c2</id></v>").id == ["c1", "c2"])
    }

    @Test func keysCanNameNamespacesAndPrefixes() async throws {
        struct V: Decodable {
            var plain: String
            var prefixed: String
            var expanded: String
            enum CodingKeys: String, CodingKey {
                case plain = "title"
                case prefixed = "dc:title"
                case expanded = "{urn:other}title"
            }
        }
        let xml = """
            <v xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:o="urn:other">\
            <title>plain</title><dc:title>dc</dc:title><o:title>other</o:title></v>
            """
        let value = try await decode(V.self, xml)
        #expect(value.plain == "plain")
        #expect(value.prefixed == "dc")
        #expect(value.expanded == "other")
    }

    // MARK: - Key strategies

    @Test func convertsKeysFromSnakeAndKebabCase() async throws {
        struct V: Decodable, Equatable {
            var registrationDate: String
            var id: String
            var urlValue: String?
            var leading: String?
        }
        let kebab = XMLRecordDecoder(keyDecodingStrategy: .convertFromKebabCase)
        #expect(
            try await decode(
                V.self, "<v id=\"1\"><registration-date>d</registration-date><URL-value>u</URL-value></v>", using: kebab
            )
                == V(registrationDate: "d", id: "1", urlValue: "u", leading: nil))
        let snake = XMLRecordDecoder(keyDecodingStrategy: .convertFromSnakeCase)
        #expect(
            try await decode(V.self, "<v><registration_date>d</registration_date><id>2</id></v>", using: snake)
                == V(registrationDate: "d", id: "2", urlValue: nil, leading: nil))
        // Underscores at either end stay; the words between them are joined.
        struct Joined: Decodable {
            var joined: String
            enum CodingKeys: String, CodingKey { case joined = "_edgeName_" }
        }
        #expect(try await decode(Joined.self, "<v><_edge_name_>y</_edge_name_></v>", using: snake).joined == "y")
        // A name converted the same way in many records, and with many siblings, is found through
        // the cache and the table alike.
        let many =
            "<v>" + (0..<40).map { "<field-\($0)>\($0)</field-\($0)>" }.joined()
            + "<registration-date>d</registration-date><id>3</id></v>"
        #expect(try await decode(V.self, many, using: kebab).registrationDate == "d")
    }

    @Test func convertsKeysWithACustomStrategy() async throws {
        struct V: Decodable { var name: String }
        let upper = XMLRecordDecoder(
            keyDecodingStrategy: .custom { path in
                let last = path.last?.stringValue ?? ""
                return XMLTestKey(stringValue: last.lowercased())
            })
        #expect(try await decode(V.self, "<v><NAME>n</NAME></v>", using: upper).name == "n")
    }

    @Test func handsUserInfoToDecoders() async throws {
        let key = try #require(CodingUserInfoKey(rawValue: "tag"))
        struct V: Decodable {
            var tag: String
            init(from decoder: any Decoder) throws {
                tag = decoder.userInfo.first { $0.key.rawValue == "tag" }?.value as? String ?? "none"
            }
        }
        let decoder = XMLRecordDecoder(userInfo: [key: "given"])
        #expect(try await decode(V.self, "<v/>", using: decoder).tag == "given")
    }

    // MARK: - Errors

    struct Service: Decodable {
        var name: String
        var port: [Port]
    }

    struct Port: Decodable {
        var number: Int
        var proto: String
    }

    @Test func errorsNameThePositionAndTheCodingPath() async throws {
        let xml = """
            <registry>
              <service><name>ok</name><port number="1" proto="tcp"/></service>
              <service>
                <name>bad</name>
                <port number="1" proto="tcp"/>
                <port number="x" proto="udp"/>
              </service>
            </registry>
            """
        var decoded: [String] = []
        let error = await #expect(throws: XMLRecordDecodingError.self) {
            for try await service in try XMLEvents(string: xml).decode(Service.self, matching: "service") {
                decoded.append(service.name)
            }
        }
        #expect(decoded == ["ok"])
        // The `<` of the element whose attribute failed: the second <port>.
        #expect(error?.line == 6)
        #expect(error?.column == 5)
        #expect(error?.codingPathDescription == "port[1].number")
        guard case .typeMismatch(let type, _) = error?.underlying else {
            Issue.record("expected typeMismatch, got \(String(describing: error))")
            return
        }
        #expect(ObjectIdentifier(type) == ObjectIdentifier(Int.self))
        #expect(
            error?.description
                == "6:5: error: cannot decode <service> at 'port[1].number': attribute 'number' of <port>: "
                + "cannot read \"x\" as Int")
    }

    @Test func missingKeysAreReportedWithTheirPath() async throws {
        let error = await #expect(throws: XMLRecordDecodingError.self) {
            try await decode(Service.self, "<s><name>n</name><port proto=\"tcp\"/></s>")
        }
        #expect(error?.codingPathDescription == "port[0].number")
        #expect(error?.location?.line == 1)
        guard case .keyNotFound(let key, _) = error?.underlying else {
            Issue.record("expected keyNotFound, got \(String(describing: error))")
            return
        }
        #expect(key.stringValue == "number")
        #expect(error?.description.contains("no attribute or child element 'number'") == true)
    }

    @Test func errorsOfOtherTypesAreWrapped() async throws {
        struct Failure: Error {}
        struct V: Decodable {
            init(from decoder: any Decoder) throws { throw Failure() }
        }
        let error = await #expect(throws: XMLRecordDecodingError.self) { try await decode(V.self, "<v/>") }
        guard case .dataCorrupted(let context) = error?.underlying else {
            Issue.record("expected dataCorrupted, got \(String(describing: error))")
            return
        }
        #expect(context.underlyingError is Failure)
    }

    @Test func typeMismatchesBetweenShapes() async throws {
        struct Inner: Decodable { var x: String }
        struct V: Decodable { var a: Inner }
        let error = await #expect(throws: XMLRecordDecodingError.self) { try await decode(V.self, "<v a=\"text\"/>") }
        guard case .typeMismatch = error?.underlying else {
            Issue.record("expected typeMismatch, got \(String(describing: error))")
            return
        }
        struct W: Decodable { var a: Inner }
        let missing = await #expect(throws: XMLRecordDecodingError.self) { try await decode(W.self, "<v/>") }
        #expect(missing?.codingPathDescription == "a")
    }
}

struct XMLTestKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
