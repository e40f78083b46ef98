import Foundation

/// A push parser: feed it the bytes of one document in chunks, get back the events each chunk
/// completes.
///
/// The parser owns one libxml2 push parser context, which never leaves the actor and is freed
/// when the parser is.
///
/// ```swift
/// let parser = XMLPushParser()
/// var events: [XMLEvent] = []
/// for try await chunk in chunks {
///     try await parser.feed(chunk, into: &events)
///     events.forEach(handle)
///     events.removeAll(keepingCapacity: true)
/// }
/// try await parser.finish(into: &events)
/// events.forEach(handle)
/// ```
///
/// Events come out whole and in order whatever the chunk boundaries: a text run split across
/// chunks is delivered once, when the markup after it arrives. The parser works through the
/// document in fixed steps of 4 KiB, so that its output (errors included) cannot depend on how
/// the bytes were split; the events of an incomplete step come out once the step is complete or
/// at ``finish(into:)``.
///
/// Once an error was thrown, every later call throws it again.
public actor XMLPushParser {
    private let driver: ParseDriver

    /// Creates a parser for one document.
    ///
    /// If libxml2 cannot allocate a parser context, the first call to a `feed` or `finish`
    /// method throws ``XMLParsingError/Code/internalError``.
    ///
    /// - Parameter options: How to parse; the defaults are safe for untrusted input.
    public init(options: XMLParsingOptions = .default) {
        driver = ParseDriver(options: options)
    }

    /// Parses the next chunk of the document and appends the events it completed to `events`.
    ///
    /// - Parameters:
    ///   - chunk: The next bytes of the document, in the order they appear.
    ///   - events: Receives the completed events; when the chunk holds an error, the events
    ///     before the error point are appended before it is thrown.
    /// - Throws: ``XMLParsingError`` when the document is malformed or exceeds a limit, or when it
    ///   was already finished.
    public func feed(_ chunk: some ContiguousBytes & Sendable, into events: inout [XMLEvent]) throws(XMLParsingError) {
        try parse(chunk, terminate: false, into: &events)
    }

    /// Declares the document complete and appends the remaining events to `events`, ending with
    /// ``XMLEvent/endDocument``.
    ///
    /// - Parameter events: Receives the remaining events; when the document is malformed or
    ///   incomplete, the events before the error point.
    /// - Throws: ``XMLParsingError`` when the document is malformed or incomplete (truncated
    ///   input is an error, never a silent end); the events before the error point are appended
    ///   first.
    public func finish(into events: inout [XMLEvent]) throws(XMLParsingError) {
        try parse([UInt8](), terminate: true, into: &events)
    }

    /// Parses `chunk` step by step, appending each step's events, then throws the document's
    /// error, if there is one.
    private func parse(
        _ chunk: some ContiguousBytes, terminate: Bool, into events: inout [XMLEvent]
    ) throws(XMLParsingError) {
        let result = chunk.withUnsafeBytes { bytes in
            Result { () throws(XMLParsingError) in
                try driver.parse(bytes, terminate: terminate) { tape in
                    var reader = EventTape.OwnedEventReader()
                    while let event = reader.next(in: tape) { events.append(event) }
                }
            }
        }
        try result.get()
    }
}
