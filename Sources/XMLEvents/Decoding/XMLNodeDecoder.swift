import Foundation

/// What one decoder reads from.
enum XMLNodeValue {
    /// An element of the record: the record, a nested record, or an item of an array.
    case element(Int)
    /// Text standing on its own: an attribute value, an element's text content, a list token.
    case text(String)
    /// The child elements a key names, the first of them in slot `first` of `parent`'s
    /// children: one value for a single-value or keyed container, all of them for an unkeyed
    /// one.
    case repeated(first: Int, parent: Int, pattern: XMLKeyPattern)
    /// A key with no attribute or child: an empty array, and an error for anything else.
    case missing(any CodingKey)
}

/// The `Decoder` of one value of a record's ``XMLRecordNodes``: the record, a nested record, an
/// array or a single value. It is its own single-value container, as decoding a single value is
/// the common case.
final class XMLNodeDecoder: Decoder, SingleValueDecodingContainer {
    let value: XMLNodeValue
    let nodes: XMLRecordNodes
    let context: XMLDecodingContext
    /// The decoder of the enclosing value, which the coding path is read from on demand.
    private let parent: XMLNodeDecoder?
    private let key: (any CodingKey)?
    /// The converted keys of the element's attributes and children, for a custom key strategy
    /// and an element with more of them than are worth converting for every key.
    private var customKeys: XMLKeyTable?
    /// Where the keys of the type being decoded are read from, when it adopts
    /// ``XMLNodeDecoding``: set by ``unbox(_:)`` for the type, and handed to the decoders of its
    /// nested containers.
    var nodeDecoding: (any XMLNodeDecoding.Type)?

    init(
        value: XMLNodeValue, nodes: XMLRecordNodes, context: XMLDecodingContext, parent: XMLNodeDecoder?,
        key: (any CodingKey)?, nodeDecoding: (any XMLNodeDecoding.Type)? = nil
    ) {
        self.value = value
        self.nodes = nodes
        self.context = context
        self.parent = parent
        self.key = key
        self.nodeDecoding = nodeDecoding
    }

    /// Built only when asked for (errors, custom key strategies), from the chain of decoders.
    var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var decoder: XMLNodeDecoder? = self
        while let current = decoder {
            if let key = current.key { path.append(key) }
            decoder = current.parent
        }
        return path.reversed()
    }

    var userInfo: [CodingUserInfoKey: Any] { context.userInfo }

    // MARK: - Containers

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        switch value {
        case .element(let element):
            return KeyedDecodingContainer(
                XMLKeyedDecodingContainer<Key>(keys: XMLElementKeys(decoder: self, element: element)))
        case .repeated(let first, _, _):
            return KeyedDecodingContainer(
                XMLKeyedDecodingContainer<Key>(keys: XMLElementKeys(decoder: self, element: nodes.child(first).element))
            )
        case .text:
            noteFailure(site(), codingPath: codingPath)
            throw DecodingError.typeMismatch(
                [String: Any].self,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "expected an element with attributes or children, found text"))
        case .missing(let key):
            throw keyNotFound(key)
        }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        XMLUnkeyedDecodingContainer(decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        self
    }

    // MARK: - Reading values

    /// The character data the value holds.
    func text() throws -> String {
        switch value {
        case .element(let element): return nodes.text(of: element)
        case .repeated(let first, _, _): return nodes.text(of: nodes.child(first).element)
        case .text(let text): return text
        case .missing(let key): throw keyNotFound(key)
        }
    }

    /// Whether the value stands for `nil`.
    var isNil: Bool {
        switch value {
        case .element(let element): return nodes.isNil(element)
        case .repeated(let first, _, _): return nodes.isNil(nodes.child(first).element)
        case .text: return false
        case .missing: return true
        }
    }

    /// Reads a single value with `parse`, reporting an empty element as a missing value and
    /// anything else unreadable as a type mismatch.
    func scalar<T>(_ type: T.Type, _ parse: (String) -> T?) throws -> T {
        let text = try text()
        if let value = parse(text) { return value }
        noteFailure(site(), codingPath: codingPath)
        throw XMLNodeDecoder.unreadable(type, text: text, isNil: isNil, codingPath: codingPath)
    }

    static func unreadable(_ type: Any.Type, text: String, isNil: Bool, codingPath: [any CodingKey]) -> DecodingError {
        if isNil {
            return .valueNotFound(
                type,
                DecodingError.Context(
                    codingPath: codingPath, debugDescription: "expected \(type), found an empty element"))
        }
        let shown = text.count > 60 ? text.prefix(60) + "…" : text[...]
        return .typeMismatch(
            type,
            DecodingError.Context(
                codingPath: codingPath, debugDescription: "cannot read \(shown.debugDescription) as \(type)"))
    }

    private func keyNotFound(_ key: any CodingKey) -> DecodingError {
        let path = parent?.codingPath ?? []
        let kind = parent?.nodeDecoding(for: key) ?? .attributeOrElement
        noteFailure(site(), codingPath: path + [key])
        return .keyNotFound(
            key,
            DecodingError.Context(
                codingPath: path, debugDescription: "no \(XMLValueSite.nodes(kind)) '\(key.stringValue)'"))
    }

    private func corrupted(_ description: String) -> DecodingError {
        .dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: description))
    }

    /// Decodes this decoder's value as `T`, reading the types XML writes as text (dates, data,
    /// URLs, decimals) from the text, and any other type through its `Decodable` implementation.
    func unbox<T: Decodable>(_ type: T.Type) throws -> T {
        if XMLTextValue.isText(type, readsDates: context.readsDates) {
            let text = try text()
            do {
                return try XMLTextValue.read(type, from: text, strategy: context.options.dateDecodingStrategy)
            } catch {
                noteFailure(site(), codingPath: codingPath)
                throw corrupted(error.message)
            }
        }
        if type == Date.self, let read = context.readsCustomDate { return try customDate(read, as: type) }
        nodeDecoding = context.nodeDecoding(of: type)
        return try T(from: self)
    }

    /// A date read by the custom strategy's closure, as `T`, which is `Date`.
    ///
    /// Out of line, so that ``unbox(_:)`` needs no `T?` of its own, whose metadata would be
    /// looked up on every call.
    @inline(never)
    private func customDate<T>(_ read: @Sendable (any Decoder) throws -> Date, as type: T.Type) throws -> T {
        // `type` was just compared equal to `Date`, so the cast changes nothing but the static
        // type, as in ``XMLTextValue``.
        unsafeBitCast(try read(self), to: T.self)
    }

    /// A decoder for a value inside this one; `sameType` for a nested container of the type
    /// this decoder decodes, whose keys it answers for too.
    func child(_ value: XMLNodeValue, key: any CodingKey, sameType: Bool = false) -> XMLNodeDecoder {
        XMLNodeDecoder(
            value: value, nodes: nodes, context: context, parent: self, key: key,
            nodeDecoding: sameType ? nodeDecoding : nil)
    }

    /// Where the value of `key` is read from for the type being decoded.
    @inline(__always)
    func nodeDecoding(for key: any CodingKey) -> XMLRecordDecoder.NodeDecoding {
        nodeDecoding?.nodeDecoding(for: key) ?? .attributeOrElement
    }

    /// The custom strategy's keys of `element`'s attributes and children, converted once for
    /// this decoder; `nil` for an element with few of them, whose names are converted as they
    /// are compared.
    func customKeyTable(for element: Int) -> XMLKeyTable? {
        if let customKeys { return customKeys }
        let node = nodes.element(element)
        guard node.attributeCount + node.childCount > XMLKeyTable.conversionThreshold else { return nil }
        let table = XMLKeyTable(element: element, decoder: self)
        customKeys = table
        return table
    }

    // MARK: - Failures

    /// The element this decoder's value is: a keyed container's element.
    var element: Int? {
        switch value {
        case .element(let element): return element
        case .repeated(let first, _, _): return nodes.child(first).element
        case .text, .missing: return nil
        }
    }

    /// Where this decoder's value stands in the record, when that can be told.
    func site() -> XMLValueSite? {
        switch value {
        case .element, .repeated:
            return element.map { XMLValueSite(element: $0, node: .element) }
        case .text:
            guard let parent, let key else { return nil }
            // A token of a list the attribute holds stands where the attribute does.
            if key.intValue != nil, case .text = parent.value { return parent.site() }
            return parent.element.map { parent.site(of: key, in: $0) }
        case .missing(let key):
            guard let parent, let holder = parent.element else { return nil }
            return XMLValueSite(element: holder, node: .missing(key.stringValue, parent.nodeDecoding(for: key)))
        }
    }

    /// Where the value of `key` of `element`, this decoder's element, stands.
    func site(of key: any CodingKey, in element: Int) -> XMLValueSite {
        let kind = nodeDecoding(for: key)
        let keys = XMLElementKeys(decoder: self, element: element)
        switch keys.lookup(context.pattern(for: key.stringValue), kind: kind) {
        case .attribute(let attribute): return XMLValueSite(element: element, node: .attribute(attribute))
        case .child(_, let child): return XMLValueSite(element: child, node: .element)
        case .textContent(let element): return XMLValueSite(element: element, node: .text)
        case nil: return XMLValueSite(element: element, node: .missing(key.stringValue, kind))
        }
    }

    /// Notes where the value of the error about to be thrown, with `codingPath`, stands.
    func noteFailure(_ site: XMLValueSite?, codingPath: [any CodingKey]) {
        guard let site else { return }
        context.failure = (site, codingPath)
    }

    // MARK: - SingleValueDecodingContainer

    func decodeNil() -> Bool { isNil }
    func decode(_ type: Bool.Type) throws -> Bool { try scalar(type, XMLLexical.bool) }
    func decode(_ type: String.Type) throws -> String { try text() }
    func decode(_ type: Double.Type) throws -> Double { try scalar(type, XMLLexical.double) }
    func decode(_ type: Float.Type) throws -> Float { try scalar(type, XMLLexical.float) }
    func decode(_ type: Int.Type) throws -> Int { try scalar(type) { XMLLexical.integer($0) } }
    func decode(_ type: Int8.Type) throws -> Int8 { try scalar(type) { XMLLexical.integer($0) } }
    func decode(_ type: Int16.Type) throws -> Int16 { try scalar(type) { XMLLexical.integer($0) } }
    func decode(_ type: Int32.Type) throws -> Int32 { try scalar(type) { XMLLexical.integer($0) } }
    func decode(_ type: Int64.Type) throws -> Int64 { try scalar(type) { XMLLexical.integer($0) } }
    func decode(_ type: UInt.Type) throws -> UInt { try scalar(type) { XMLLexical.integer($0) } }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar(type) { XMLLexical.integer($0) } }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar(type) { XMLLexical.integer($0) } }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar(type) { XMLLexical.integer($0) } }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar(type) { XMLLexical.integer($0) } }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try unbox(type) }
}
