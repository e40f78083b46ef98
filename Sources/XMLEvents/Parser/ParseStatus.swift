import CLibXML2
internal import CTapeRecorder

/// Whether a document is still being parsed, has ended, or failed, and where: the one record of
/// it.
///
/// The ``ParseDriver`` owns it: it reads it after every step and ends the document. While
/// libxml2 parses a step, whatever fails the document fails it here, through
/// ``fail(_:_:at:inputIsStable:)``: libxml2's reports and the package's own checks (through the
/// ``ParserSession``), and the limits the ``TapeRecorder`` enforces, the C callbacks' included.
/// The first failure wins.
///
/// The C callbacks cannot read a Swift enum, so `xmlevents_recorder.failed` mirrors whether the
/// document failed; this class alone writes it, whenever the document fails.
///
/// Not thread-safe and not `Sendable`: it belongs to one driver, which one task at a time owns.
final class ParseStatus {
    enum State {
        case parsing
        case failed(XMLParsingError)
        case finished
    }

    // Read after every step and by the rarer callbacks; no two accesses can overlap (one task,
    // no reentrance), so the run-time exclusivity checks are left out.
    @exclusivity(unchecked) private(set) var state = State.parsing

    /// The document's parser context and the C recorder state, for the position of a failure,
    /// the mirror, and halting libxml2: set once the context exists, cleared when it is freed.
    private var mainContext: xmlParserCtxtPtr?
    private var recorder: UnsafeMutablePointer<xmlevents_recorder>?

    /// Whether the error's position waits for libxml2 to return (see
    /// ``fail(_:_:at:inputIsStable:)``).
    private var positionIsPending = false

    /// The error that ended the document, if one did.
    var error: XMLParsingError? {
        if case .failed(let error) = state { return error }
        return nil
    }

    var hasFailed: Bool {
        if case .failed = state { return true }
        return false
    }

    /// Connects the status to the parser context whose failures it records.
    func attach(mainContext: xmlParserCtxtPtr, recorder: UnsafeMutablePointer<xmlevents_recorder>) {
        self.mainContext = mainContext
        self.recorder = recorder
    }

    /// Forgets the parser context, which is being freed.
    func detach() {
        mainContext = nil
        recorder = nil
    }

    /// Fails the document, unless it failed already: records the character data gathered so far
    /// (it comes before the error), the error, where libxml2 is (unless `given`), and makes
    /// libxml2 stop at its next step. The input buffers are not freed here (this runs inside
    /// libxml2's call stack); the driver halts the parser for good once `xmlParseChunk` returns.
    ///
    /// With `inputIsStable` false (a report from libxml2's encoding layer, which can run while
    /// libxml2 refills the input buffer and the input's pointers still point into the buffer it
    /// just reallocated), the position is left for ``resolvePendingPosition()``: reading it now
    /// would read freed memory.
    func fail(
        _ code: XMLParsingError.Code, _ message: String, at given: (line: Int, column: Int)? = nil,
        inputIsStable: Bool = true
    ) {
        guard case .parsing = state, let mainContext, let recorder else { return }
        if recorder.pointee.pending_kind != UInt8(XMLEVENTS_PENDING_NONE) { xmlevents_recorder_flush(recorder) }
        let here = inputIsStable ? mainContext.documentPosition : (line: 0, column: 0, byteOffset: 0)
        state = .failed(
            XMLParsingError(
                code: code,
                message: message,
                line: given?.line ?? here.line,
                column: given?.column ?? here.column,
                byteOffset: here.byteOffset
            ))
        recorder.pointee.failed = true
        positionIsPending = !inputIsStable
        ParserSession.softHalt(mainContext)
    }

    /// Fills in the error's position once `xmlParseChunk` has returned and libxml2 has set the
    /// input's pointers right again.
    func resolvePendingPosition() {
        guard positionIsPending, var error, let mainContext else { return }
        let here = mainContext.documentPosition
        (error.line, error.column, error.byteOffset) = (here.line, here.column, here.byteOffset)
        state = .failed(error)
        positionIsPending = false
    }

    /// Replaces the error that ended the document with a better account of the same failure
    /// (its code or message, where it really is).
    func revise(_ error: XMLParsingError) {
        guard hasFailed else { return }
        state = .failed(error)
    }

    /// Ends the document without libxml2: its context could not be made, or it was parsed after
    /// it had finished.
    func refuse(_ error: XMLParsingError) {
        state = .failed(error)
        recorder?.pointee.failed = true
    }

    /// The document ended whole.
    func finish() {
        guard case .parsing = state else { return }
        state = .finished
    }
}
