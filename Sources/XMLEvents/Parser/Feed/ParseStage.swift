import Foundation

/// The feed's parse stage: the chunk at hand and the ``ParseDriver`` that parses it a step at a
/// time onto its tape.
///
/// It takes a chunk (``take(_:appending:)``) only when the last is parsed, and parses one step
/// per call, so that the reader reads the tape between steps, while the step's events are still
/// in the processor's cache.
@usableFromInline
struct ParseStage<Element: ContiguousBytes> {
    @usableFromInline let driver: ParseDriver
    /// The chunk being parsed, and how much of it was.
    @usableFromInline var chunk: InputChunk<Element>?
    @usableFromInline var chunkByteCount = 0
    @usableFromInline var parsedByteCount = 0

    @usableFromInline
    init(options: XMLParsingOptions) {
        driver = ParseDriver(options: options)
    }

    /// Whether the chunk at hand has bytes left to parse: the next step needs no read.
    @inlinable var hasBytesAtHand: Bool { chunk != nil }

    /// The error that ended the document, if one did.
    @inlinable var error: XMLParsingError? { driver.error }

    /// Takes `chunk` and parses its first step.
    ///
    /// - Returns: The error that ended the document in that step, if one did.
    @inlinable
    mutating func take(_ chunk: InputChunk<Element>, appending: Bool) -> XMLParsingError? {
        self.chunk = chunk
        chunkByteCount = chunk.withUnsafeBytes { $0.count }
        parsedByteCount = 0
        return parseStep(appending: appending)
    }

    /// Parses the next step of the chunk at hand.
    ///
    /// - Returns: The error that ended the document in that step, if one did.
    @usableFromInline
    mutating func parseStep(appending: Bool) -> XMLParsingError? {
        guard let current = chunk else { return nil }
        let offset = parsedByteCount
        let driver = driver
        let taken = current.withUnsafeBytes { bytes in
            driver.parseStep(UnsafeRawBufferPointer(rebasing: bytes[offset...]), terminate: false, appending: appending)
        }
        parsedByteCount += taken
        if let error = driver.error {
            chunk = nil
            return error
        }
        if parsedByteCount >= chunkByteCount { chunk = nil }
        return nil
    }

    /// Ends the document at the end of its input: the last step declares it complete.
    ///
    /// - Returns: The error that ended the document, if one did.
    @inlinable
    func endInput(appending: Bool) -> XMLParsingError? {
        _ = driver.parseStep(UnsafeRawBufferPointer(start: nil, count: 0), terminate: true, appending: appending)
        return driver.error
    }

    /// Parses the bytes held back for an incomplete step, for an input that failed: the events
    /// of what did arrive come before the input's error.
    ///
    /// - Returns: The error that ended the document among those bytes, if one did.
    @inlinable
    func flush(appending: Bool) -> XMLParsingError? {
        driver.flush(appending: appending)
        return driver.error
    }

    /// Ends the document as cut short, where the parse has got to, for a compressed stream whose
    /// input ended before the stream did.
    ///
    /// - Returns: The error that ends the document: a parse error among the held bytes, or the
    ///   cut.
    @inlinable
    func failCutShort(_ message: String, appending: Bool) -> XMLParsingError? {
        driver.failCutShort(message, appending: appending)
        return driver.error
    }
}
