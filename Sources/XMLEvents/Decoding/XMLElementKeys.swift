/// The keyed view of one element of a record: its attributes, child elements and text content
/// by key.
///
/// Not generic, unlike the container that forwards to it: unspecialized generic code (the
/// container is generic over the caller's `CodingKeys`, unknown to this module) would look up
/// type metadata on every call, which costs more than the lookups themselves. For the same
/// reason it reports failures as values, and the container, which has the key, makes the errors.
///
/// A key is matched by its ID against the IDs of the element's attribute and child names (see
/// ``XMLKeyRegistry``): attributes first, then children in document order, through an index
/// for an element with many of them. A key an ``XMLNodeDecoding`` type declares an attribute or
/// an element is matched against those alone (``lookup(_:kind:)``).
struct XMLElementKeys {
    let decoder: XMLNodeDecoder
    let element: Int

    /// The keys of every attribute and child element, attributes first, each once.
    func allKeys() -> [String] {
        var seen = Set<String>()
        var keys: [String] = []
        let nodes = decoder.nodes
        let context = decoder.context
        for attribute in nodes.attributeRange(of: element) {
            let row = nodes.attribute(attribute)
            let key = context.key(for: row.name.name, keyID: row.keyID, decoder: decoder)
            if seen.insert(key).inserted { keys.append(key) }
        }
        for slot in nodes.childRange(of: element) {
            let child = nodes.child(slot)
            let key = context.key(for: nodes.name(of: child.element), keyID: child.keyID, decoder: decoder)
            if seen.insert(key).inserted { keys.append(key) }
        }
        return keys
    }

    // MARK: - Lookup

    /// The attribute or first child the key names, the attribute first.
    @inline(__always)
    func lookup(_ pattern: XMLKeyPattern) -> XMLNodeMatch? {
        let nodes = decoder.nodes
        switch pattern {
        case .local(let id):
            let node = nodes.element(element)
            if node.attributeCount &+ node.childCount > XMLKeyTable.indexThreshold {
                return nodes.index(of: element)[id]
            }
            return nodes.firstMatch(keyID: id, in: element)
        case .textContent:
            return .textContent(element: element)
        case .unregistered(let key):
            if decoder.context.usesCustomKeys, let table = decoder.customKeyTable(for: element) {
                return table.lookup(key)
            }
            return firstMatch(of: pattern)
        case .qualified, .expanded:
            return firstMatch(of: pattern)
        }
    }

    /// The attribute or first child element the key names, as `kind` says it is read.
    func lookup(_ pattern: XMLKeyPattern, kind: XMLRecordDecoder.NodeDecoding) -> XMLNodeMatch? {
        switch (kind, pattern) {
        case (.attributeOrElement, _), (_, .textContent): return lookup(pattern)
        case (.attribute, _): return firstMatch(of: pattern, children: false)
        case (.element, _): return firstMatch(of: pattern, attributes: false)
        }
    }

    /// The first attribute, then the first child element, whose name `pattern` matches; among
    /// the attributes or the children only, when the other is left out.
    private func firstMatch(of pattern: XMLKeyPattern, attributes: Bool = true, children: Bool = true)
        -> XMLNodeMatch?
    {
        let nodes = decoder.nodes
        let context = decoder.context
        if attributes {
            for attribute in nodes.attributeRange(of: element) {
                let row = nodes.attribute(attribute)
                if context.matches(pattern, name: row.name, keyID: row.keyID, decoder: decoder) {
                    return .attribute(attribute)
                }
            }
        }
        guard children else { return nil }
        for slot in nodes.childRange(of: element) {
            let child = nodes.child(slot)
            if context.matches(pattern, name: nodes.element(child.element).name, keyID: child.keyID, decoder: decoder) {
                return .child(slot: slot, element: child.element)
            }
        }
        return nil
    }

    /// The value a match stands for, for a nested decoder.
    func value(of match: XMLNodeMatch?, pattern: XMLKeyPattern, codingKey: any CodingKey) -> XMLNodeValue {
        switch match {
        case .attribute(let attribute): return .text(decoder.nodes.value(ofAttribute: attribute))
        case .textContent(let element): return .text(decoder.nodes.text(of: element))
        case .child(let slot, _): return .repeated(first: slot, parent: element, pattern: pattern)
        case nil: return .missing(codingKey)
        }
    }

    /// Whether a match stands for `nil`: an empty element, or empty text content.
    func isNil(_ match: XMLNodeMatch) -> Bool {
        switch match {
        case .attribute: return false
        case .textContent(let element): return decoder.nodes.hasNoText(element)
        case .child(_, let element): return decoder.nodes.isNil(element)
        }
    }

    /// The character data found: the attribute's value, or the element's text.
    func text(of match: XMLNodeMatch) -> String {
        switch match {
        case .attribute(let attribute): return decoder.nodes.value(ofAttribute: attribute)
        case .textContent(let element), .child(_, let element): return decoder.nodes.text(of: element)
        }
    }

    // MARK: - Scalars

    /// Reads a single value with `parse` from what the key matched.
    @inline(__always)
    func scalar<T>(_ match: XMLNodeMatch?, _ parse: (String) -> T?) -> XMLScalarResult<T> {
        guard let match else { return .missing }
        let text = text(of: match)
        if let value = parse(text) { return .value(value) }
        return .unreadable(text: text, isNil: isNil(match))
    }

    /// Reads a single value with `parse` from what the key matched; `nil` for a missing key or
    /// an empty element.
    @inline(__always)
    func scalarIfPresent<T>(_ match: XMLNodeMatch?, _ parse: (String) -> T?) -> XMLScalarResult<T> {
        let text: String
        switch match {
        case nil:
            return .missing
        case .child(_, let element):
            // The element read once, for both questions.
            let node = decoder.nodes.element(element)
            if decoder.nodes.isNil(node) { return .missing }
            text = decoder.nodes.text(of: node)
        case .attribute(let attribute):
            text = decoder.nodes.value(ofAttribute: attribute)
        case .textContent(let element):
            text = decoder.nodes.text(of: element)
            if text.isEmpty { return .missing }
        }
        if let value = parse(text) { return .value(value) }
        // Whatever is present here is not nil.
        return .unreadable(text: text, isNil: false)
    }
}

/// A single value read by key, or why there is none.
enum XMLScalarResult<T> {
    case value(T)
    case missing
    case unreadable(text: String, isNil: Bool)
}
