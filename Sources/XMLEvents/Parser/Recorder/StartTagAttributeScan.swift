/// Counts the attributes of a start tag that libxml2 holds unparsed, so that a tag with far too
/// many can be refused before libxml2 parses it.
///
/// libxml2 2.9 keeps a start tag in its input buffer until the tag's `>` has arrived, and then
/// checks each attribute against all those before it: quadratic work (about 4 s for 100,000
/// attributes) that the ``XMLParsingLimits/maxAttributesPerElement`` check in the start-element
/// callback comes too late to prevent. The scan reads each held byte once, resuming where it
/// stopped as more of the tag arrives. It only counts attributes of the form `name = "value"`,
/// so it never counts more than libxml2 will find; on anything else it stops and leaves the tag
/// to libxml2, which reports it.
struct StartTagAttributeScan {
    private enum State {
        case elementName
        case betweenAttributes
        case attributeName
        case afterAttributeName
        case beforeValue
        case value(quote: UInt8)
        /// The tag ended or is malformed: nothing more to count.
        case done
    }

    /// Below this many held bytes libxml2's own check is cheap (tens of milliseconds at most),
    /// so the scan does not run at all.
    static let heldBytesThreshold = 64 * 1024

    /// Where in the document the scanned tag starts, as an offset the caller chooses.
    private(set) var tagStart = -1
    /// The attributes counted so far.
    private(set) var attributes = 0
    private var scanned = 0
    private var state = State.elementName

    /// Scans the bytes of the tag that starts at `tagStart` (with its `<`) beyond those already
    /// scanned; starts afresh when the held tag is another one.
    mutating func scan(_ held: UnsafeRawBufferPointer, tagStart: Int) {
        if tagStart != self.tagStart {
            self = StartTagAttributeScan()
            self.tagStart = tagStart
            scanned = 1
            guard held.count > 1, StartTagAttributeScan.startsName(held[1]) else {
                state = .done
                return
            }
        }
        while scanned < held.count {
            if case .done = state { return }
            advance(held[scanned])
            scanned += 1
        }
    }

    private mutating func advance(_ byte: UInt8) {
        let isSpace = byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        switch state {
        case .elementName:
            if isSpace {
                state = .betweenAttributes
            } else if byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") {
                state = .done
            }
        case .betweenAttributes:
            if isSpace { return }
            state = byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") ? .done : .attributeName
        case .attributeName:
            if byte == UInt8(ascii: "=") {
                state = .beforeValue
            } else if isSpace {
                state = .afterAttributeName
            } else if byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "<") {
                state = .done
            }
        case .afterAttributeName:
            if isSpace { return }
            state = byte == UInt8(ascii: "=") ? .beforeValue : .done
        case .beforeValue:
            if isSpace { return }
            state = byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") ? .value(quote: byte) : .done
        case .value(let quote):
            if byte == quote {
                attributes += 1
                state = .betweenAttributes
            } else if byte == UInt8(ascii: "<") {
                state = .done
            }
        case .done:
            return
        }
    }

    /// Whether `byte` can start an element name: a start tag, not `</`, `<!` or `<?`.
    private static func startsName(_ byte: UInt8) -> Bool {
        byte != UInt8(ascii: "/") && byte != UInt8(ascii: "!") && byte != UInt8(ascii: "?") && byte > 0x20
    }
}
