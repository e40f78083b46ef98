/// The rows of a tape's columns and tables. `TapeRecorder.layoutMatchesC` checks that each is
/// laid out as its C twin, which the C callbacks write.
extension EventTape {
    @usableFromInline
    enum Kind: UInt8, BitwiseCopyable {
        /// `start` indexes ``prologs``.
        case startDocument
        /// `start` indexes ``doctypes``.
        case doctype
        /// `name`; `count` attributes and `extra` namespace declarations from the running
        /// indices; one location.
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
        /// The entity's name: `count` bytes at `start`.
        case skippedEntity
    }

    @usableFromInline
    struct Entry: BitwiseCopyable {
        /// The element's name, for element entries.
        @usableFromInline var name: TapeName
        @usableFromInline var start: Int
        @usableFromInline var count: Int
        @usableFromInline var extra: UInt32
        @usableFromInline var kind: Kind

        @inline(__always)
        init(kind: Kind, name: TapeName = TapeName(bits: 0), start: Int = 0, count: Int = 0, extra: UInt32 = 0) {
            self.kind = kind
            self.name = name
            self.start = start
            self.count = count
            self.extra = extra
        }
    }

    /// An attribute: its name, and its value's bytes.
    @usableFromInline
    struct Attribute: BitwiseCopyable {
        @usableFromInline var name: TapeName
        @usableFromInline var valueStart: Int
        @usableFromInline var valueCount: Int
    }

    /// A namespace declaration: its prefix's bytes (none for the default namespace) and its URI's.
    @usableFromInline
    struct Namespace: BitwiseCopyable {
        @usableFromInline var prefixStart: Int
        /// -1 for the default namespace, which has no prefix.
        @usableFromInline var prefixCount: Int
        @usableFromInline var uriStart: Int
        @usableFromInline var uriCount: Int
    }

    /// Where a start element, or with ``XMLParsingOptions/locatesEveryEvent`` any event, was
    /// reported.
    @usableFromInline
    struct Location: BitwiseCopyable {
        @usableFromInline var line: Int
        @usableFromInline var column: Int
        @usableFromInline var byteOffset: Int

        @inlinable var location: XMLLocation { XMLLocation(line: line, column: column, byteOffset: byteOffset) }
    }

    /// The XML declaration of ``Kind/startDocument``.
    @usableFromInline
    struct Prolog {
        @usableFromInline var version: String?
        @usableFromInline var encoding: String?
        @usableFromInline var standalone: Bool?
    }

    /// The document type declaration of ``Kind/doctype``.
    @usableFromInline
    struct Doctype {
        @usableFromInline var name: String
        @usableFromInline var publicID: String?
        @usableFromInline var systemID: String?
    }
}
