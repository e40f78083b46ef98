/// The events of one parse call, recorded compactly: one fixed-size entry per event, the bytes
/// of every text, comment, attribute value and processing instruction in one buffer, the
/// attributes and namespace declarations of start tags in tables of their own.
///
/// The libxml2 callbacks cannot be generic, so they record here, and every kind of consumer reads
/// the tape afterwards: the owned events of `for try await`, the subtrees of
/// ``XMLEvents/elements(matching:namespaces:)``, and a user's ``XMLVisitor``, whose replay is
/// specialized for the visitor's type. Recording costs a copy of each event's bytes and no
/// allocation beyond the buffers' growth, which is kept from one call to the next.
///
/// Entries refer to the tables in order: a reader walks the tape from the start and keeps
/// running indices into the attribute, namespace and location tables.
@usableFromInline
struct EventTape {
    @usableFromInline
    enum Kind: UInt8 {
        /// `start` indexes `prologs`.
        case startDocument
        /// `start` indexes `doctypes`.
        case doctype
        /// `name`; `count` attributes from the running attribute index; `extra` namespace
        /// declarations from the running namespace index; one location.
        case startElement
        /// `name`.
        case endElement
        /// `count` bytes at `start`.
        case text
        /// `count` bytes at `start`.
        case cdata
        /// `count` bytes at `start`.
        case comment
        /// The target's `count` bytes at `start`, then `extra` bytes of data.
        case processingInstruction
        case endDocument
    }

    @usableFromInline
    struct Entry {
        /// The element's name; ``EventTape/unnamed`` for other kinds.
        @usableFromInline var name: XMLName
        @usableFromInline var start: Int
        @usableFromInline var count: Int
        @usableFromInline var extra: UInt32
        @usableFromInline var kind: Kind

        init(kind: Kind, name: XMLName = EventTape.unnamed, start: Int = 0, count: Int = 0, extra: UInt32 = 0) {
            self.kind = kind
            self.name = name
            self.start = start
            self.count = count
            self.extra = extra
        }
    }

    /// An attribute: its name, and its value's bytes in `bytes`.
    @usableFromInline
    struct Attribute {
        @usableFromInline var name: XMLName
        @usableFromInline var valueStart: Int
        @usableFromInline var valueCount: Int
    }

    /// A namespace declaration: its prefix's bytes (none for the default namespace) and its URI's.
    @usableFromInline
    struct Namespace {
        @usableFromInline var prefixStart: Int
        /// -1 for the default namespace, which has no prefix.
        @usableFromInline var prefixCount: Int
        @usableFromInline var uriStart: Int
        @usableFromInline var uriCount: Int
    }

    /// The XML declaration of ``Kind/startDocument``.
    @usableFromInline
    struct Prolog {
        var version: String?
        var encoding: String?
        var standalone: Bool?
    }

    /// The document type declaration of ``Kind/doctype``.
    @usableFromInline
    struct Doctype {
        var name: String
        var publicID: String?
        var systemID: String?
    }

    @usableFromInline var entries: [Entry] = []
    @usableFromInline var attributes: [Attribute] = []
    @usableFromInline var namespaces: [Namespace] = []
    /// Where each start element was reported, in order.
    @usableFromInline var locations: [XMLLocation] = []
    @usableFromInline var bytes: [UInt8] = []
    @usableFromInline var prologs: [Prolog] = []
    @usableFromInline var doctypes: [Doctype] = []

    /// The name of entries that are not elements.
    static let unnamed = XMLName(localName: "")

    /// A tape with room for a typical chunk's events.
    init() {
        entries.reserveCapacity(256)
        attributes.reserveCapacity(64)
        locations.reserveCapacity(64)
        bytes.reserveCapacity(16 * 1024)
    }

    private init(empty: Void) {}

    /// An empty tape that allocates nothing, to hold a tape's place while it is lent out.
    static var placeholder: EventTape { EventTape(empty: ()) }

    /// Whether the tape holds no event.
    @usableFromInline var isEmpty: Bool { entries.isEmpty }

    /// Forgets every event, keeping the buffers' capacity, and moves the bytes from `keptByte` on
    /// (a text run still being gathered) to the front.
    mutating func removeAll(keepingBytesFrom keptByte: Int) {
        entries.removeAll(keepingCapacity: true)
        attributes.removeAll(keepingCapacity: true)
        namespaces.removeAll(keepingCapacity: true)
        locations.removeAll(keepingCapacity: true)
        prologs.removeAll()
        doctypes.removeAll()
        if keptByte >= bytes.count {
            bytes.removeAll(keepingCapacity: bytes.capacity <= EventTape.retainedByteCapacity)
        } else if keptByte > 0 {
            bytes.removeSubrange(0..<keptByte)
        }
    }

    /// Above this many bytes the buffer is not kept once empty, so that one huge text does not
    /// hold its memory for the rest of the document.
    static let retainedByteCapacity = 1 << 20

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

    /// A start tag's attributes as owned values.
    func ownedAttributes(_ rows: Range<Int>) -> [XMLAttribute] {
        guard !rows.isEmpty else { return [] }
        var attributes: [XMLAttribute] = []
        attributes.reserveCapacity(rows.count)
        for attribute in self.attributes[rows] {
            attributes.append(
                XMLAttribute(
                    name: attribute.name, value: string(start: attribute.valueStart, count: attribute.valueCount)))
        }
        return attributes
    }

    /// A start tag's namespace declarations as owned values.
    func ownedNamespaces(_ rows: Range<Int>) -> [XMLNamespaceDeclaration] {
        guard !rows.isEmpty else { return [] }
        return namespaces[rows].map(declaration)
    }

    /// The bytes from `start`, as a string.
    @usableFromInline
    func string(start: Int, count: Int) -> String {
        bytes.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<(start + count)]), as: UTF8.self)
        }
    }

    /// A namespace declaration as its owned value.
    func declaration(_ namespace: Namespace) -> XMLNamespaceDeclaration {
        XMLNamespaceDeclaration(
            prefix: namespace.prefixCount < 0
                ? nil : string(start: namespace.prefixStart, count: namespace.prefixCount),
            uri: string(start: namespace.uriStart, count: namespace.uriCount))
    }
}
