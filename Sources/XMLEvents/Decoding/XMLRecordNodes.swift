/// One record to decode, flat: a table of its elements in document order, each with its
/// attributes and its child elements as ranges of two more tables, and the UTF-8 of all its
/// character data and of its attribute values in two byte buffers. A string is made only when
/// the decoder asks for a value.
///
/// Character data is appended in document order, so the text of an element at every depth (what
/// ``XMLSubtree/text`` gives) is the one byte range ``Element/textStart``..<``Element/textEnd``;
/// text runs, CDATA sections, comments and processing instructions need no entry of their own.
/// Names are kept as ``TapeName`` bits, with the names the process's table did not intern kept
/// alive beside them, and with the ID of the coding key each name converts to (see
/// ``XMLKeyRegistry``), so that matching a key is comparing integers.
///
/// The tables are plain memory owned by the instance, appended to without reference counting or
/// uniqueness checks, and read only through the bounds-checked accessors below. A decoding
/// sequence refills one instance for every record as long as nothing kept a reference to it
/// past the record's decoding (a `Decoder` stored away by a `Decodable` initializer).
final class XMLRecordNodes {
    struct Element: BitwiseCopyable {
        var name: TapeName
        /// The ID of the key the name converts to, or -1 (see ``XMLKeyRegistry``).
        var keyID: Int32
        /// Whether anything stands between the tags: an element, character data (even empty),
        /// a comment or a processing instruction.
        var hasContent: Bool
        /// The element's attributes in the table of attributes.
        var attributeStart: Int
        var attributeCount: Int
        /// The element's child elements in the table of children.
        var childStart: Int
        var childCount: Int
        /// The element's character data at every depth, in the buffer of character data.
        var textStart: Int
        var textEnd: Int
    }

    struct Attribute: BitwiseCopyable {
        var name: TapeName
        var keyID: Int32
        /// The value's bytes in the buffer of attribute values.
        var valueStart: Int
        var valueEnd: Int
    }

    /// A child element, with its name's key ID beside it so that a lookup reads one table.
    struct Child: BitwiseCopyable {
        var keyID: Int32
        var element: Int
    }

    // A table is written only while it is built, by the one iterator that holds it, and read
    // after that by the decoders of its record, which run on that iterator's task one call at a
    // time: no two accesses overlap, so the run-time exclusivity checks are left out.
    @exclusivity(unchecked) private var columns = Columns()
    /// The names among the elements' and attributes' that are not interned (see ``TapeName``).
    @exclusivity(unchecked) private var ownedNames: [XMLName] = []
    /// The first match of each key ID in an element with many attributes and children, made
    /// when a key is first looked up there.
    @exclusivity(unchecked) private var indexes: [Int: [Int32: XMLNodeMatch]] = [:]
    /// Where the record's start tag was reported (its `>`), when the record came from a
    /// document.
    @exclusivity(unchecked) var location: XMLLocation?
    /// The record's first entity reference that the parser did not replace, and the element it
    /// stood in: the record's text lacks the entity's, so decoding fails on it.
    @exclusivity(unchecked) private(set) var skippedEntity: (name: String, element: Int)?

    /// The record's element.
    static let root = 0

    init() {}

    deinit {
        columns.deallocate()
    }

    /// Whether an element is open: the record is still being built.
    var isBuilding: Bool { columns.open.count > 0 }

    /// Forgets the record, keeping the tables' memory unless they grew large.
    @inline(__always)
    func removeAll() {
        columns.removeAll()
        if !ownedNames.isEmpty { ownedNames = [] }
        if !indexes.isEmpty { indexes = [:] }
        location = nil
        if skippedEntity != nil { skippedEntity = nil }
    }

    // MARK: - Building

    /// An element starts, inside the open one or as the record; its attributes follow.
    func startElement(_ name: XMLName, at location: XMLLocation?, context: XMLDecodingContext) {
        let recorded = TapeName(name, owners: &ownedNames)
        let row = location.map { EventTape.Location(line: $0.line, column: $0.column, byteOffset: $0.byteOffset) }
        columns.startElement(recorded, keyID: context.keyID(for: recorded), location: row ?? Columns.unknownLocation)
    }

    /// An attribute of the element just started; `name` is kept alive by its owner.
    func appendAttribute(_ name: TapeName, value: UnsafeBufferPointer<UInt8>, context: XMLDecodingContext) {
        if name.bits & 1 != 0 { ownedNames.append(name.name) }
        columns.appendAttribute(name, keyID: context.keyID(for: name), value: value)
    }

    /// A text run or CDATA section of the open element.
    func appendCharacterData(_ bytes: UnsafeBufferPointer<UInt8>) {
        columns.appendCharacterData(bytes)
    }

    /// A comment or processing instruction of the open element.
    func appendOther() {
        columns.appendOther()
    }

    /// An entity reference in the open element that the parser did not replace.
    func appendSkippedEntity(_ name: String) {
        columns.appendOther()
        noteSkippedEntity(name, in: columns.open)
    }

    /// Keeps the first skipped entity, with the innermost of the `open` elements.
    private func noteSkippedEntity(_ name: @autoclosure () -> String, in open: TapeColumn<Columns.OpenElement>) {
        guard skippedEntity == nil, open.count > 0 else { return }
        skippedEntity = (name(), open[open.count - 1].element)
    }

    /// The open element ends; returns whether it was the record's.
    func endElement() -> Bool {
        columns.endElement()
    }

    /// A start tag of the tape, with its attributes: the record's element, or one inside it.
    func appendStartTag(
        _ entry: EventTape.Entry, rows: EventTape.StartTagRows, of tape: EventTape, context: XMLDecodingContext
    ) {
        appendStartTag(entry, rows: rows, of: tape.columns, into: &columns, context: context)
    }

    /// Reads the entries of `tape` from `cursor` into the open record until its element ends
    /// (returns `true`, the cursor after the end tag) or every entry was read (`false`).
    ///
    /// The tables are worked on as a local copy, which the compiler keeps out of memory it
    /// would have to reload after every call, and stored back at the end.
    func build(from tape: EventTape, cursor: inout EventTape.Cursor, context: XMLDecodingContext) -> Bool {
        let tapeColumns = tape.columns
        let entries = tapeColumns.pointee.entries.base
        let entryCount = tapeColumns.pointee.entries.count
        let bytes = tapeColumns.pointee.bytes.base
        var columns = self.columns
        var position = cursor
        defer {
            self.columns = columns
            cursor = position
        }
        while position.index < entryCount {
            let entry = entries[position.index]
            position.index &+= 1
            switch entry.kind {
            case .startElement:
                let rows = position.takeStartTag(entry)
                appendStartTag(entry, rows: rows, of: tapeColumns, into: &columns, context: context)
            case .endElement:
                if columns.endElement() { return true }
            case .text, .cdata:
                columns.appendCharacterData(UnsafeBufferPointer(start: bytes + entry.start, count: entry.count))
            case .comment, .processingInstruction:
                columns.appendOther()
            case .skippedEntity:
                columns.appendOther()
                noteSkippedEntity(tape.string(start: entry.start, count: entry.count), in: columns.open)
            case .startDocument, .doctype, .endDocument:
                break
            }
        }
        return false
    }

    @inline(__always)
    private func appendStartTag(
        _ entry: EventTape.Entry, rows: EventTape.StartTagRows, of tape: UnsafeMutablePointer<EventTape.Columns>,
        into columns: inout Columns, context: XMLDecodingContext
    ) {
        // The tape keeps a name it did not intern alive only until its next step.
        if entry.name.bits & 1 != 0 { ownedNames.append(entry.name.name) }
        // Where the tag's `<` is when the parse locates tag starts, else where it was reported.
        let starts = tape.pointee.tagStarts
        let location = rows.location < starts.count ? starts.base[rows.location] : tape.pointee.locations[rows.location]
        columns.startElement(entry.name, keyID: context.keyID(for: entry.name), location: location)
        guard !rows.attributes.isEmpty else { return }
        let bytes = tape.pointee.bytes.base
        for row in rows.attributes {
            let attribute = tape.pointee.attributes[row]
            if attribute.name.bits & 1 != 0 { ownedNames.append(attribute.name.name) }
            columns.appendAttribute(
                attribute.name, keyID: context.keyID(for: attribute.name),
                value: UnsafeBufferPointer(start: bytes + attribute.valueStart, count: attribute.valueCount))
        }
    }

    // MARK: - Reading

    /// An element of the record.
    @inline(__always)
    func element(_ index: Int) -> Element {
        precondition(index >= 0 && index < columns.elements.count, "XMLRecordNodes element index out of range")
        return columns.elements[index]
    }

    /// An attribute of the record.
    @inline(__always)
    func attribute(_ index: Int) -> Attribute {
        precondition(index >= 0 && index < columns.attributes.count, "XMLRecordNodes attribute index out of range")
        return columns.attributes[index]
    }

    /// A child element, by its place in the table of children (see ``Element/childStart``).
    @inline(__always)
    func child(_ slot: Int) -> Child {
        precondition(slot >= 0 && slot < columns.children.count, "XMLRecordNodes child index out of range")
        return columns.children[slot]
    }

    /// An element's name.
    func name(of element: Int) -> XMLName { self.element(element).name.name }

    /// Where an element starts: its `<` when the parse located tag starts, else where its start
    /// tag was reported (its `>`); `nil` for an element that did not come from a document.
    func location(of element: Int) -> XMLLocation? {
        precondition(element >= 0 && element < columns.locations.count, "XMLRecordNodes element index out of range")
        let row = columns.locations.base[element]
        return row.line > 0 ? row.location : nil
    }

    /// The character data of an element at every depth, in document order, without comments or
    /// processing instructions: ``XMLSubtree/text``.
    func text(of element: Int) -> String {
        text(of: self.element(element))
    }

    /// The character data of an element read already.
    @inline(__always)
    func text(of node: Element) -> String {
        string(columns.text, node.textStart, node.textEnd)
    }

    /// Whether an element's character data is empty, without making it into a string.
    func hasNoText(_ element: Int) -> Bool {
        let node = self.element(element)
        return node.textStart == node.textEnd
    }

    /// An attribute's value.
    func value(ofAttribute attribute: Int) -> String {
        let row = self.attribute(attribute)
        return string(columns.attributeBytes, row.valueStart, row.valueEnd)
    }

    @inline(__always)
    private func string(_ bytes: TapeColumn<UInt8>, _ start: Int, _ end: Int) -> String {
        precondition(start >= 0 && start <= end && end <= bytes.count, "XMLRecordNodes byte range out of range")
        return String(parsedUTF8: UnsafeBufferPointer(start: bytes.base + start, count: end &- start))
    }

    /// Whether an element has no attributes and no content: ``XMLSubtree/isEmpty``.
    func isEmpty(_ element: Int) -> Bool {
        let node = self.element(element)
        return node.attributeCount == 0 && !node.hasContent
    }

    /// Whether an element stands for `nil`: empty, or marked `xsi:nil="true"`.
    func isNil(_ element: Int) -> Bool {
        isNil(self.element(element))
    }

    /// Whether an element read already stands for `nil`.
    @inline(__always)
    func isNil(_ node: Element) -> Bool {
        if node.attributeCount == 0 { return !node.hasContent }
        return isMarkedNil(node)
    }

    private func isMarkedNil(_ node: Element) -> Bool {
        for attribute in node.attributeStart..<(node.attributeStart &+ node.attributeCount) {
            let name = self.attribute(attribute).name.name
            if name.localName == "nil" && name.namespaceURI == XMLRecordNodes.schemaInstanceNamespace {
                return XMLLexical.bool(value(ofAttribute: attribute)) == true
            }
        }
        return false
    }

    static let schemaInstanceNamespace = "http://www.w3.org/2001/XMLSchema-instance"

    /// The attributes of an element, as indices for ``attribute(_:)``.
    func attributeRange(of element: Int) -> Range<Int> {
        let node = self.element(element)
        return node.attributeStart..<(node.attributeStart &+ node.attributeCount)
    }

    /// The child elements of an element, as slots for ``child(_:)``.
    func childRange(of element: Int) -> Range<Int> {
        let node = self.element(element)
        return node.childStart..<(node.childStart &+ node.childCount)
    }

    /// The child elements of an element, in document order.
    func childElements(of element: Int) -> [Int] {
        childRange(of: element).map { child($0).element }
    }

    /// The first attribute, then the first child element, of an element whose name's key ID is
    /// `id`.
    @inline(__always)
    func firstMatch(keyID id: Int32, in element: Int) -> XMLNodeMatch? {
        let node = self.element(element)
        precondition(
            node.attributeStart &+ node.attributeCount <= columns.attributes.count
                && node.childStart &+ node.childCount <= columns.children.count,
            "XMLRecordNodes ranges out of range")
        var attribute = node.attributeStart
        let attributeEnd = node.attributeStart &+ node.attributeCount
        while attribute < attributeEnd {
            if columns.attributes.base[attribute].keyID == id { return .attribute(attribute) }
            attribute &+= 1
        }
        var slot = node.childStart
        let childEnd = node.childStart &+ node.childCount
        while slot < childEnd {
            let child = columns.children.base[slot]
            if child.keyID == id { return .child(slot: slot, element: child.element) }
            slot &+= 1
        }
        return nil
    }

    /// The first match of each key ID among an element's attributes and children, for an
    /// element with many of them; names without an ID are left out (no ID matches them).
    func index(of element: Int) -> [Int32: XMLNodeMatch] {
        if let index = indexes[element] { return index }
        var index: [Int32: XMLNodeMatch] = [:]
        let node = self.element(element)
        index.reserveCapacity(node.attributeCount &+ node.childCount)
        for attribute in attributeRange(of: element) {
            let keyID = self.attribute(attribute).keyID
            if keyID >= 0, index[keyID] == nil { index[keyID] = .attribute(attribute) }
        }
        for slot in childRange(of: element) {
            let child = child(slot)
            if child.keyID >= 0, index[child.keyID] == nil {
                index[child.keyID] = .child(slot: slot, element: child.element)
            }
        }
        indexes[element] = index
        return index
    }
}

/// Where a key was found in an element of an ``XMLRecordNodes``: an attribute, a child element
/// (by its slot in the table of children, so that its later siblings of the same name follow
/// it), or the element's own character data.
enum XMLNodeMatch: BitwiseCopyable {
    case attribute(Int)
    case child(slot: Int, element: Int)
    case textContent(element: Int)
}

extension XMLRecordNodes {
    /// The tables of a record, in plain memory, and what building them needs.
    struct Columns {
        /// An element being built: where its children wait in ``pendingChildren``, and the
        /// ``contentCount`` when it started.
        struct OpenElement: BitwiseCopyable {
            var element: Int
            var pendingStart: Int
            var contentStart: Int
        }

        var elements = TapeColumn<Element>(capacity: 32)
        var attributes = TapeColumn<Attribute>(capacity: 16)
        var children = TapeColumn<Child>(capacity: 32)
        var text = TapeColumn<UInt8>(capacity: 1024)
        var attributeBytes = TapeColumn<UInt8>(capacity: 256)
        /// The child elements of the open elements, each element's after its ancestors'.
        var pendingChildren = TapeColumn<Child>(capacity: 32)
        var open = TapeColumn<OpenElement>(capacity: 16)
        /// Where each element starts (see ``XMLRecordNodes/location(of:)``), for errors.
        var locations = TapeColumn<EventTape.Location>(capacity: 32)

        /// The location of an element that did not come from a document.
        static var unknownLocation: EventTape.Location { EventTape.Location(line: 0, column: 0, byteOffset: 0) }
        /// How many elements, character data runs, comments and processing instructions were
        /// appended, so that an element ending knows whether it had content.
        var contentCount = 0

        /// Above this many entries (bytes for the byte buffers) a table's memory is not kept
        /// for the next record, so that one huge record does not hold it for the rest of the
        /// document.
        private static let retainedCount = 4096
        private static let retainedByteCount = 1 << 16

        func deallocate() {
            elements.deallocate()
            attributes.deallocate()
            children.deallocate()
            text.deallocate()
            attributeBytes.deallocate()
            pendingChildren.deallocate()
            open.deallocate()
            locations.deallocate()
        }

        @inline(__always)
        mutating func removeAll() {
            if elements.capacity > Self.retainedCount || attributes.capacity > Self.retainedCount
                || children.capacity > Self.retainedCount || text.capacity > Self.retainedByteCount
                || attributeBytes.capacity > Self.retainedByteCount || pendingChildren.capacity > Self.retainedCount
                || open.capacity > Self.retainedCount || locations.capacity > Self.retainedCount
            {
                shrink()
            }
            elements.count = 0
            attributes.count = 0
            children.count = 0
            text.count = 0
            attributeBytes.count = 0
            pendingChildren.count = 0
            open.count = 0
            locations.count = 0
            contentCount = 0
        }

        /// Gives back the memory of the tables that grew large.
        @inline(never)
        private mutating func shrink() {
            elements.removeFirst(elements.count, shrinkingAbove: Self.retainedCount)
            attributes.removeFirst(attributes.count, shrinkingAbove: Self.retainedCount)
            children.removeFirst(children.count, shrinkingAbove: Self.retainedCount)
            text.removeFirst(text.count, shrinkingAbove: Self.retainedByteCount)
            attributeBytes.removeFirst(attributeBytes.count, shrinkingAbove: Self.retainedByteCount)
            pendingChildren.removeFirst(pendingChildren.count, shrinkingAbove: Self.retainedCount)
            open.removeFirst(open.count, shrinkingAbove: Self.retainedCount)
            locations.removeFirst(locations.count, shrinkingAbove: Self.retainedCount)
        }

        /// An element starts, inside the open one or as the record; its attributes follow.
        @inline(__always)
        mutating func startElement(_ name: TapeName, keyID: Int32, location: EventTape.Location) {
            let index = elements.count
            if open.count > 0 { pendingChildren.append(Child(keyID: keyID, element: index)) }
            contentCount &+= 1
            open.append(OpenElement(element: index, pendingStart: pendingChildren.count, contentStart: contentCount))
            elements.append(
                Element(
                    name: name, keyID: keyID, hasContent: false, attributeStart: attributes.count,
                    attributeCount: 0, childStart: 0, childCount: 0, textStart: text.count, textEnd: 0))
            locations.append(location)
        }

        /// An attribute of the element just started.
        @inline(__always)
        mutating func appendAttribute(_ name: TapeName, keyID: Int32, value: UnsafeBufferPointer<UInt8>) {
            let start = attributeBytes.count
            attributeBytes.appendBytes(value)
            attributes.append(Attribute(name: name, keyID: keyID, valueStart: start, valueEnd: attributeBytes.count))
            elements.base[elements.count &- 1].attributeCount &+= 1
        }

        /// A text run or CDATA section of the open element.
        @inline(__always)
        mutating func appendCharacterData(_ bytes: UnsafeBufferPointer<UInt8>) {
            text.appendBytes(bytes)
            contentCount &+= 1
        }

        /// A comment or processing instruction of the open element.
        @inline(__always)
        mutating func appendOther() {
            contentCount &+= 1
        }

        /// The open element ends; returns whether it was the record's.
        @inline(__always)
        mutating func endElement() -> Bool {
            guard let closed = open.popLast() else { return false }
            let pending = pendingChildren.count &- closed.pendingStart
            let element = elements.base + closed.element
            element.pointee.hasContent = contentCount != closed.contentStart
            element.pointee.childStart = children.count
            element.pointee.childCount = pending
            element.pointee.textEnd = text.count
            if pending > 0 {
                children.append(
                    contentsOf: UnsafeBufferPointer(start: pendingChildren.base + closed.pendingStart, count: pending))
                pendingChildren.removeLast(from: closed.pendingStart)
            }
            return open.count == 0
        }
    }
}

extension TapeColumn where Element == UInt8 {
    /// Appends bytes, copying the few bytes of most values and text runs (indentation above
    /// all) without a call to `memcpy`.
    @inline(__always)
    mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        let added = bytes.count
        guard added <= 16, count &+ added <= capacity, let source = bytes.baseAddress else {
            return append(contentsOf: bytes)
        }
        let target = base + count
        var index = 0
        while index < added {
            (target + index).initialize(to: source[index])
            index &+= 1
        }
        count &+= added
    }
}
