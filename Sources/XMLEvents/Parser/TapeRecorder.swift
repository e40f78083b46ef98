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

    /// Where the events are recorded: the driver's tape, refilled by every parse call.
    let tape: EventTape
    /// The tape's columns, written through this pointer (the tape keeps them alive).
    private let columns: UnsafeMutablePointer<EventTape.Columns>
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
    /// The names of the open elements, innermost last: an end tag's name is its start tag's.
    private var openNames = TapeColumn<TapeName>(capacity: 64)
    /// The owned names among `openNames`, which the end tags record again.
    private var openOwnedNames: [XMLName] = []
    private var entityExpansion = 0
    private let limits: XMLParsingLimits
    private let reportsCDATA: Bool
    private let dropsWhitespaceOnlyText: Bool

    init(tape: EventTape, options: XMLParsingOptions, isInterned: @escaping (UnsafeRawPointer) -> Bool) {
        self.tape = tape
        columns = tape.columns
        limits = options.limits
        reportsCDATA = options.reportsCDATA
        dropsWhitespaceOnlyText = options.dropsWhitespaceOnlyText
        names = NameCache(isInterned: isInterned)
    }

    /// Frees the memory of the open-element stack; the recorder is not used after.
    func deallocate() {
        openNames.deallocate()
    }

    /// Empties the tape for a new parse call (its reader is done with it), but for the bytes of
    /// a run still being gathered.
    mutating func rewindTape() {
        let kept = pendingKind == .none ? columns.pointee.bytes.count : pendingStart
        tape.removeAll(keepingBytesFrom: kept)
        pendingStart = 0
    }

    /// The byte count of the run being gathered.
    private var pendingLength: Int { pendingKind == .none ? 0 : columns.pointee.bytes.count - pendingStart }

    mutating func startDocument(version: String?, encoding: String?, standalone: Bool?) {
        tape.prologs.append(EventTape.Prolog(version: version, encoding: encoding, standalone: standalone))
        columns.pointee.entries.append(EventTape.Entry(kind: .startDocument, start: tape.prologs.count - 1))
    }

    mutating func doctype(name: String, publicID: String?, systemID: String?) {
        flushPending()
        sawMarkup = true
        tape.doctypes.append(EventTape.Doctype(name: name, publicID: publicID, systemID: systemID))
        columns.pointee.entries.append(EventTape.Entry(kind: .doctype, start: tape.doctypes.count - 1))
    }

    /// - Parameters:
    ///   - namespaces: `namespaceCount` pairs of (prefix, URI) pointers.
    ///   - attributes: `attributeCount` groups of (local name, prefix, URI, value start, value end).
    mutating func startElement(
        at location: EventTape.Location,
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
        if namespaceCount > 0 || attributeCount > 0 {
            guard
                let recorded = recordTables(
                    namespaceCount: namespaceCount, namespaces: namespaces, attributeCount: attributeCount,
                    attributes: attributes)
            else { return }
            recordedNamespaces = recorded
        }
        columns.pointee.locations.append(location)
        columns.pointee.entries.append(
            EventTape.Entry(kind: .startElement, name: name, count: attributeCount, extra: UInt32(recordedNamespaces)))
        openNames.append(name)
        if name.bits & 1 != 0, let owned = tape.ownedNames.last { openOwnedNames.append(owned) }
    }

    /// Records a start tag's namespace declarations and attributes; returns how many
    /// declarations, or `nil` when an attribute broke a limit (nothing is then recorded).
    private mutating func recordTables(
        namespaceCount: Int,
        namespaces: UnsafePointer<UnsafePointer<UInt8>?>?,
        attributeCount: Int,
        attributes: UnsafePointer<UnsafePointer<UInt8>?>?
    ) -> Int? {
        var recordedNamespaces = 0
        if namespaceCount > 0, let namespaces {
            for index in 0..<namespaceCount {
                let prefixBytes = namespaces[2 * index]
                let prefixStart = columns.pointee.bytes.count
                let prefixCount = prefixBytes.map { appendCString($0) } ?? -1
                let uriStart = columns.pointee.bytes.count
                let uriCount = namespaces[2 * index + 1].map { appendCString($0) } ?? 0
                columns.pointee.namespaces.append(
                    EventTape.Namespace(
                        prefixStart: prefixStart, prefixCount: prefixCount, uriStart: uriStart, uriCount: uriCount))
                recordedNamespaces += 1
            }
        }

        if attributeCount > 0, let attributes {
            let firstAttribute = columns.pointee.attributes.count
            for index in 0..<attributeCount {
                let base = 5 * index
                guard let attributeLocalName = attributes[base],
                    let attributeName = internName(attributeLocalName, attributes[base + 1], attributes[base + 2])
                else {
                    discardAttributes(from: firstAttribute, namespaces: recordedNamespaces)
                    return nil
                }
                var valueStart = columns.pointee.bytes.count
                var valueCount = 0
                if let start = attributes[base + 3], let end = attributes[base + 4] {
                    valueCount = end - start
                    guard valueCount <= limits.maxNodeLength else {
                        discardAttributes(from: firstAttribute, namespaces: recordedNamespaces)
                        fail(
                            .nodeLengthLimitExceeded,
                            "Attribute value is \(valueCount) bytes long; the limit is \(limits.maxNodeLength)")
                        return nil
                    }
                    valueStart = columns.pointee.bytes.count
                    columns.pointee.bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: valueCount))
                }
                columns.pointee.attributes.append(
                    EventTape.Attribute(name: attributeName, valueStart: valueStart, valueCount: valueCount))
            }
        }
        return recordedNamespaces
    }

    /// Takes back the tables a start tag that failed half-way had recorded, so that the tape's
    /// entries and tables stay in step.
    private mutating func discardAttributes(from firstAttribute: Int, namespaces count: Int) {
        columns.pointee.attributes.removeLast(from: firstAttribute)
        columns.pointee.namespaces.removeLast(from: columns.pointee.namespaces.count - count)
    }

    /// Appends a NUL-terminated string's bytes to the tape; returns how many.
    private mutating func appendCString(_ string: UnsafePointer<UInt8>) -> Int {
        var end = string
        while end.pointee != 0 { end += 1 }
        let count = end - string
        columns.pointee.bytes.append(contentsOf: UnsafeBufferPointer(start: string, count: count))
        return count
    }

    mutating func endElement(
        localName: UnsafePointer<UInt8>,
        prefix: UnsafePointer<UInt8>?,
        namespaceURI: UnsafePointer<UInt8>?
    ) {
        flushPending()
        // libxml2 reports an end tag with its start tag's names, and only once they matched.
        guard let name = openNames.popLast() else {
            guard let name = internName(localName, prefix, namespaceURI) else { return }
            return columns.pointee.entries.append(EventTape.Entry(kind: .endElement, name: name))
        }
        if name.bits & 1 != 0, let owned = openOwnedNames.popLast() { tape.ownedNames.append(owned) }
        depth -= 1
        if depth == 0 { hasEndedRoot = true }
        columns.pointee.entries.append(EventTape.Entry(kind: .endElement, name: name))
    }

    @inline(__always)
    mutating func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
        if pendingKind == .cdata { flushPending() }
        if pendingKind == .none {
            pendingKind = .text
            pendingStart = columns.pointee.bytes.count
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
                pendingStart = columns.pointee.bytes.count
            }
            cdataContinuationOffset = offset.map { $0 + bytes.count }
        } else {
            if pendingKind == .cdata { flushPending() }
            if pendingKind == .none {
                pendingKind = .text
                pendingStart = columns.pointee.bytes.count
            }
        }
        guard let offset, followsCarriageReturn || bytes.contains(0x0D) else { return append(bytes) }
        if bytes.last == 0x0D { cdataCarriageReturnEnd = offset + bytes.count }
        appendNormalizingLineEnds(bytes, skippingLeadingLineFeed: followsCarriageReturn)
    }

    /// Appends `bytes` with CR LF and lone CR turned into LF.
    private mutating func appendNormalizingLineEnds(_ bytes: UnsafeBufferPointer<UInt8>, skippingLeadingLineFeed: Bool)
    {
        let before = columns.pointee.bytes.count
        var index = skippingLeadingLineFeed && bytes.first == 0x0A ? 1 : 0
        var runStart = index
        while index < bytes.count {
            if bytes[index] == 0x0D {
                columns.pointee.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                columns.pointee.bytes.append(0x0A as UInt8)
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                runStart = index + 1
            }
            index += 1
        }
        columns.pointee.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        checkPendingLength(added: columns.pointee.bytes.count - before)
    }

    mutating func comment(_ text: UnsafePointer<UInt8>) {
        flushPending()
        sawMarkup = true
        let start = columns.pointee.bytes.count
        let count = appendCString(text)
        guard count <= limits.maxNodeLength else {
            columns.pointee.bytes.removeLast(from: start)
            return fail(.nodeLengthLimitExceeded, "Comment is longer than the limit of \(limits.maxNodeLength) bytes")
        }
        columns.pointee.entries.append(EventTape.Entry(kind: .comment, start: start, count: count))
    }

    mutating func processingInstruction(target: UnsafePointer<UInt8>, data: UnsafePointer<UInt8>?) {
        flushPending()
        sawMarkup = true
        let start = columns.pointee.bytes.count
        let targetCount = appendCString(target)
        let dataCount = data.map { appendCString($0) } ?? 0
        guard targetCount <= limits.maxNodeLength else {
            columns.pointee.bytes.removeLast(from: start)
            return fail(
                .nodeLengthLimitExceeded,
                "Processing instruction target is longer than the limit of \(limits.maxNodeLength) bytes")
        }
        guard dataCount <= limits.maxNodeLength else {
            columns.pointee.bytes.removeLast(from: start)
            return fail(
                .nodeLengthLimitExceeded,
                "Processing instruction is longer than the limit of \(limits.maxNodeLength) bytes")
        }
        columns.pointee.entries.append(
            EventTape.Entry(kind: .processingInstruction, start: start, count: targetCount, extra: UInt32(dataCount)))
    }

    mutating func endDocument() {
        flushPending()
        columns.pointee.entries.append(EventTape.Entry(kind: .endDocument))
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
    /// ends before the document does, and for one that holds no markup at all.
    ///
    /// - Parameter firstContentByte: The document's first byte that is not a byte order mark's,
    ///   whitespace or NUL, if there was one.
    func describeEarlyEnd(
        libxml2Message: String, openElement: String?, firstContentByte: UInt8?
    ) -> (XMLParsingError.Code, String) {
        if hasEndedRoot {
            return (.extraContent, libxml2Message)
        }
        if !hasStartedRoot {
            if sawMarkup {
                return (.truncated, "The document ended before its root element")
            }
            if firstContentByte == UInt8(ascii: "<") {
                return (.truncated, "The document ended before its first tag was complete")
            }
            guard let byte = firstContentByte else { return (.documentEmpty, "Document is empty") }
            let found =
                (0x21...0x7E).contains(byte)
                ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
            let hint = byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") ? " (it looks like JSON, not XML)" : ""
            return (.startTagExpected, "Expected '<' to start the document, found \(found)\(hint)")
        }
        let name = openElement.map { " inside <\($0)>" } ?? ""
        let count = depth == 1 ? "1 element is" : "\(depth) elements are"
        return (.truncated, "The document ended early\(name): \(count) not closed")
    }

    /// Records the character data or CDATA section gathered so far as one entry.
    @inline(__always)
    mutating func flushPending() {
        if pendingKind != .none { flushGatheredRun() }
    }

    private mutating func flushGatheredRun() {
        switch pendingKind {
        case .none:
            return
        case .text:
            let count = pendingLength
            if count > 0, !(dropsWhitespaceOnlyText && isWhitespace(from: pendingStart)) {
                columns.pointee.entries.append(EventTape.Entry(kind: .text, start: pendingStart, count: count))
            } else {
                columns.pointee.bytes.removeLast(from: pendingStart)
            }
        case .cdata:
            columns.pointee.entries.append(EventTape.Entry(kind: .cdata, start: pendingStart, count: pendingLength))
            cdataContinuationOffset = nil
        }
        pendingKind = .none
    }

    private func isWhitespace(from start: Int) -> Bool {
        let buffer = columns.pointee.bytes.buffer
        for index in start..<buffer.count {
            let byte = buffer[index]
            guard byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D else { return false }
        }
        return true
    }

    @inline(__always)
    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        columns.pointee.bytes.append(contentsOf: bytes)
        checkPendingLength(added: bytes.count)
    }

    /// Fails once the run being gathered is longer than the node limit; its bytes are dropped,
    /// as they will never be delivered.
    @inline(__always)
    private mutating func checkPendingLength(added: Int) {
        if pendingLength > limits.maxNodeLength { refuseOverlongRun() }
    }

    private mutating func refuseOverlongRun() {
        let what = pendingKind == .cdata ? "CDATA section" : "Text"
        columns.pointee.bytes.removeLast(from: pendingStart)
        pendingKind = .none
        fail(.nodeLengthLimitExceeded, "\(what) is longer than the limit of \(limits.maxNodeLength) bytes")
    }

    @inline(__always)
    private mutating func internName(
        _ localName: UnsafePointer<UInt8>,
        _ prefix: UnsafePointer<UInt8>?,
        _ namespaceURI: UnsafePointer<UInt8>?
    ) -> TapeName? {
        guard
            let name = names.name(
                localName: localName, prefix: prefix, namespaceURI: namespaceURI, maxLength: limits.maxNameLength,
                tape: tape)
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
