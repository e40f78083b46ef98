extension EventTape {
    /// A place in a tape: the next entry, and the next row of each table, which only a start
    /// element moves.
    @usableFromInline
    struct Cursor {
        @usableFromInline var index = 0
        @usableFromInline var attributeIndex = 0
        @usableFromInline var namespaceIndex = 0
        @usableFromInline var locationIndex = 0

        @inlinable init() {}

        /// The rows of the tables that the start element `entry`, just read, owns; moves past them.
        @inlinable
        mutating func takeStartTag(_ entry: Entry) -> StartTagRows {
            let rows = StartTagRows(
                attributes: attributeIndex..<(attributeIndex &+ entry.count),
                namespaces: namespaceIndex..<(namespaceIndex &+ Int(entry.extra)),
                location: locationIndex)
            attributeIndex &+= entry.count
            namespaceIndex &+= Int(entry.extra)
            locationIndex &+= 1
            return rows
        }

        /// The rows of the start element `entry` when it is the entry read last, taken already.
        func rowsOfStartTagReadLast(_ entry: Entry) -> StartTagRows {
            StartTagRows(
                attributes: (attributeIndex &- entry.count)..<attributeIndex,
                namespaces: (namespaceIndex &- Int(entry.extra))..<namespaceIndex,
                location: locationIndex &- 1)
        }
    }

    /// The rows of a start element in the tape's tables.
    @usableFromInline
    struct StartTagRows {
        @usableFromInline var attributes: Range<Int>
        @usableFromInline var namespaces: Range<Int>
        @usableFromInline var location: Int

        @inlinable
        init(attributes: Range<Int>, namespaces: Range<Int>, location: Int) {
            self.attributes = attributes
            self.namespaces = namespaces
            self.location = location
        }
    }
}
