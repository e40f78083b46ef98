import Foundation

/// Parsing a big document made of records in chunks, on other cores (see ``RecordsParse``).
///
/// The single parse starts every document. While its first bytes pass, ``RecordLookout`` tells
/// whether the rest can be cut into chunks of records, and where: the single parse then parses
/// up to that boundary, stops there, and the chunks take over; their tapes reach the reader in
/// document order, as the single parse's steps did. When a chunk's parser fails, or the input
/// does, one parser takes over again from that chunk's start, framed, so that the events and the
/// error are the single parser's.
extension EventTapeFeed {
    /// Where the single parse stops for the chunks of records to take over.
    @usableFromInline
    struct RecordsSwitch {
        let frame: DocumentFrame
        let boundary: RecordSplitter.Boundary
        let splitter: RecordSplitter
        /// How many chunks are parsed at once.
        let workerCount: Int
        /// The bytes of the chunk at hand after the boundary that the splitter has scanned
        /// (there is no boundary among them).
        let remainder: [UInt8]
        /// The chunk's bytes after those, which the splitter has not scanned.
        let carry: Data.SubSequence
    }

    /// Shows `chunk` to the lookout; the part of it the single parse is to parse (`nil` for
    /// none).
    @usableFromInline
    mutating func look(at chunk: InputChunk<Source.Element>) -> InputChunk<Source.Element>? {
        var decision = RecordLookout.Decision.stay
        chunk.withUnsafeBytes { bytes in decision = stages?.lookout?.look(at: bytes) ?? .stay }
        switch decision {
        case .watch:
            return chunk
        case .stay:
            stages?.lookout = nil
            return chunk
        case .switchAt(let cut, let scanned, let frame, let boundary):
            let workerCount = options.parallelism.workerCount(decompressing: stages?.input.isDecompressing ?? false)
            guard workerCount > 1, let splitter = stages?.lookout?.handedOverSplitter else {
                stages?.lookout = nil
                return chunk
            }
            stages?.lookout = nil
            let (head, remainder) = chunk.withUnsafeBytes { bytes in
                (Data(bytes[..<cut]), [UInt8](bytes[cut..<scanned]))
            }
            let carry = RecordsParse.rest(of: chunk, after: scanned)
            stages?.recordsSwitch = RecordsSwitch(
                frame: frame, boundary: boundary, splitter: splitter, workerCount: workerCount, remainder: remainder,
                carry: carry)
            return head.isEmpty ? nil : .data(head)
        }
    }

    /// The single parse has parsed the bytes up to the switch's boundary: it parses those it
    /// holds back, and the chunks of records take over from where libxml2 ended; unless libxml2
    /// did not end at the boundary (the splitter misread the document), when the single parse
    /// goes on.
    ///
    /// A single parse that took over from the chunks for a long record is framed: its position
    /// is placed in the document before it is compared with the boundary's.
    @usableFromInline
    mutating func switchToRecords(_ recordsSwitch: RecordsSwitch, appending: Bool) {
        stages?.recordsSwitch = nil
        // Where the single parse's next step was to end, before the flush ends one here.
        let nextStepEnd = stages?.parse.driver.nextStepEnd ?? 0
        if let error = framed(stages?.parse.flush(appending: appending), appending) { return fail(parsing: error) }
        guard var position = stages?.parse.driver.position else { return }
        if let shift = stages?.framing?.shift {
            position = shift.apply(line: position.line, column: position.column, byteOffset: position.byteOffset)
        }
        guard position.byteOffset == recordsSwitch.boundary.offset else {
            let rest = Data(recordsSwitch.remainder) + recordsSwitch.carry
            if let error = framed(stages?.parse.take(.data(rest), appending: true), true) {
                fail(parsing: error)
            }
            return
        }
        stages?.framing = nil
        let options = options
        let work = stages?.work
        stages?.records = RecordsParse(
            frame: recordsSwitch.frame, boundary: recordsSwitch.boundary, column: position.column,
            nextStepEnd: nextStepEnd, splitter: recordsSwitch.splitter, remainder: recordsSwitch.remainder,
            carry: recordsSwitch.carry, options: options, workerCount: recordsSwitch.workerCount, work: work)
    }

    /// Hands the next chunk of records' tape to the reader; at the end of the chunks, ends the
    /// document; when a single parse takes over, starts it.
    @usableFromInline
    nonisolated(nonsending) mutating func readRecords(appending: Bool) async {
        let outcome: RecordsParse.Outcome
        do {
            outcome = try await stages?.nextRecords() ?? .end
        } catch {
            return cancel()
        }
        switch outcome {
        case .chunk(let parse):
            var read = parse.tape
            swap(&tape, &read)
            // The last chunk's tape goes back to the workers when nothing but this feed held it.
            if isKnownUniquelyReferenced(&read) { stages?.records?.recycle(read) }
        case .end:
            if !appending { discardTape() }
            end(with: nil)
        case .handover(let handover):
            takeOver(handover, appending: appending)
        }
    }

    /// Starts a single parse, framed, from the chunk `handover` names.
    mutating func takeOver(_ handover: RecordsParse.Handover, appending: Bool) {
        guard let frame = stages?.records?.frame else { return end(with: nil) }
        let parse = ParseStage<Source.Element>(options: options)
        parse.driver.alignSteps(
            toDocumentOffset: handover.shift.offset - frame.prefix.count, nextStepEnd: handover.nextStepEnd)
        tape = parse.driver.tape
        stages?.records = nil
        stages?.parse = parse
        stages?.framing = SequentialFraming(shift: handover.shift)
        stages?.inputFailure = handover.inputFailure
        if let splitter = handover.rejoin {
            let lookout = RecordLookout(
                rejoining: splitter, at: handover.shift.offset + handover.bytes.count, frame: frame, options: options)
            stages?.lookout = lookout
        }
        if let error = framed(stages?.parse.take(.data(Data(frame.prefix + handover.bytes)), appending: false), false) {
            fail(parsing: error)
        }
    }
}
