extension EventTape {
    /// Where the first start element on the tape was reported.
    var locationOfFirstStartElement: Location? {
        columns.pointee.locations.count > 0 ? columns.pointee.locations[0] : nil
    }

    /// The name of the first start element on the tape: a framed chunk's root.
    var firstStartElementName: XMLName? {
        let entries = columns.pointee.entries
        for index in 0..<entries.count where entries[index].kind == .startElement {
            return entries[index].name.name
        }
        return nil
    }

    /// The name of the last entry on the tape when it is a start element: a framed chunk's
    /// root, once its prefix is parsed.
    var lastEntryStartElementName: XMLName? {
        let entries = columns.pointee.entries
        guard entries.count > 0, entries[entries.count - 1].kind == .startElement else { return nil }
        return entries[entries.count - 1].name.name
    }

    /// Drops the entries up to the first start element (included, when `including`), with the
    /// rows of the tables they own: the events of a chunk parser's prefix.
    ///
    /// - Returns: Whether the tape holds a start element (else it is left as it is).
    @discardableResult
    func removeEntries(throughFirstStartElement including: Bool) -> Bool {
        let entries = columns.pointee.entries
        var index = 0
        while index < entries.count, entries[index].kind != .startElement { index += 1 }
        guard index < entries.count else { return false }
        let root = entries[index]
        let dropped = including ? index + 1 : index
        if including {
            columns.pointee.attributes.removeFirst(root.count, shrinkingAbove: .max)
            columns.pointee.namespaces.removeFirst(Int(root.extra), shrinkingAbove: .max)
            columns.pointee.locations.removeFirst(1, shrinkingAbove: .max)
            if columns.pointee.tagStarts.count > 0 { columns.pointee.tagStarts.removeFirst(1, shrinkingAbove: .max) }
        }
        columns.pointee.entries.removeFirst(dropped, shrinkingAbove: .max)
        if columns.pointee.eventLocations.count > 0 {
            columns.pointee.eventLocations.removeFirst(dropped, shrinkingAbove: .max)
        }
        return true
    }

    /// Drops the last two entries when they are an end element and the document's end: the
    /// events of a chunk parser's trailer.
    func removeTrailingRootEnd() {
        let entries = columns.pointee.entries
        guard entries.count >= 2, entries[entries.count - 1].kind == .endDocument,
            entries[entries.count - 2].kind == .endElement
        else { return }
        columns.pointee.entries.removeLast(from: entries.count - 2)
        if columns.pointee.eventLocations.count >= 2 {
            columns.pointee.eventLocations.removeLast(from: columns.pointee.eventLocations.count - 2)
        }
    }

    /// Rewrites the locations on the tape with `place`, those of start elements (and of their
    /// tags' starts) from row `start`, those of every event from row `eventStart`.
    func placeLocations(from start: Int = 0, eventLocationsFrom eventStart: Int = 0, _ place: (inout Location) -> Void)
    {
        let locations = columns.pointee.locations
        for index in start..<Swift.max(start, locations.count) { place(&locations.base[index]) }
        let tagStarts = columns.pointee.tagStarts
        for index in start..<Swift.max(start, tagStarts.count) { place(&tagStarts.base[index]) }
        let eventLocations = columns.pointee.eventLocations
        for index in eventStart..<Swift.max(eventStart, eventLocations.count) { place(&eventLocations.base[index]) }
    }
}
