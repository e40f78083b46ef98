/// The keys of one element's attributes and child elements, worked out once per element when
/// comparing names directly will not do: when the key decoding strategy converts names (each
/// name is converted once, not once per key asked for), or when the element has so many
/// attributes and children that scanning them for every key would be quadratic.
struct XMLKeyTable {
    /// Above this many attributes and child elements, lookups go through a hash index.
    static let indexThreshold = 32

    /// Above this many attributes and children, converted names are worked out once for the
    /// element rather than once per key asked for.
    static let conversionThreshold = 6

    private struct Entry {
        var key: String
        /// The key's length in UTF-8, compared before the key: most keys differ in length.
        var length: Int
        var match: XMLKeyedMatch
    }

    /// Attributes first, then child elements in document order: the order of precedence.
    private var entries: [Entry] = []
    /// The first entry of each key, for elements with many entries.
    private var index: [String: Int]?

    init(element: XMLSubtree, context: XMLDecodingContext, decoder: XMLSubtreeDecoder) {
        let storage = element.storage
        entries.reserveCapacity(storage.attributes.count + storage.nodes.count)
        for attribute in storage.attributes {
            let key = context.key(for: attribute.name, decoder: decoder)
            entries.append(Entry(key: key, length: key.utf8.count, match: .attribute(attribute.value)))
        }
        for position in storage.nodes.indices {
            if case .element(let child) = storage.nodes[position] {
                let key = context.key(for: child.name, decoder: decoder)
                entries.append(Entry(key: key, length: key.utf8.count, match: .child(child, index: position)))
            }
        }
        if entries.count > XMLKeyTable.indexThreshold {
            var index: [String: Int] = [:]
            index.reserveCapacity(entries.count)
            for position in entries.indices.reversed() { index[entries[position].key] = position }
            self.index = index
        }
    }

    /// The first attribute or child element whose converted name is `key`.
    func lookup(_ key: String) -> XMLKeyedMatch? {
        if let index {
            return index[key].map { entries[$0].match }
        }
        let length = key.utf8.count
        for entry in entries where entry.length == length && entry.key == key { return entry.match }
        return nil
    }
}
