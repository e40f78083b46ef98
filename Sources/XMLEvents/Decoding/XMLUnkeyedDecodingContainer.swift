/// Reads the items of an array: the child elements a key names, the child elements of an
/// element, or the white-space-separated tokens of an attribute.
struct XMLUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    private enum Items {
        /// Elements of the record, by their indices in its nodes.
        case elements([Int])
        case tokens([Substring])
    }

    private let decoder: XMLNodeDecoder
    private let items: Items
    private(set) var currentIndex = 0

    init(decoder: XMLNodeDecoder) {
        self.decoder = decoder
        let nodes = decoder.nodes
        switch decoder.value {
        case .element(let element):
            items = .elements(nodes.childElements(of: element))
        case .repeated(let first, let parent, let pattern):
            var elements = [nodes.child(first).element]
            let context = decoder.context
            for slot in (first + 1)..<nodes.childRange(of: parent).upperBound {
                let child = nodes.child(slot)
                if context.matches(
                    pattern, name: nodes.element(child.element).name, keyID: child.keyID, decoder: decoder)
                {
                    elements.append(child.element)
                }
            }
            items = .elements(elements)
        case .text(let text):
            items = .tokens(XMLLexical.tokens(text))
        case .missing:
            items = .elements([])
        }
    }

    var codingPath: [any CodingKey] { decoder.codingPath }

    var count: Int? {
        switch items {
        case .elements(let elements): return elements.count
        case .tokens(let tokens): return tokens.count
        }
    }

    var isAtEnd: Bool { currentIndex >= (count ?? 0) }

    /// The current item's value, without moving past it.
    private func current<T>(_ type: T.Type) throws -> XMLNodeValue {
        guard !isAtEnd else {
            let path = codingPath + [XMLCodingKey(index: currentIndex)]
            decoder.noteFailure(decoder.site(), codingPath: path)
            throw DecodingError.valueNotFound(
                type,
                DecodingError.Context(codingPath: path, debugDescription: "the array has only \(currentIndex) items"))
        }
        switch items {
        case .elements(let elements): return .element(elements[currentIndex])
        case .tokens(let tokens): return .text(String(tokens[currentIndex]))
        }
    }

    private mutating func next<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try current(type)
        let result = try decoder.child(value, key: XMLCodingKey(index: currentIndex)).unbox(type)
        currentIndex += 1
        return result
    }

    private mutating func scalar<T>(_ type: T.Type, _ parse: (String) -> T?) throws -> T {
        let text: String
        var isNil = false
        var site: XMLValueSite?
        switch try current(type) {
        case .element(let element):
            text = decoder.nodes.text(of: element)
            isNil = decoder.nodes.isNil(element)
            site = XMLValueSite(element: element, node: .element)
        case .text(let token):
            text = token
            site = decoder.site()
        case .repeated, .missing:
            text = ""
        }
        guard let result = parse(text) else {
            let path = codingPath + [XMLCodingKey(index: currentIndex)]
            decoder.noteFailure(site, codingPath: path)
            throw XMLNodeDecoder.unreadable(type, text: text, isNil: isNil, codingPath: path)
        }
        currentIndex += 1
        return result
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, case .elements(let elements) = items, decoder.nodes.isNil(elements[currentIndex]) else {
            return false
        }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try scalar(type, XMLLexical.bool) }
    mutating func decode(_ type: String.Type) throws -> String { try scalar(type) { $0 } }
    mutating func decode(_ type: Double.Type) throws -> Double { try scalar(type, XMLLexical.double) }
    mutating func decode(_ type: Float.Type) throws -> Float { try scalar(type, XMLLexical.float) }
    mutating func decode(_ type: Int.Type) throws -> Int { try scalar(type) { XMLLexical.integer($0) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try scalar(type) { XMLLexical.integer($0) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try scalar(type) { XMLLexical.integer($0) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try scalar(type) { XMLLexical.integer($0) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try scalar(type) { XMLLexical.integer($0) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try scalar(type) { XMLLexical.integer($0) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar(type) { XMLLexical.integer($0) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar(type) { XMLLexical.integer($0) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar(type) { XMLLexical.integer($0) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar(type) { XMLLexical.integer($0) } }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let value = try current(KeyedDecodingContainer<NestedKey>.self)
        let container = try decoder.child(value, key: XMLCodingKey(index: currentIndex)).container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let value = try current((any UnkeyedDecodingContainer).self)
        let container = try decoder.child(value, key: XMLCodingKey(index: currentIndex)).unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let value = try current((any Decoder).self)
        let child = decoder.child(value, key: XMLCodingKey(index: currentIndex))
        currentIndex += 1
        return child
    }
}
