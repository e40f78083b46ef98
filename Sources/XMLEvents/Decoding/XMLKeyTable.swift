/// The keys of one element's attributes and child elements under a custom key strategy,
/// converted once for the element's decoder when it has more of them than are worth converting
/// for every key asked for; hashed when it has many, so that lookups are not quadratic.
struct XMLKeyTable {
    /// Above this many attributes and child elements, lookups go through a hash index.
    static let indexThreshold = 32

    /// Above this many attributes and children, converted names are worked out once for the
    /// element rather than once per key asked for.
    static let conversionThreshold = 6

    private struct Entry {
        var key: String
        var match: XMLNodeMatch
    }

    /// Attributes first, then child elements in document order: the order of precedence.
    private var entries: [Entry] = []
    /// The first entry of each key, for elements with many entries.
    private var index: [String: Int]?

    init(element: Int, decoder: XMLNodeDecoder) {
        let nodes = decoder.nodes
        let context = decoder.context
        for attribute in nodes.attributeRange(of: element) {
            let row = nodes.attribute(attribute)
            let key = context.key(for: row.name.name, keyID: row.keyID, decoder: decoder)
            entries.append(Entry(key: key, match: .attribute(attribute)))
        }
        for slot in nodes.childRange(of: element) {
            let child = nodes.child(slot)
            let key = context.key(for: nodes.name(of: child.element), keyID: child.keyID, decoder: decoder)
            entries.append(Entry(key: key, match: .child(slot: slot, element: child.element)))
        }
        if entries.count > XMLKeyTable.indexThreshold {
            var index: [String: Int] = [:]
            index.reserveCapacity(entries.count)
            for position in entries.indices.reversed() { index[entries[position].key] = position }
            self.index = index
        }
    }

    /// The first attribute or child element whose converted name is `key`.
    func lookup(_ key: String) -> XMLNodeMatch? {
        if let index {
            return index[key].map { entries[$0].match }
        }
        for entry in entries where entry.key == key { return entry.match }
        return nil
    }
}
