import Foundation

/// Decodes `Decodable` values from ``XMLSubtree`` elements: one record per element.
///
/// ```swift
/// struct Record: Decodable {
///     var date: Date             // attribute date="…" or child <date>…</date>
///     var name: String           // child <name>…</name>
///     var file: [String]         // every child <file>
///     var registrationDate: Date?
/// }
/// var decoder = XMLRecordDecoder()
/// decoder.keyDecodingStrategy = .convertFromKebabCase   // <registration-date>
/// decoder.dateDecodingStrategy = .iso8601
/// for try await record in try events.decode(Record.self, matching: "record", using: decoder) { … }
/// ```
///
/// How XML maps onto the decoding containers:
/// - **Keys** are the attributes and child elements of an element, by local name (in any
///   namespace), converted by ``keyDecodingStrategy``. A key written `prefix:local` matches the
///   qualified name as the document writes it, `{uri}local` the name in that namespace, and
///   ``textContentKey`` (`#text`) the element's own character data, for elements that carry
///   both attributes and a value, as `<price currency="EUR">12.50</price>`.
/// - **An attribute and a child element with one name**: the attribute wins, for an array too
///   (which then reads the attribute's list). A type that wants the child element, or one kind
///   only, says so for each key by adopting ``XMLNodeDecoding``.
/// - **Single values** (`String`, numbers, `Bool`, `Date`, `URL`, `Data`, `Decimal`, and
///   `RawRepresentable` enumerations of them) are read from an attribute value or from an
///   element's character data (``XMLSubtree/text``, all depths). Strings are taken as they are;
///   every other type first drops leading and trailing white space, as XML Schema does.
///   Booleans are `true`, `false`, `1`, `0`; integers are decimal with an optional sign;
///   floating-point numbers also accept `INF`, `-INF` and `NaN`; `Data` is Base64 (white space
///   and line breaks ignored); `URL` is `URL(string:)`.
/// - **Arrays**: a property of array type collects every child element of its key's name, in
///   document order, with no wrapper element (`<file/><file/>` → `file: [String]`). A key with
///   no such children gives an empty array (`[T]`) or `nil` (`[T]?`). An array decoded from an
///   attribute splits its value at white space (XML Schema list types, `roles="a b"`). An
///   element decoded as an array directly (the top level, or an array of arrays) gives its child
///   elements.
/// - **Optionals**: a missing key is `nil`; so is an empty element (no attributes, no content:
///   `<middle-name/>`) and an element with `xsi:nil="true"`. A non-optional `String` reads an
///   empty element as `""`; other non-optional types report it as
///   `DecodingError.valueNotFound`. An attribute that is present is never `nil`.
/// - **Nested types** decode from a child element the same way, recursively.
///
/// A failure is an ``XMLRecordDecodingError`` carrying the record's location and the coding path
/// of the failing value, wrapping the `DecodingError`.
public struct XMLRecordDecoder: Sendable {
    /// How the names of attributes and elements become the keys of `CodingKeys`. Default:
    /// ``KeyDecodingStrategy/useDefaultKeys``.
    public var keyDecodingStrategy: KeyDecodingStrategy

    /// How dates are read. Default: ``DateDecodingStrategy/deferredToDate``, as `JSONDecoder`
    /// does (a number of seconds since 2001-01-01); documents mostly want
    /// ``DateDecodingStrategy/iso8601``.
    public var dateDecodingStrategy: DateDecodingStrategy

    /// The key that stands for an element's own character data rather than for an attribute or
    /// child. Default: `#text`, which no XML name can be.
    public var textContentKey: String

    /// Values handed to every `Decoder` as its `userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable]

    /// Creates a decoder; every parameter defaults as its property says.
    ///
    /// - Parameters:
    ///   - keyDecodingStrategy: How names become keys.
    ///   - dateDecodingStrategy: How dates are read.
    ///   - textContentKey: The key of an element's own character data.
    ///   - userInfo: Values handed to every `Decoder`.
    public init(
        keyDecodingStrategy: KeyDecodingStrategy = .useDefaultKeys,
        dateDecodingStrategy: DateDecodingStrategy = .deferredToDate,
        textContentKey: String = "#text",
        userInfo: [CodingUserInfoKey: any Sendable] = [:]
    ) {
        self.keyDecodingStrategy = keyDecodingStrategy
        self.dateDecodingStrategy = dateDecodingStrategy
        self.textContentKey = textContentKey
        self.userInfo = userInfo
    }

    /// Decodes one value from an element, as ``XMLRecordDecoder`` describes.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - element: The element whose attributes, children and text hold the value.
    /// - Returns: The value.
    /// - Throws: ``XMLRecordDecodingError`` with the element's location and the coding path,
    ///   wrapping the `DecodingError` (an error of another type, thrown by an initializer,
    ///   arrives as the underlying error of a `DecodingError.dataCorrupted`).
    /// - Complexity: O(*n*) in the size of the element for types with a fixed number of keys.
    public func decode<T: Decodable>(_ type: T.Type, from element: XMLSubtree) throws(XMLRecordDecodingError) -> T {
        var builder = XMLRecordNodesBuilder(context: XMLDecodingContext(self))
        return try builder.decode(type, from: element)
    }
}

extension XMLRecordDecoder {
    /// Whether a decoding context made for `other` would decode exactly as one made for this
    /// decoder: the same strategies and key, and no values to hand over. Custom strategies and
    /// user info are closures and values that cannot be compared: never equivalent.
    func isEquivalent(to other: XMLRecordDecoder) -> Bool {
        guard textContentKey == other.textContentKey, userInfo.isEmpty, other.userInfo.isEmpty else { return false }
        switch (keyDecodingStrategy, other.keyDecodingStrategy) {
        case (.useDefaultKeys, .useDefaultKeys), (.convertFromSnakeCase, .convertFromSnakeCase),
            (.convertFromKebabCase, .convertFromKebabCase):
            break
        default:
            return false
        }
        switch (dateDecodingStrategy, other.dateDecodingStrategy) {
        case (.deferredToDate, .deferredToDate), (.secondsSince1970, .secondsSince1970),
            (.millisecondsSince1970, .millisecondsSince1970), (.iso8601, .iso8601):
            return true
        case (.formatted(let formatter), .formatted(let otherFormatter)):
            return formatter === otherFormatter
        default:
            return false
        }
    }
}
