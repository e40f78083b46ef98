/// Turns the parser's callbacks into whole, typed events, and enforces ``XMLParsingLimits``.
///
/// libxml2 reports character data in pieces (every 300 bytes, at each reference, at chunk edges);
/// the builder joins them into one ``XMLEvent/text(_:)`` per run between two pieces of markup.
/// It knows nothing of C beyond the byte pointers libxml2 hands out.
///
/// Given a selection, it builds the selected elements as ``XMLSubtree``s instead, from the same
/// callbacks and under the same limits, and reports no events: what lies outside the selected
/// elements is checked and dropped.
struct EventBuilder {
    /// Why the builder wants parsing to stop.
    struct Violation {
        var code: XMLParsingError.Code
        var message: String
    }

    private enum PendingKind {
        case none, text, cdata
    }

    private(set) var events: [XMLEvent] = []
    /// Where each start element in `events` was reported, in the same order.
    private(set) var startElementLocations: [XMLLocation] = []
    /// When set, events go to the selector instead of `events`: only the subtrees it completes
    /// are handed over, and character data outside them never becomes a string.
    private var selector: XMLSubtreeSelector?
    /// The subtrees completed so far, when selecting.
    private(set) var subtrees: [XMLSubtree] = []
    private(set) var depth = 0
    private(set) var hasStartedRoot = false
    private(set) var hasEndedRoot = false
    private(set) var violation: Violation?
    /// Whether anything but the start of the document was reported: a document of nothing but
    /// whitespace is empty, one with a comment and no root is cut short.
    private var sawMarkup = false

    /// The bytes of a run that arrived in several pieces; a run that arrives in one piece (most
    /// do) becomes its string at once and never touches this buffer.
    private var pending: [UInt8] = []
    private var pendingString: String?
    private var pendingLength = 0
    private var pendingKind = PendingKind.none
    /// Where the bytes of an unfinished CDATA section's next piece would start, if it continues.
    private var cdataContinuationOffset: Int?
    /// Where a CDATA piece that ended with a carriage return ended: a line feed starting the next
    /// piece there is the second half of the same line end.
    private var cdataCarriageReturnEnd: Int?
    private var names: NameCache
    private var entityExpansion = 0
    private let limits: XMLParsingLimits
    private let reportsCDATA: Bool
    private let dropsWhitespaceOnlyText: Bool

    /// - Parameter selection: The elements to build as subtrees instead of reporting events.
    init(
        options: XMLParsingOptions, selection: XMLPath? = nil, isInterned: @escaping (UnsafeRawPointer) -> Bool
    ) {
        selector = selection.map(XMLSubtreeSelector.init)
        limits = options.limits
        reportsCDATA = options.reportsCDATA
        dropsWhitespaceOnlyText = options.dropsWhitespaceOnlyText
        names = NameCache(isInterned: isInterned)
        pending.reserveCapacity(4096)
        events.reserveCapacity(1024)
    }

    /// Hands over the events completed so far, with the locations of their start elements, and
    /// the subtrees completed when selecting.
    mutating func takeEvents() -> (
        events: [XMLEvent], startElementLocations: [XMLLocation], subtrees: [XMLSubtree]
    ) {
        (
            EventBuilder.take(&events, reserving: 64), EventBuilder.take(&startElementLocations, reserving: 16),
            EventBuilder.take(&subtrees, reserving: 16)
        )
    }

    /// Empties `array` and returns what it held, leaving room for as many elements again.
    private static func take<Element>(_ array: inout [Element], reserving minimum: Int) -> [Element] {
        let taken = array
        if !taken.isEmpty {
            array = []
            array.reserveCapacity(Swift.max(taken.count, minimum))
        }
        return taken
    }

    /// Reports an event, with where it was reported when it is a start element, or feeds it to
    /// the selector when selecting.
    private mutating func emit(_ event: consuming XMLEvent, location: XMLLocation? = nil) {
        guard selector != nil else {
            if let location { startElementLocations.append(location) }
            return events.append(event)
        }
        if let subtree = selector?.consume(event, location: location) {
            subtrees.append(subtree)
        }
    }

    /// Whether character data is wanted: always, unless selecting outside a selected element.
    private var keepsCharacterData: Bool { selector?.isBuilding ?? true }

    mutating func startDocument(version: String?, encoding: String?, standalone: Bool?) {
        emit(.startDocument(version: version, encoding: encoding, standalone: standalone))
    }

    mutating func doctype(name: String, publicID: String?, systemID: String?) {
        flushPending()
        sawMarkup = true
        emit(.doctype(name: name, publicID: publicID, systemID: systemID))
    }

    /// - Parameters:
    ///   - namespaces: `namespaceCount` pairs of (prefix, URI) pointers.
    ///   - attributes: `attributeCount` groups of (local name, prefix, URI, value start, value end).
    mutating func startElement(
        at location: XMLLocation,
        localName: UnsafePointer<UInt8>,
        prefix: UnsafePointer<UInt8>?,
        namespaceURI: UnsafePointer<UInt8>?,
        namespaceCount: Int,
        namespaces: UnsafePointer<UnsafePointer<UInt8>?>?,
        attributeCount: Int,
        attributes: UnsafePointer<UnsafePointer<UInt8>?>?
    ) {
        flushPending()
        depth += 1
        hasStartedRoot = true
        guard depth <= limits.maxDepth else {
            return fail(.depthLimitExceeded, "Elements nest deeper than the limit of \(limits.maxDepth)")
        }
        guard attributeCount + namespaceCount <= limits.maxAttributesPerElement else {
            return fail(
                .attributeLimitExceeded,
                "Element has \(attributeCount + namespaceCount) attributes; the limit is "
                    + "\(limits.maxAttributesPerElement)")
        }
        guard let name = internName(localName, prefix, namespaceURI) else { return }

        var declarations: [XMLNamespaceDeclaration] = []
        if namespaceCount > 0, let namespaces {
            declarations.reserveCapacity(namespaceCount)
            for index in 0..<namespaceCount {
                let uri = namespaces[2 * index + 1].map { String(cString: $0) } ?? ""
                declarations.append(
                    XMLNamespaceDeclaration(prefix: namespaces[2 * index].map { String(cString: $0) }, uri: uri))
            }
        }

        var values: [XMLAttribute] = []
        if attributeCount > 0, let attributes {
            values.reserveCapacity(attributeCount)
            for index in 0..<attributeCount {
                let base = 5 * index
                guard let attributeLocalName = attributes[base],
                    let attributeName = internName(attributeLocalName, attributes[base + 1], attributes[base + 2])
                else { return }
                var value = ""
                if let start = attributes[base + 3], let end = attributes[base + 4] {
                    let length = end - start
                    guard length <= limits.maxNodeLength else {
                        return fail(
                            .nodeLengthLimitExceeded,
                            "Attribute value is \(length) bytes long; the limit is \(limits.maxNodeLength)")
                    }
                    value = String(decoding: UnsafeBufferPointer(start: start, count: length), as: UTF8.self)
                }
                values.append(XMLAttribute(name: attributeName, value: value))
            }
        }
        emit(.startElement(name: name, attributes: values, namespaces: declarations), location: location)
    }

    mutating func endElement(
        localName: UnsafePointer<UInt8>,
        prefix: UnsafePointer<UInt8>?,
        namespaceURI: UnsafePointer<UInt8>?
    ) {
        flushPending()
        guard let name = internName(localName, prefix, namespaceURI) else { return }
        depth -= 1
        if depth == 0 { hasEndedRoot = true }
        emit(.endElement(name: name))
    }

    mutating func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
        if pendingKind == .cdata { flushPending() }
        pendingKind = .text
        append(bytes)
    }

    /// A piece of a CDATA section.
    ///
    /// - Parameter offset: Where the piece starts in the document's (UTF-8) byte stream, or `nil`
    ///   when it was not read from the document directly (inside an entity's replacement text).
    ///   A piece that starts where the previous one ended continues the same section.
    ///
    /// A piece read from the document is its raw bytes: libxml2 2.9's push parser does not
    /// normalize the line ends of CDATA sections as XML 1.0 (§2.11) requires, so the builder does,
    /// turning CR LF and a lone CR into LF. (Pieces from an entity's replacement text come
    /// normalized already.)
    mutating func cdata(_ bytes: UnsafeBufferPointer<UInt8>, offset: Int?) {
        let followsCarriageReturn = offset != nil && offset == cdataCarriageReturnEnd
        cdataCarriageReturnEnd = nil
        guard let offset, followsCarriageReturn || bytes.contains(0x0D) else {
            return appendCDATA(bytes, offset: offset, rawLength: bytes.count)
        }
        if bytes.last == 0x0D { cdataCarriageReturnEnd = offset + bytes.count }
        var normalized: [UInt8] = []
        normalized.reserveCapacity(bytes.count)
        var index = followsCarriageReturn && bytes.first == 0x0A ? 1 : 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0D {
                normalized.append(0x0A)
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
            } else {
                normalized.append(byte)
            }
            index += 1
        }
        normalized.withUnsafeBufferPointer { appendCDATA($0, offset: offset, rawLength: bytes.count) }
    }

    /// Appends a CDATA piece whose document bytes were `rawLength` long.
    private mutating func appendCDATA(_ bytes: UnsafeBufferPointer<UInt8>, offset: Int?, rawLength: Int) {
        guard reportsCDATA else { return characters(bytes) }
        let continues = pendingKind == .cdata && offset != nil && offset == cdataContinuationOffset
        if !continues { flushPending() }
        pendingKind = .cdata
        cdataContinuationOffset = offset.map { $0 + rawLength }
        append(bytes)
    }

    mutating func comment(_ text: UnsafePointer<UInt8>) {
        flushPending()
        sawMarkup = true
        guard let comment = boundedString(text, what: "Comment") else { return }
        emit(.comment(comment))
    }

    mutating func processingInstruction(target: UnsafePointer<UInt8>, data: UnsafePointer<UInt8>?) {
        flushPending()
        sawMarkup = true
        guard let targetString = boundedString(target, what: "Processing instruction target") else { return }
        var dataString = ""
        if let data {
            guard let bounded = boundedString(data, what: "Processing instruction") else { return }
            dataString = bounded
        }
        emit(.processingInstruction(target: targetString, data: dataString))
    }

    mutating func endDocument() {
        flushPending()
        emit(.endDocument)
    }

    /// Counts replacement text an entity reference is about to produce; `parsedBytes` is how far
    /// into the document the parser is.
    mutating func noteEntityExpansion(name: String, length: Int, parsedBytes: Int) {
        entityExpansion += Swift.max(length, 1)
        let allowed =
            limits.entityExpansionAllowance
            + limits.maxEntityExpansionRatio.multipliedReportingOverflow(by: Swift.max(parsedBytes, 0)).partialValue
        if entityExpansion > allowed {
            fail(
                .entityExpansionLimitExceeded,
                "Entity references expand to more than \(allowed) bytes (at '\(name)'); "
                    + "the limit is \(limits.entityExpansionAllowance) bytes plus "
                    + "\(limits.maxEntityExpansionRatio) times the document")
        }
    }

    /// Explains libxml2's "extra content at the end" report, which it also gives for an input that
    /// ends before the document does.
    func describeEarlyEnd(libxml2Message: String, openElement: String?) -> (XMLParsingError.Code, String) {
        if hasEndedRoot {
            return (.documentEnd, libxml2Message)
        }
        if !hasStartedRoot {
            if !sawMarkup {
                return (.documentEmpty, "Document is empty")
            }
            return (.documentEnd, "The document ended before its root element")
        }
        let name = openElement.map { " inside <\($0)>" } ?? ""
        let count = depth == 1 ? "1 element is" : "\(depth) elements are"
        return (.documentEnd, "The document ended early\(name): \(count) not closed")
    }

    /// Delivers the character data or CDATA section gathered so far as one event.
    mutating func flushPending() {
        switch pendingKind {
        case .none:
            return
        case .text:
            if pendingLength > 0, keepsCharacterData {
                let text = pendingString ?? String(decoding: pending, as: UTF8.self)
                if !(dropsWhitespaceOnlyText && text.utf8.allSatisfy(EventBuilder.isXMLSpace)) {
                    emit(.text(text))
                }
            }
        case .cdata:
            if keepsCharacterData {
                emit(.cdata(pendingString ?? String(decoding: pending, as: UTF8.self)))
            }
            cdataContinuationOffset = nil
        }
        if pendingString == nil {
            pending.removeAll(keepingCapacity: pending.count <= 1 << 20)
        }
        pendingString = nil
        pendingLength = 0
        pendingKind = .none
    }

    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard pendingLength + bytes.count <= limits.maxNodeLength else {
            let what = pendingKind == .cdata ? "CDATA section" : "Text"
            return fail(.nodeLengthLimitExceeded, "\(what) is longer than the limit of \(limits.maxNodeLength) bytes")
        }
        if !keepsCharacterData {
            // Only its length counts, for the limit.
        } else if pendingLength == 0 {
            pendingString = String(decoding: bytes, as: UTF8.self)
        } else {
            // libxml2 cuts pieces between characters, but they are joined as bytes all the same,
            // so that a run decodes exactly as one buffer would.
            if let first = pendingString {
                pending.append(contentsOf: first.utf8)
                pendingString = nil
            }
            pending.append(contentsOf: bytes)
        }
        pendingLength += bytes.count
    }

    private mutating func internName(
        _ localName: UnsafePointer<UInt8>,
        _ prefix: UnsafePointer<UInt8>?,
        _ namespaceURI: UnsafePointer<UInt8>?
    ) -> XMLName? {
        guard
            let name = names.name(
                localName: localName, prefix: prefix, namespaceURI: namespaceURI, maxLength: limits.maxNameLength)
        else {
            fail(.nameLengthLimitExceeded, "A name is longer than the limit of \(limits.maxNameLength) bytes")
            return nil
        }
        return name
    }

    private mutating func boundedString(_ text: UnsafePointer<UInt8>, what: String) -> String? {
        let string = String(cString: text)
        guard string.utf8.count <= limits.maxNodeLength else {
            fail(.nodeLengthLimitExceeded, "\(what) is longer than the limit of \(limits.maxNodeLength) bytes")
            return nil
        }
        return string
    }

    private mutating func fail(_ code: XMLParsingError.Code, _ message: String) {
        if violation == nil {
            violation = Violation(code: code, message: message)
        }
    }

    private static func isXMLSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }
}
