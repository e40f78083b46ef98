internal import CTapeRecorder

/// Turns the parser's callbacks into the entries of an ``EventTape``, and enforces
/// ``XMLParsingLimits``.
///
/// libxml2 reports character data in pieces (every 300 bytes, at each reference, at step edges);
/// the recorder gathers them in the tape's byte buffer and records one text entry per run between
/// two pieces of markup, so every reader sees whole text.
///
/// The callbacks that run for nearly every event (start and end tags, character data) are C, in
/// the `CTapeRecorder` module: they write the same rows into the same columns, through the
/// state this recorder shares with them (``shared``), and come back here for whatever is rare or
/// needs a string (a name seen for the first time, a broken limit). The rest of the callbacks
/// record here.
struct TapeRecorder {
    /// Where the events are recorded: the driver's tape, refilled by every parse call.
    let tape: EventTape
    /// The tape's columns, written through this pointer (the tape keeps them alive).
    private let columns: UnsafeMutablePointer<EventTape.Columns>
    /// The state the C callbacks share with this recorder: the run being gathered, the open
    /// elements, the depth, the name cache in front of ``names``. `ctxt->_private` points to it.
    let shared: UnsafeMutablePointer<xmlevents_recorder>
    var depth: Int { shared.pointee.depth }
    var hasStartedRoot: Bool { shared.pointee.has_started_root }
    var hasEndedRoot: Bool { shared.pointee.has_ended_root }
    /// Where a broken limit fails the document.
    private let status: ParseStatus
    /// Whether anything but the start of the document was reported: a document of nothing but
    /// whitespace is empty, one with a comment and no root is cut short.
    private var sawMarkup = false

    /// Where a CDATA piece that ended with a carriage return ended: a line feed starting the next
    /// piece there is the second half of the same line end.
    private var cdataCarriageReturnEnd: Int?
    private var names: NameCache
    /// The owned names of the open elements, innermost last, which the end tags record again.
    private var openOwnedNames: [XMLName] = []
    private let limits: XMLParsingLimits
    private let reportsCDATA: Bool
    private let rejectsSkippedEntities: Bool

    init(
        tape: EventTape, options: XMLParsingOptions, status: ParseStatus,
        isInterned: @escaping (UnsafeRawPointer) -> Bool
    ) {
        precondition(TapeRecorder.layoutMatchesC, "The tape's rows are not laid out as the C recorder writes them")
        self.tape = tape
        self.status = status
        columns = tape.columns
        limits = options.limits
        reportsCDATA = options.reportsCDATA
        rejectsSkippedEntities = options.rejectsSkippedEntities
        names = NameCache(isInterned: isInterned)
        shared = xmlevents_recorder_create()
        shared.pointee.columns = UnsafeMutableRawPointer(tape.columns).assumingMemoryBound(to: xmlevents_columns.self)
        shared.pointee.max_depth = limits.maxDepth
        shared.pointee.max_attributes_per_element = limits.maxAttributesPerElement
        shared.pointee.max_node_length = limits.maxNodeLength
        shared.pointee.amplification_allowance = limits.entityExpansionAllowance
        shared.pointee.amplification_ratio = limits.maxEntityExpansionRatio
        shared.pointee.drops_whitespace_only_text = options.dropsWhitespaceOnlyText
        shared.pointee.locates_every_event = options.locatesEveryEvent
        shared.pointee.locates_tag_starts = options.locatesTagStarts
    }

    /// Tells the C callbacks whether the document's encoding writes ASCII in single bytes, as
    /// the mark or the first bytes show (see `locates_tag_starts`).
    func noteCodeUnits(of mark: ByteOrderMark) {
        switch mark {
        case .utf8, .none: shared.pointee.ascii_in_single_bytes = true
        case .utf16BigEndian, .utf16LittleEndian, .missing: shared.pointee.ascii_in_single_bytes = false
        }
    }

    /// Frees the state shared with the C callbacks; the recorder is not used after.
    func deallocate() {
        xmlevents_recorder_free(shared)
    }

    /// Whether the Swift rows of the tape have the layout of the C rows the C callbacks write:
    /// the same strides, and every field at the same offset.
    static let layoutMatchesC: Bool = {
        typealias Entry = EventTape.Entry
        typealias Attribute = EventTape.Attribute
        typealias Namespace = EventTape.Namespace
        typealias Location = EventTape.Location
        typealias Columns = EventTape.Columns
        typealias Column = TapeColumn<UInt8>
        func strides<Swift, C>(_: Swift.Type, _: C.Type) -> Bool {
            MemoryLayout<Swift>.stride == MemoryLayout<C>.stride && MemoryLayout<Swift>.size <= MemoryLayout<C>.stride
        }
        // Each pair: a Swift field's offset, and its C twin's.
        let offsets: [(Int?, Int?)] = [
            (MemoryLayout<Entry>.offset(of: \.name), MemoryLayout<xmlevents_entry>.offset(of: \.name)),
            (MemoryLayout<Entry>.offset(of: \.start), MemoryLayout<xmlevents_entry>.offset(of: \.start)),
            (MemoryLayout<Entry>.offset(of: \.count), MemoryLayout<xmlevents_entry>.offset(of: \.count)),
            (MemoryLayout<Entry>.offset(of: \.extra), MemoryLayout<xmlevents_entry>.offset(of: \.extra)),
            (MemoryLayout<Entry>.offset(of: \.kind), MemoryLayout<xmlevents_entry>.offset(of: \.kind)),
            (MemoryLayout<Attribute>.offset(of: \.name), MemoryLayout<xmlevents_attribute>.offset(of: \.name)),
            (
                MemoryLayout<Attribute>.offset(of: \.valueStart),
                MemoryLayout<xmlevents_attribute>.offset(of: \.value_start)
            ),
            (
                MemoryLayout<Attribute>.offset(of: \.valueCount),
                MemoryLayout<xmlevents_attribute>.offset(of: \.value_count)
            ),
            (
                MemoryLayout<Namespace>.offset(of: \.prefixStart),
                MemoryLayout<xmlevents_namespace>.offset(of: \.prefix_start)
            ),
            (
                MemoryLayout<Namespace>.offset(of: \.prefixCount),
                MemoryLayout<xmlevents_namespace>.offset(of: \.prefix_count)
            ),
            (MemoryLayout<Namespace>.offset(of: \.uriStart), MemoryLayout<xmlevents_namespace>.offset(of: \.uri_start)),
            (MemoryLayout<Namespace>.offset(of: \.uriCount), MemoryLayout<xmlevents_namespace>.offset(of: \.uri_count)),
            (MemoryLayout<Location>.offset(of: \.line), MemoryLayout<xmlevents_location>.offset(of: \.line)),
            (MemoryLayout<Location>.offset(of: \.column), MemoryLayout<xmlevents_location>.offset(of: \.column)),
            (
                MemoryLayout<Location>.offset(of: \.byteOffset),
                MemoryLayout<xmlevents_location>.offset(of: \.byte_offset)
            ),
            (MemoryLayout<Column>.offset(of: \.base), MemoryLayout<xmlevents_column>.offset(of: \.base)),
            (MemoryLayout<Column>.offset(of: \.count), MemoryLayout<xmlevents_column>.offset(of: \.count)),
            (MemoryLayout<Column>.offset(of: \.capacity), MemoryLayout<xmlevents_column>.offset(of: \.capacity)),
            (MemoryLayout<Columns>.offset(of: \.entries), MemoryLayout<xmlevents_columns>.offset(of: \.entries)),
            (MemoryLayout<Columns>.offset(of: \.attributes), MemoryLayout<xmlevents_columns>.offset(of: \.attributes)),
            (MemoryLayout<Columns>.offset(of: \.namespaces), MemoryLayout<xmlevents_columns>.offset(of: \.namespaces)),
            (MemoryLayout<Columns>.offset(of: \.locations), MemoryLayout<xmlevents_columns>.offset(of: \.locations)),
            (MemoryLayout<Columns>.offset(of: \.bytes), MemoryLayout<xmlevents_columns>.offset(of: \.bytes)),
            (
                MemoryLayout<Columns>.offset(of: \.eventLocations),
                MemoryLayout<xmlevents_columns>.offset(of: \.event_locations)
            ),
            (MemoryLayout<Columns>.offset(of: \.tagStarts), MemoryLayout<xmlevents_columns>.offset(of: \.tag_starts)),
        ]
        // A kind is stored as its case index; the C side writes the raw values.
        let kinds: [EventTape.Kind] = [.startElement, .endElement, .text, .cdata]
        let cKinds = [
            XMLEVENTS_ENTRY_START_ELEMENT, XMLEVENTS_ENTRY_END_ELEMENT, XMLEVENTS_ENTRY_TEXT, XMLEVENTS_ENTRY_CDATA,
        ]
        return strides(Entry.self, xmlevents_entry.self) && strides(Attribute.self, xmlevents_attribute.self)
            && strides(Namespace.self, xmlevents_namespace.self) && strides(Location.self, xmlevents_location.self)
            && strides(Column.self, xmlevents_column.self) && strides(Columns.self, xmlevents_columns.self)
            && MemoryLayout<TapeName>.size == MemoryLayout<UInt>.size && MemoryLayout<EventTape.Kind>.size == 1
            && offsets.allSatisfy { swift, c in swift != nil && swift == c }
            && zip(kinds, cKinds).allSatisfy { kind, raw in
                withUnsafeBytes(of: kind) { $0[0] } == UInt8(raw) && kind.rawValue == UInt8(raw)
            }
    }()

    /// Empties the tape for a new parse call (its reader is done with it), but for the bytes of
    /// a run still being gathered.
    mutating func rewindTape() {
        let pending = pendingKind != Self.pendingNone
        tape.removeAll(keepingBytesFrom: pending ? shared.pointee.pending_start : columns.pointee.bytes.count)
        shared.pointee.pending_start = 0
    }

    /// Starts a new step for the amplification allowance, whether or not the tape was rewound
    /// (a batch of steps keeps their events on one tape; each is a step all the same).
    func beginStep() {
        xmlevents_recorder_begin_step(shared)
    }

    /// The byte count of the run being gathered.
    private var pendingLength: Int {
        pendingKind == Self.pendingNone ? 0 : columns.pointee.bytes.count - shared.pointee.pending_start
    }

    private var pendingKind: UInt8 {
        get { shared.pointee.pending_kind }
        nonmutating set { shared.pointee.pending_kind = newValue }
    }

    private static let pendingNone = UInt8(XMLEVENTS_PENDING_NONE)
    private static let pendingText = UInt8(XMLEVENTS_PENDING_TEXT)
    private static let pendingCDATA = UInt8(XMLEVENTS_PENDING_CDATA)

    mutating func startDocument(version: String?, encoding: String?, standalone: Bool?) {
        tape.prologs.append(EventTape.Prolog(version: version, encoding: encoding, standalone: standalone))
        record(EventTape.Entry(kind: .startDocument, start: tape.prologs.count - 1))
    }

    mutating func doctype(name: String, publicID: String?, systemID: String?) {
        flushPending()
        sawMarkup = true
        tape.doctypes.append(EventTape.Doctype(name: name, publicID: publicID, systemID: systemID))
        record(EventTape.Entry(kind: .doctype, start: tape.doctypes.count - 1))
    }

    /// The tape name for libxml2's strings of an element or attribute name that the C
    /// callbacks' cache did not hold, or `nil` once a limit was broken; `cacheable` says whether
    /// the C cache may keep it (an interned name, from addresses that stay valid).
    mutating func resolveName(
        localName: UnsafePointer<UInt8>,
        prefix: UnsafePointer<UInt8>?,
        namespaceURI: UnsafePointer<UInt8>?,
        cacheable: inout Bool
    ) -> TapeName? {
        guard let name = internName(localName, prefix, namespaceURI) else { return nil }
        cacheable =
            name.bits & 1 == 0 && names.ownsAddresses(localName: localName, prefix: prefix, namespaceURI: namespaceURI)
        return name
    }

    /// An element whose name is owned was opened: its end tag records the name again, so the
    /// name is kept until then.
    mutating func ownedNameOpened(_ name: TapeName) {
        if let owned = tape.ownedNames.last(where: { TapeName.ownedBits(of: $0) == name.bits }) {
            openOwnedNames.append(owned)
        }
    }

    /// The innermost open element, whose name is owned, was closed: its end entry refers to the
    /// name, which the tape now keeps alive.
    mutating func ownedNameClosed() {
        if let owned = openOwnedNames.popLast() { tape.ownedNames.append(owned) }
    }

    /// A limit the C callbacks found broken.
    func noteViolation(_ violation: xmlevents_violation, value: Int) {
        switch violation {
        case XMLEVENTS_VIOLATION_DEPTH:
            fail(.depthLimitExceeded, "elements nest deeper than the limit of \(limits.maxDepth)")
        case XMLEVENTS_VIOLATION_ATTRIBUTE_COUNT:
            fail(
                .attributeLimitExceeded,
                "an element has \(value) attributes; the limit is \(limits.maxAttributesPerElement)")
        case XMLEVENTS_VIOLATION_ATTRIBUTE_VALUE_LENGTH:
            fail(
                .nodeLengthLimitExceeded,
                "an attribute value is \(value) bytes long; the limit is \(limits.maxNodeLength)")
        case XMLEVENTS_VIOLATION_ATTRIBUTE_DEFAULTS:
            fail(
                .attributeDefaultsLimitExceeded,
                "attribute defaults from the DTD, with entity references, add more than \(value) bytes; "
                    + "the limit is \(amplificationLimit(of: "the document"))")
        case XMLEVENTS_VIOLATION_ATTRIBUTE_DEFAULTS_IN_STEP:
            fail(
                .attributeDefaultsLimitExceeded,
                "attribute defaults from the DTD, with entity references, add more than \(value) bytes "
                    + "in one step of the document; the limit is \(amplificationLimit(of: "the bytes of the step"))")
        case XMLEVENTS_VIOLATION_CDATA_LENGTH:
            fail(.nodeLengthLimitExceeded, "a CDATA section is longer than the limit of \(limits.maxNodeLength) bytes")
        default:
            fail(.nodeLengthLimitExceeded, "a run of text is longer than the limit of \(limits.maxNodeLength) bytes")
        }
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
    ///
    /// A piece that is not well-formed UTF-8 fails the document, as the same bytes in text do:
    /// libxml2's push parser lets overlong forms through in CDATA (see ``ParsedUTF8``).
    mutating func cdata(_ bytes: UnsafeBufferPointer<UInt8>, offset: Int?) {
        if let malformed = ParsedUTF8.firstMalformedSequence(in: bytes) {
            return failMalformedCDATA(bytes, at: malformed, offset: offset)
        }
        let followsCarriageReturn = offset != nil && offset == cdataCarriageReturnEnd
        cdataCarriageReturnEnd = nil
        let continuation = shared.pointee.cdata_continuation_offset
        let continues = reportsCDATA && pendingKind == Self.pendingCDATA && offset != nil && offset == continuation
        if reportsCDATA {
            if !continues { flushPending() }
            if pendingKind == Self.pendingNone {
                pendingKind = Self.pendingCDATA
                startRun()
            }
            shared.pointee.cdata_continuation_offset = offset.map { $0 + bytes.count } ?? -1
        } else {
            if pendingKind == Self.pendingCDATA { flushPending() }
            if pendingKind == Self.pendingNone {
                pendingKind = Self.pendingText
                startRun()
            }
        }
        guard let offset, followsCarriageReturn || bytes.contains(0x0D) else { return append(bytes) }
        if bytes.last == 0x0D { cdataCarriageReturnEnd = offset + bytes.count }
        appendNormalizingLineEnds(bytes, skippingLeadingLineFeed: followsCarriageReturn)
    }

    /// Starts a run at the end of the bytes, located where its first piece was reported.
    private func startRun() {
        shared.pointee.pending_start = columns.pointee.bytes.count
        if shared.pointee.locates_every_event { xmlevents_recorder_locate_run(shared) }
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
            return fail(.nodeLengthLimitExceeded, "a comment is longer than the limit of \(limits.maxNodeLength) bytes")
        }
        record(EventTape.Entry(kind: .comment, start: start, count: count))
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
                "a processing instruction's target is longer than the limit of \(limits.maxNodeLength) bytes")
        }
        guard dataCount <= limits.maxNodeLength else {
            columns.pointee.bytes.removeLast(from: start)
            return fail(
                .nodeLengthLimitExceeded,
                "a processing instruction is longer than the limit of \(limits.maxNodeLength) bytes")
        }
        record(
            EventTape.Entry(kind: .processingInstruction, start: start, count: targetCount, extra: UInt32(dataCount)))
    }

    mutating func endDocument() {
        flushPending()
        record(EventTape.Entry(kind: .endDocument))
    }

    /// Why libxml2 left a reference to an entity in content unreplaced.
    enum EntitySkip {
        /// An external entity that was not loaded: there is no resolver, or it returned `nil`.
        case notLoaded(resolverIsSet: Bool)
        /// An entity that is not declared, in a document whose external subset or parameter
        /// entities, which may declare it, were not read (libxml2 only warns there).
        case undeclared
    }

    /// A reference to an entity in content that libxml2 did not replace: recorded where it stood
    /// (the text before it ends there), or the document fails with
    /// ``XMLParsingOptions/rejectsSkippedEntities``.
    mutating func skippedEntity(_ name: UnsafePointer<UInt8>, because reason: EntitySkip) {
        flushPending()
        let start = columns.pointee.bytes.count
        let count = appendCString(name)
        guard count <= limits.maxNameLength, !rejectsSkippedEntities else {
            columns.pointee.bytes.removeLast(from: start)
            guard count <= limits.maxNameLength else {
                return fail(
                    .nameLengthLimitExceeded, "a name is longer than the limit of \(limits.maxNameLength) bytes")
            }
            return fail(.skippedEntity, Self.describeSkip(of: String(cString: name), reason))
        }
        record(EventTape.Entry(kind: .skippedEntity, start: start, count: count))
    }

    /// Why the entity `name` was skipped, for the error that reports it.
    static func describeSkip(of name: String, _ reason: EntitySkip) -> String {
        switch reason {
        case .notLoaded(let resolverIsSet):
            let why =
                resolverIsSet
                ? "the external entity resolver did not load it"
                : "it is an external entity, and no externalEntityResolver is set to load it"
            return "the entity '\(name)' was not replaced: \(why)"
        case .undeclared:
            return "the entity '\(name)' was not replaced: \(undeclaredReason)"
        }
    }

    /// Why an entity that is not declared is skipped rather than an error.
    static let undeclaredReason =
        "it is not declared, and its declaration may be in the external DTD subset or a parameter entity, "
        + "which were not read"

    /// Charges the replacement text an entity reference is about to produce to the
    /// amplification allowance.
    mutating func noteEntityExpansion(name: String, length: Int) {
        var allowed = 0
        switch xmlevents_recorder_charge_amplification(shared, Swift.max(length, 1), &allowed) {
        case XMLEVENTS_AMPLIFICATION_DOCUMENT:
            fail(
                .entityExpansionLimitExceeded,
                "entity references expand to more than \(allowed) bytes (at '\(name)'); "
                    + "the limit is \(amplificationLimit(of: "the document"))")
        case XMLEVENTS_AMPLIFICATION_STEP:
            fail(
                .entityExpansionLimitExceeded,
                "entity references expand to more than \(allowed) bytes in one step of the document "
                    + "(at '\(name)'); the limit is \(amplificationLimit(of: "the bytes of the step"))")
        default:
            break
        }
    }

    /// How the amplification allowance is bounded, for `part` (the document or the step).
    private func amplificationLimit(of part: String) -> String {
        "\(limits.entityExpansionAllowance) bytes plus \(limits.maxEntityExpansionRatio) times \(part)"
    }

    /// Explains libxml2's "extra content at the end" report, which it also gives for an input that
    /// ends before the document does, and for one that holds no markup at all.
    ///
    /// - Parameter firstContentByte: The document's first byte that is not a byte order mark's,
    ///   whitespace or NUL, if there was one.
    func describeEarlyEnd(libxml2Message: String, firstContentByte: UInt8?) -> (XMLParsingError.Code, String) {
        if hasEndedRoot {
            return (.extraContent, libxml2Message)
        }
        if !hasStartedRoot, !sawMarkup, firstContentByte != UInt8(ascii: "<") {
            guard let byte = firstContentByte else { return (.documentEmpty, "the document is empty") }
            let found =
                (0x21...0x7E).contains(byte)
                ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
            let hint = byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") ? " (it looks like JSON, not XML)" : ""
            return (.startTagExpected, "expected '<' to start the document, found \(found)\(hint)")
        }
        return (.truncated, whereTheDocumentEnded)
    }

    /// One of libxml2's own size checks in its standard mode (see ``SAXCallbacks``).
    enum SizeRefusal {
        /// A name longer than 50,000 bytes.
        case name
        /// A construct libxml2 reads whole that is longer than it reads ahead: 10,000,000 bytes,
        /// its markup and what libxml2 holds before it in its buffer included.
        case construct
    }

    /// The package's report of one of libxml2's own size refusals, with libxml2's message as the
    /// detail.
    func describeSizeRefusal(_ refusal: SizeRefusal, libxml2Message: String) -> (XMLParsingError.Code, String) {
        switch refusal {
        case .name:
            return (
                .nameLengthLimitExceeded,
                "a name is longer than the limit of \(limits.maxNameLength) bytes (\(libxml2Message))"
            )
        case .construct:
            return (
                .nodeLengthLimitExceeded,
                "a comment, processing instruction, CDATA section or start tag is longer than the "
                    + "10000000 bytes libxml2 reads ahead with limits up to the standard ones; "
                    + "the limit is \(limits.maxNodeLength) bytes (\(libxml2Message))"
            )
        }
    }

    /// Explains an error libxml2 raised because the input ended inside a construct: where the
    /// document ended, and libxml2's report.
    func describeTruncation(libxml2Message: String) -> String {
        "\(whereTheDocumentEnded) (\(libxml2Message))"
    }

    /// Where an input that ended early left the document: before its first tag was complete,
    /// before its root element, inside it (the innermost open element, and how many are open),
    /// or after it.
    private var whereTheDocumentEnded: String {
        if hasEndedRoot { return "the document ended early, after its root element" }
        if !hasStartedRoot {
            return sawMarkup
                ? "the document ended before its root element" : "the document ended before its first tag was complete"
        }
        let name = innermostOpenElement.map { " inside <\($0)>" } ?? ""
        let count = depth == 1 ? "1 element is" : "\(depth) elements are"
        return "the document ended early\(name): \(count) not closed"
    }

    /// The name of the innermost element the recorder has opened and not closed, as written.
    private var innermostOpenElement: String? {
        let open = shared.pointee.open_names
        guard open.count > 0, let base = open.base else { return nil }
        return TapeName(bits: base.assumingMemoryBound(to: UInt.self)[open.count - 1]).name.qualifiedName
    }

    /// Appends an entry of the kinds this recorder records (the C callbacks append the others),
    /// with its row in the event locations when every event is located.
    private mutating func record(_ entry: EventTape.Entry) {
        columns.pointee.entries.append(entry)
        if shared.pointee.locates_every_event { xmlevents_recorder_locate_entry(shared) }
    }

    /// Records the character data or CDATA section gathered so far as one entry.
    @inline(__always)
    func flushPending() {
        if pendingKind != Self.pendingNone { xmlevents_recorder_flush(shared) }
    }

    /// Appends a NUL-terminated string's bytes to the tape; returns how many.
    private mutating func appendCString(_ string: UnsafePointer<UInt8>) -> Int {
        var end = string
        while end.pointee != 0 { end += 1 }
        let count = end - string
        columns.pointee.bytes.append(contentsOf: UnsafeBufferPointer(start: string, count: count))
        return count
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

    /// What the C callbacks do for an over-long text run (they cannot call back into this
    /// recorder while it runs), with the same report.
    private mutating func refuseOverlongRun() {
        let violation =
            pendingKind == Self.pendingCDATA ? XMLEVENTS_VIOLATION_CDATA_LENGTH : XMLEVENTS_VIOLATION_TEXT_LENGTH
        columns.pointee.bytes.removeLast(from: shared.pointee.pending_start)
        pendingKind = Self.pendingNone
        noteViolation(violation, value: limits.maxNodeLength)
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
            fail(.nameLengthLimitExceeded, "a name is longer than the limit of \(limits.maxNameLength) bytes")
            return nil
        }
        return name
    }

    /// Fails the document at the malformed sequence `index` bytes into a CDATA piece. A piece
    /// read from the document (`offset` known) starts where libxml2 is, which counts columns in
    /// bytes there; elsewhere the error is where libxml2 is.
    private func failMalformedCDATA(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, offset: Int?) {
        guard !status.hasFailed else { return }
        let lead = bytes[index]
        let announced = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        let sequence = bytes[index..<min(index + announced, bytes.count)].map {
            "0x" + String($0, radix: 16, uppercase: true)
        }
        let message =
            "the input is not valid UTF-8: a CDATA section holds the bytes \(sequence.joined(separator: " ")), "
            + "not a well-formed sequence"
        guard offset != nil, let context = shared.pointee.main_context else {
            return status.fail(.invalidCharacter, message)
        }
        var location = xmlevents_location()
        xmlevents_document_position(context, &location)
        var (line, column) = (location.line, location.column)
        for byte in bytes[..<index] {
            if byte == 0x0A { (line, column) = (line + 1, 1) } else { column += 1 }
        }
        status.fail(.invalidCharacter, message, at: (line, column))
        guard var error = status.error else { return }
        error.byteOffset = location.byte_offset + index
        status.revise(error)
    }

    /// Fails the document for a broken limit, where libxml2 is.
    private func fail(_ code: XMLParsingError.Code, _ message: String) {
        status.fail(code, message)
    }
}
