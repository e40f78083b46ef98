import Foundation

/// Pulls byte chunks from a source and parses each with the ``ParseDriver``, one chunk whenever
/// the reader has read the tape of the last: the loop every asynchronous reader of a document
/// shares, so that they all pass on errors, cancellation and the source's end the same way.
///
/// The source is asked for a chunk only in ``advance()``, so a reader that is slow to read the
/// tape slows the source down: that is the backpressure. The source and the driver are released
/// as soon as no more chunks will be read.
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

    /// The events of the last chunk parsed: the driver's tape, kept after the driver is let go.
    @usableFromInline let tape: EventTape
    @usableFromInline var phase = Phase.reading
    @usableFromInline var source: Source?
    @usableFromInline var driver: ParseDriver?

    @usableFromInline
    init(source: Source, options: XMLParsingOptions) {
        self.source = source
        let driver = ParseDriver(options: options)
        self.driver = driver
        tape = driver.tape
    }

    /// Parses the next chunk onto the tape (whose events the reader has read): returns `false`
    /// once nothing more will come, and throws the error that ended the document (the parser's,
    /// the source's, or `CancellationError`), once, after the tape holding the events before it.
    @usableFromInline
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
            await refill()
            return true
        }
    }

    private nonisolated(nonsending) mutating func refill() async {
        guard let driver else {
            discardTape()
            return end(.done)
        }
        if Task.isCancelled {
            discardTape()
            return end(.failed(CancellationError()))
        }
        let chunk: Source.Element?
        do {
            chunk = try await source?.next(isolation: #isolation)
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
        if let chunk {
            chunk.withUnsafeBytes { driver.parse($0, terminate: false) }
        } else {
            driver.parse(UnsafeRawBufferPointer(start: nil, count: 0), terminate: true)
        }
        if let error = driver.error {
            end(.failed(error))
        } else if chunk == nil {
            end(.ending)
        }
    }

    /// Forgets the events the reader has read, when no chunk is parsed to replace them.
    private func discardTape() {
        tape.removeAll(keepingBytesFrom: .max)
    }

    /// Releases the source and the driver as soon as no more chunks will be read.
    private mutating func end(_ next: Phase) {
        phase = next
        source = nil
        driver = nil
    }
}
