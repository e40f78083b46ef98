/// Turns the parser's callbacks into the entries of an ``EventTape``, and enforces
/// ``XMLParsingLimits``.
///
/// libxml2 reports character data in pieces (every 300 bytes, at each reference, at step edges);
/// the recorder gathers them in the tape's byte buffer and records one text entry per run between
/// two pieces of markup, so every reader sees whole text. It knows nothing of C beyond the byte
/// pointers libxml2 hands out.
struct TapeRecorder {
    /// Why the recorder wants parsing to stop.
    struct Violation {
        var code: XMLParsingError.Code
        var message: String
    }

    private enum PendingKind {
        case none, text, cdata
    }

    /// The events recorded since the tape was last handed over.
    private(set) var tape = EventTape.placeholder
    private(set) var depth = 0
    private(set) var hasStartedRoot = false
    private(set) var hasEndedRoot = false
    private(set) var violation: Violation?
    /// Whether anything but the start of the document was reported: a document of nothing but
    /// whitespace is empty, one with a comment and no root is cut short.
    private var sawMarkup = false

    /// The run being gathered: its kind, and where its bytes start in the tape's buffer (they
    /// run to the buffer's end).
    private var pendingKind = PendingKind.none
    private var pendingStart = 0
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

    init(options: XMLParsingOptions, isInterned: @escaping (UnsafeRawPointer) -> Bool) {
        limits = options.limits
        reportsCDATA = options.reportsCDATA
        dropsWhitespaceOnlyText = options.dropsWhitespaceOnlyText
        names = NameCache(isInterned: isInterned)
    }

    /// Lends the recorder `tape` to record into, emptied but for a run still being gathered;
    /// ``returnTape(to:)`` hands it back with the events recorded meanwhile.
    mutating func borrowTape(_ tape: inout EventTape) {
        swap(&self.tape, &tape)
        let kept = pendingKind == .none ? self.tape.bytes.count : pendingStart
        self.tape.removeAll(keepingBytesFrom: kept)
        pendingStart = 0
    }

    /// Hands back the tape lent by ``borrowTape(_:)``.
    mutating func returnTape(to tape: inout EventTape) {
        swap(&self.tape, &tape)
    }

    /// The byte count of the run being gathered.
    private var pendingLength: Int { pendingKind == .none ? 0 : tape.bytes.count - pendingStart }

    mutating func startDocument(version: String?, encoding: String?, standalone: Bool?) {
        tape.prologs.append(EventTape.Prolog(version: version, encoding: encoding, standalone: standalone))
        tape.entries.append(EventTape.Entry(kind: .startDocument, start: tape.prologs.count - 1))
    }

    mutating func doctype(name: String, publicID: String?, systemID: String?) {
        flushPending()
        sawMarkup = true
        tape.doctypes.append(EventTape.Doctype(name: name, publicID: publicID, systemID: systemID))
        tape.entries.append(EventTape.Entry(kind: .doctype, start: tape.doctypes.count - 1))
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

        var recordedNamespaces = 0
        if namespaceCount > 0, let namespaces {
            for index in 0..<namespaceCount {
                let prefixBytes = namespaces[2 * index]
                let prefixStart = tape.bytes.count
                let prefixCount = prefixBytes.map { appendCString($0) } ?? -1
                let uriStart = tape.bytes.count
                let uriCount = namespaces[2 * index + 1].map { appendCString($0) } ?? 0
                tape.namespaces.append(
                    EventTape.Namespace(
                        prefixStart: prefixStart, prefixCount: prefixCount, uriStart: uriStart, uriCount: uriCount))
                recordedNamespaces += 1
            }
        }

        if attributeCount > 0, let attributes {
            let firstAttribute = tape.attributes.count
            for index in 0..<attributeCount {
                let base = 5 * index
                guard let attributeLocalName = attributes[base],
                    let attributeName = internName(attributeLocalName, attributes[base + 1], attributes[base + 2])
                else { return discardAttributes(from: firstAttribute, namespaces: recordedNamespaces) }
                var valueStart = tape.bytes.count
                var valueCount = 0
                if let start = attributes[base + 3], let end = attributes[base + 4] {
                    valueCount = end - start
                    guard valueCount <= limits.maxNodeLength else {
                        discardAttributes(from: firstAttribute, namespaces: recordedNamespaces)
                        return fail(
                            .nodeLengthLimitExceeded,
                            "Attribute value is \(valueCount) bytes long; the limit is \(limits.maxNodeLength)")
                    }
                    valueStart = tape.bytes.count
                    tape.bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: valueCount))
                }
                tape.attributes.append(
                    EventTape.Attribute(name: attributeName, valueStart: valueStart, valueCount: valueCount))
            }
        }
        tape.locations.append(location)
        tape.entries.append(
            EventTape.Entry(kind: .startElement, name: name, count: attributeCount, extra: UInt32(recordedNamespaces)))
    }

    /// Takes back the tables a start tag that failed half-way had recorded, so that the tape's
    /// entries and tables stay in step.
    private mutating func discardAttributes(from firstAttribute: Int, namespaces count: Int) {
        tape.attributes.removeSubrange(firstAttribute...)
        tape.namespaces.removeLast(count)
    }

    /// Appends a NUL-terminated string's bytes to the tape; returns how many.
    private mutating func appendCString(_ string: UnsafePointer<UInt8>) -> Int {
        var end = string
        while end.pointee != 0 { end += 1 }
        let count = end - string
        tape.bytes.append(contentsOf: UnsafeBufferPointer(start: string, count: count))
        return count
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
        tape.entries.append(EventTape.Entry(kind: .endElement, name: name))
    }

    mutating func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
        if pendingKind == .cdata { flushPending() }
        if pendingKind == .none {
            pendingKind = .text
            pendingStart = tape.bytes.count
        }
        append(bytes)
    }

    /// A piece of a CDATA section.
    ///
    /// - Parameter offset: Where the piece starts in the document's (UTF-8) byte stream, or `nil`
    ///   when it was not read from the document directly (inside an entity's replacement text).
    ///   A piece that starts where the previous one ended continues the same section.
    ///
    /// A piece read from the document is its raw bytes: libxml2 2.9's push parser does not
    /// normalize the line ends of CDATA sections as XML 1.0 (§2.11) requires, so the recorder
    /// does, turning CR LF and a lone CR into LF. (Pieces from an entity's replacement text come
    /// normalized already.)
    mutating func cdata(_ bytes: UnsafeBufferPointer<UInt8>, offset: Int?) {
        let followsCarriageReturn = offset != nil && offset == cdataCarriageReturnEnd
        cdataCarriageReturnEnd = nil
        let continues = reportsCDATA && pendingKind == .cdata && offset != nil && offset == cdataContinuationOffset
        if reportsCDATA {
            if !continues { flushPending() }
            if pendingKind == .none {
                pendingKind = .cdata
                pendingStart = tape.bytes.count
            }
            cdataContinuationOffset = offset.map { $0 + bytes.count }
        } else {
            if pendingKind == .cdata { flushPending() }
            if pendingKind == .none {
                pendingKind = .text
                pendingStart = tape.bytes.count
            }
        }
        guard let offset, followsCarriageReturn || bytes.contains(0x0D) else { return append(bytes) }
        if bytes.last == 0x0D { cdataCarriageReturnEnd = offset + bytes.count }
        appendNormalizingLineEnds(bytes, skippingLeadingLineFeed: followsCarriageReturn)
    }

    /// Appends `bytes` with CR LF and lone CR turned into LF.
    private mutating func appendNormalizingLineEnds(_ bytes: UnsafeBufferPointer<UInt8>, skippingLeadingLineFeed: Bool)
    {
        let before = tape.bytes.count
        var index = skippingLeadingLineFeed && bytes.first == 0x0A ? 1 : 0
        var runStart = index
        while index < bytes.count {
            if bytes[index] == 0x0D {
                tape.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                tape.bytes.append(0x0A)
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                runStart = index + 1
            }
            index += 1
        }
        tape.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        checkPendingLength(added: tape.bytes.count - before)
    }

    mutating func comment(_ text: UnsafePointer<UInt8>) {
        flushPending()
        sawMarkup = true
        let start = tape.bytes.count
        let count = appendCString(text)
        guard count <= limits.maxNodeLength else {
            tape.bytes.removeSubrange(start...)
            return fail(.nodeLengthLimitExceeded, "Comment is longer than the limit of \(limits.maxNodeLength) bytes")
        }
        tape.entries.append(EventTape.Entry(kind: .comment, start: start, count: count))
    }

    mutating func processingInstruction(target: UnsafePointer<UInt8>, data: UnsafePointer<UInt8>?) {
        flushPending()
        sawMarkup = true
        let start = tape.bytes.count
        let targetCount = appendCString(target)
        let dataCount = data.map { appendCString($0) } ?? 0
        guard targetCount <= limits.maxNodeLength else {
            tape.bytes.removeSubrange(start...)
            return fail(
                .nodeLengthLimitExceeded,
                "Processing instruction target is longer than the limit of \(limits.maxNodeLength) bytes")
        }
        guard dataCount <= limits.maxNodeLength else {
            tape.bytes.removeSubrange(start...)
            return fail(
                .nodeLengthLimitExceeded,
                "Processing instruction is longer than the limit of \(limits.maxNodeLength) bytes")
        }
        tape.entries.append(
            EventTape.Entry(kind: .processingInstruction, start: start, count: targetCount, extra: UInt32(dataCount)))
    }

    mutating func endDocument() {
        flushPending()
        tape.entries.append(EventTape.Entry(kind: .endDocument))
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

    /// Records the character data or CDATA section gathered so far as one entry.
    mutating func flushPending() {
        switch pendingKind {
        case .none:
            return
        case .text:
            let count = pendingLength
            if count > 0, !(dropsWhitespaceOnlyText && isWhitespace(from: pendingStart)) {
                tape.entries.append(EventTape.Entry(kind: .text, start: pendingStart, count: count))
            } else {
                tape.bytes.removeSubrange(pendingStart...)
            }
        case .cdata:
            tape.entries.append(EventTape.Entry(kind: .cdata, start: pendingStart, count: pendingLength))
            cdataContinuationOffset = nil
        }
        pendingKind = .none
    }

    private func isWhitespace(from start: Int) -> Bool {
        tape.bytes.withUnsafeBufferPointer { buffer in
            buffer[start...].allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }
        }
    }

    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        tape.bytes.append(contentsOf: bytes)
        checkPendingLength(added: bytes.count)
    }

    /// Fails once the run being gathered is longer than the node limit; its bytes are dropped,
    /// as they will never be delivered.
    private mutating func checkPendingLength(added: Int) {
        guard pendingLength > limits.maxNodeLength else { return }
        let what = pendingKind == .cdata ? "CDATA section" : "Text"
        tape.bytes.removeSubrange(pendingStart...)
        pendingKind = .none
        fail(.nodeLengthLimitExceeded, "\(what) is longer than the limit of \(limits.maxNodeLength) bytes")
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

    private mutating func fail(_ code: XMLParsingError.Code, _ message: String) {
        if violation == nil {
            violation = Violation(code: code, message: message)
        }
    }
}
