/// The keyed view of one element: its attributes, child elements and text content by key.
///
/// Not generic, unlike the container that forwards to it: unspecialized generic code (the
/// container is generic over the caller's `CodingKeys`, unknown to this module) would look up
/// type metadata on every call, which costs more than the lookups themselves. For the same
/// reason it reports failures as values, and the container, which has the key, makes the errors.
///
/// Lookups scan the element's attributes, then its children, comparing local names (cheap for
/// the short names records have); an ``XMLKeyTable`` takes over when names are converted or
/// there are many of them.
struct XMLElementKeys {
    let element: XMLSubtree
    private let table: XMLKeyTable?

    init(element: XMLSubtree, decoder: XMLSubtreeDecoder) {
        self.element = element
        let storage = element.storage
        let threshold = decoder.context.usesDefaultKeys ? XMLKeyTable.indexThreshold : XMLKeyTable.conversionThreshold
        if storage.attributes.count + storage.nodes.count <= threshold {
            table = nil
        } else {
            table = XMLKeyTable(element: element, context: decoder.context, decoder: decoder)
        }
    }

    /// The keys of every attribute and child element, attributes first, each once.
    func allKeys(decoder: XMLSubtreeDecoder) -> [String] {
        var seen = Set<String>()
        var keys: [String] = []
        let context = decoder.context
        for attribute in element.storage.attributes {
            let key = context.key(for: attribute.name, decoder: decoder)
            if seen.insert(key).inserted { keys.append(key) }
        }
        for case .element(let child) in element.storage.nodes {
            let key = context.key(for: child.name, decoder: decoder)
            if seen.insert(key).inserted { keys.append(key) }
        }
        return keys
    }

    // MARK: - Lookup

    /// The attribute or first child the key names, the attribute first.
    func lookup(_ pattern: XMLKeyPattern, decoder: XMLSubtreeDecoder) -> XMLKeyedMatch? {
        let storage = element.storage
        switch pattern {
        case .textContent:
            return .textContent(element.text)
        case .local(let name):
            if let table { return table.lookup(name) }
            if !decoder.context.usesDefaultKeys { return firstMatch(of: pattern, decoder: decoder) }
            // The common case, spelled out so that it is only comparisons of lengths and strings.
            let length = name.utf8.count
            for attribute in storage.attributes {
                let localName = attribute.name.localName
                if localName.utf8.count == length && localName == name { return .attribute(attribute.value) }
            }
            for position in storage.nodes.indices {
                if case .element(let child) = storage.nodes[position] {
                    let localName = child.name.localName
                    if localName.utf8.count == length && localName == name { return .child(child, index: position) }
                }
            }
            return nil
        case .qualified, .expanded:
            return firstMatch(of: pattern, decoder: decoder)
        }
    }

    /// The first attribute, then the first child element, whose name `pattern` matches.
    private func firstMatch(of pattern: XMLKeyPattern, decoder: XMLSubtreeDecoder) -> XMLKeyedMatch? {
        let storage = element.storage
        let context = decoder.context
        for attribute in storage.attributes where pattern.matches(attribute.name, context: context, decoder: decoder) {
            return .attribute(attribute.value)
        }
        for position in storage.nodes.indices {
            if case .element(let child) = storage.nodes[position],
                pattern.matches(child.name, context: context, decoder: decoder)
            {
                return .child(child, index: position)
            }
        }
        return nil
    }

    func lookup(_ key: String, decoder: XMLSubtreeDecoder) -> XMLKeyedMatch? {
        lookup(XMLKeyPattern(key, context: decoder.context), decoder: decoder)
    }

    /// The value a key stands for, for a nested decoder.
    func value(forKey key: String, codingKey: any CodingKey, decoder: XMLSubtreeDecoder) -> XMLDecodingValue {
        let pattern = XMLKeyPattern(key, context: decoder.context)
        return value(of: lookup(pattern, decoder: decoder), pattern: pattern, codingKey: codingKey)
    }

    /// The value a match stands for, for a nested decoder.
    func value(of match: XMLKeyedMatch?, pattern: XMLKeyPattern, codingKey: any CodingKey) -> XMLDecodingValue {
        switch match {
        case .attribute(let text), .textContent(let text): return .text(text)
        case .child(let child, let index):
            return .repeated(first: child, parent: element, index: index, pattern: pattern)
        case nil: return .missing(codingKey)
        }
    }

    static func isNil(_ match: XMLKeyedMatch) -> Bool {
        switch match {
        case .attribute: return false
        case .textContent(let text): return text.isEmpty
        case .child(let child, _): return XMLDecodingValue.isNil(child)
        }
    }

    // MARK: - Scalars

    /// Reads a single value with `parse`.
    @inline(__always)
    func scalar<T>(_ key: String, decoder: XMLSubtreeDecoder, _ parse: (String) -> T?) -> XMLScalarResult<T> {
        guard let match = lookup(key, decoder: decoder) else { return .missing }
        return read(match, parse)
    }

    /// Reads a single value with `parse`; `nil` for a missing key or an empty element.
    @inline(__always)
    func scalarIfPresent<T>(_ key: String, decoder: XMLSubtreeDecoder, _ parse: (String) -> T?) -> XMLScalarResult<T> {
        guard let match = lookup(key, decoder: decoder), !XMLElementKeys.isNil(match) else { return .missing }
        return read(match, parse)
    }

    @inline(__always)
    private func read<T>(_ match: XMLKeyedMatch, _ parse: (String) -> T?) -> XMLScalarResult<T> {
        let text: String
        switch match {
        case .attribute(let value), .textContent(let value): text = value
        case .child(let child, _): text = child.text
        }
        if let value = parse(text) { return .value(value) }
        return .unreadable(text: text, isNil: XMLElementKeys.isNil(match))
    }
}
