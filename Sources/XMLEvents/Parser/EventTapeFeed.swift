import Foundation

/// Pulls byte chunks from a source and parses them step by step with the ``ParseDriver``, one
/// step whenever the reader has read the tape of the last: the loop every asynchronous reader of
/// a document shares, so that they all pass on errors, cancellation and the source's end the
/// same way.
///
/// The source is asked for a chunk only in ``advance()``, once every step of the last chunk was
/// parsed and read, so a reader that is slow to read the tape slows the source down: that is the
/// backpressure. The source and the driver are released as soon as no more chunks will be read.
@usableFromInline
struct EventTapeFeed<Source: AsyncIteratorProtocol> where Source.Element: ContiguousBytes {
    @usableFromInline
    enum Phase {
        case reading
        /// The source ended and the last events are on the tape.
        case ending
        /// The error to throw once the tape, with the events before it, has been read.
        case failed(any Error)
        case done
    }

    /// The events of the last step parsed: the driver's tape, kept after the driver is let go.
    @usableFromInline let tape: EventTape
    @usableFromInline var phase = Phase.reading
    @usableFromInline var source: Source?
    @usableFromInline var driver: ParseDriver?
    /// The chunk being parsed, and how much of it was.
    @usableFromInline var chunk: Source.Element?
    @usableFromInline var chunkByteCount = 0
    @usableFromInline var parsedByteCount = 0

    @usableFromInline
    init(source: Source, options: XMLParsingOptions) {
        self.source = source
        let driver = ParseDriver(options: options)
        self.driver = driver
        tape = driver.tape
    }

    /// Parses the next step onto the tape (whose events the reader has read): returns `false`
    /// once nothing more will come, and throws the error that ended the document (the parser's,
    /// the source's, or `CancellationError`), once, after the tape holding the events before it.
    // Inlinable, so that reading the source is specialized for its type in the caller: a
    // byte-at-a-time source gathers its bytes in a loop that would otherwise make one generic
    // asynchronous call per byte.
    @inlinable
    nonisolated(nonsending) mutating func advance() async throws -> Bool {
        switch phase {
        case .done:
            return false
        case .failed(let error):
            phase = .done
            throw error
        case .ending:
            end(.done)
            return false
        case .reading:
            if chunk != nil {
                parseStepOfChunk()
            } else {
                await readChunk()
            }
            return true
        }
    }

    @inlinable
    nonisolated(nonsending) mutating func readChunk() async {
        guard let driver else {
            discardTape()
            return end(.done)
        }
        if Task.isCancelled {
            discardTape()
            return end(.failed(CancellationError()))
        }
        let next: Source.Element?
        do {
            next = try await source?.next(isolation: #isolation)
        } catch {
            // The bytes that did arrive are parsed first; a parse error among them comes
            // earlier in the document than the source's failure, so it is the one reported.
            driver.flush()
            return end(.failed(driver.error ?? error))
        }
        if Task.isCancelled {
            discardTape()
            return end(.failed(CancellationError()))
        }
        guard let next else {
            _ = driver.parseStep(UnsafeRawBufferPointer(start: nil, count: 0), terminate: true)
            return end(driver.error.map { .failed($0) } ?? .ending)
        }
        chunk = next
        chunkByteCount = next.withUnsafeBytes { $0.count }
        parsedByteCount = 0
        parseStepOfChunk()
    }

    /// Parses the next step of the current chunk.
    @usableFromInline
    mutating func parseStepOfChunk() {
        guard let driver, let current = chunk else { return }
        let offset = parsedByteCount
        let taken = current.withUnsafeBytes { bytes in
            driver.parseStep(UnsafeRawBufferPointer(rebasing: bytes[offset...]), terminate: false)
        }
        parsedByteCount += taken
        if let error = driver.error {
            end(.failed(error))
        } else if parsedByteCount >= chunkByteCount {
            chunk = nil
        }
    }

    /// Forgets the events the reader has read, when no step is parsed to replace them.
    @usableFromInline
    func discardTape() {
        tape.removeAll(keepingBytesFrom: .max)
    }

    /// Releases the source, the driver and the chunk as soon as no more chunks will be read.
    @usableFromInline
    mutating func end(_ next: Phase) {
        phase = next
        source = nil
        driver = nil
        chunk = nil
    }
}
