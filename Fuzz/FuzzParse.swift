/// Parses one chunk list to completion from libFuzzer's thread.
///
/// libFuzzer calls the target on a plain thread that is not part of Swift concurrency; the
/// public, asynchronous path runs there anyway, in a task whose jobs ``FuzzInlineExecutor``
/// runs on that thread.
enum FuzzParse {
    static let executor = FuzzInlineExecutor()

    /// Through the public ``XMLEvents`` sequence: the path every user takes, hence the one worth
    /// fuzzing.
    static func publicAPI(_ chunks: [[UInt8]], options: XMLParsingOptions) -> FuzzOutcome {
        executor.run {
            var outcome = FuzzOutcome()
            var iterator = XMLEvents(FuzzChunks(chunks: chunks), options: options).makeAsyncIterator()
            do {
                while let event = try await iterator.next() {
                    outcome.events.append(event)
                    if case .startElement = event { outcome.startLocations.append(iterator.location) }
                }
            } catch let error as XMLParsingError {
                outcome.error = error
            } catch {
                outcome.foreignError = "\(type(of: error)): \(error)"
            }
            return outcome
        }
    }

    /// Straight through the internal, synchronous parse driver, without a task: kept to measure
    /// what the bridge costs (`XMLEVENTS_FUZZ_PATH=context`), and as a fallback if it ever
    /// dominates.
    static func context(_ chunks: [[UInt8]], options: XMLParsingOptions) -> FuzzOutcome {
        let driver = ParseDriver(options: options)
        var outcome = FuzzOutcome()
        func read(_ tape: EventTape) {
            var reader = EventTape.OwnedEventReader()
            while let event = reader.next(in: tape) {
                outcome.events.append(event)
                if case .startElement = event { outcome.startLocations.append(reader.location) }
            }
        }
        for chunk in chunks {
            let result = chunk.withUnsafeBytes { bytes in
                Result { () throws(XMLParsingError) in try driver.parse(bytes, terminate: false, reading: read) }
            }
            if case .failure(let error) = result {
                outcome.error = error
                return outcome
            }
        }
        do throws(XMLParsingError) {
            try driver.parse(UnsafeRawBufferPointer(start: nil, count: 0), terminate: true, reading: read)
        } catch {
            outcome.error = error
        }
        return outcome
    }
}
