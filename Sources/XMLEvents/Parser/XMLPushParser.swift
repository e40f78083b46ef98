import Foundation

/// A push parser: feed it the bytes of one document in chunks, get back the events each chunk
/// completes.
///
/// The parser owns one libxml2 push parser context, which never leaves the actor and is freed
/// when the parser is.
///
/// ```swift
/// let parser = XMLPushParser()
/// for try await chunk in chunks {
///     for event in try await parser.feed(chunk) { handle(event) }
/// }
/// for event in try await parser.finish() { handle(event) }
/// ```
///
/// Events come out whole and in order whatever the chunk boundaries: a text run split across
/// chunks is delivered once, when the markup after it arrives.
///
/// When a chunk holds an error, ``feed(_:)`` first returns the events completed before the error
/// point; the next call to ``feed(_:)`` or ``finish()`` throws the error. A call with no events
/// to return throws at once.
public actor XMLPushParser {
    private enum State {
        case parsing(LibXML2PushContext)
        case failed(XMLParsingError)
        case finished
    }

    private var state: State
    /// An error whose events were returned first, to be thrown by the next call.
    private var pendingError: XMLParsingError?

    /// Creates a parser for one document.
    public init(options: XMLParsingOptions = .default) {
        if let context = LibXML2PushContext(options: options) {
            state = .parsing(context)
        } else {
            state = .failed(
                XMLParsingError(
                    code: .internalError, message: "libxml2 could not create a parser context",
                    line: 0, column: 0, byteOffset: 0))
        }
    }

    /// Parses the next chunk of the document and returns the events it completed.
    ///
    /// - Parameter chunk: The next bytes of the document, in the order they appear.
    /// - Returns: The events completed by this chunk; often empty for small chunks.
    /// - Throws: ``XMLParsingError`` when the document is malformed or exceeds a limit, or when it
    ///   was already finished.
    public func feed(_ chunk: some ContiguousBytes & Sendable) throws(XMLParsingError) -> [XMLEvent] {
        let step = chunk.withUnsafeBytes { parse($0, terminate: false) }
        return try deliver(step)
    }

    /// Declares the document complete and returns the remaining events, ending with
    /// ``XMLEvent/endDocument``.
    ///
    /// - Throws: ``XMLParsingError`` when the document is malformed or incomplete (truncated
    ///   input is an error, never a silent end).
    public func finish() throws(XMLParsingError) -> [XMLEvent] {
        let step = parse(UnsafeRawBufferPointer(start: nil, count: 0), terminate: true)
        return try deliver(step)
    }

    /// The events and the error, if any, of the next chunk, for callers that hand both on in one
    /// go (the ``XMLEvents`` iterator).
    func step(_ chunk: some ContiguousBytes & Sendable, terminate: Bool) -> LibXML2PushContext.Step {
        chunk.withUnsafeBytes { parse($0, terminate: terminate) }
    }

    private func parse(_ bytes: UnsafeRawBufferPointer, terminate: Bool) -> LibXML2PushContext.Step {
        if let error = pendingError {
            pendingError = nil
            return LibXML2PushContext.Step(events: [], error: error)
        }
        switch state {
        case .failed(let error):
            return LibXML2PushContext.Step(events: [], error: error)
        case .finished:
            return LibXML2PushContext.Step(
                events: [],
                error: XMLParsingError(
                    code: .parserFinished, message: "The document was already finished",
                    line: 0, column: 0, byteOffset: 0))
        case .parsing(let context):
            let step = context.parse(bytes, terminate: terminate)
            if let error = step.error {
                state = .failed(error)
            } else if terminate {
                state = .finished
            }
            return step
        }
    }

    private func deliver(_ step: LibXML2PushContext.Step) throws(XMLParsingError) -> [XMLEvent] {
        guard let error = step.error else { return step.events }
        if step.events.isEmpty { throw error }
        pendingError = error
        return step.events
    }
}
