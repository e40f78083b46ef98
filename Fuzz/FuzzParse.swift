/// Parses one chunk list to completion from libFuzzer's thread.
///
/// libFuzzer calls the target on a plain thread that is not part of Swift concurrency; the
/// public, asynchronous path runs there anyway, in a task whose jobs ``FuzzInlineExecutor``
/// runs on that thread.
enum FuzzParse {
    static let executor = FuzzInlineExecutor()

    /// Through the public ``XMLEvents`` sequence and the ``XMLPushParser`` actor: the path
    /// every user takes, hence the one worth fuzzing.
    static func publicAPI(_ chunks: [[UInt8]], options: XMLParsingOptions) -> FuzzOutcome {
        executor.run {
            var outcome = FuzzOutcome()
            do {
                for try await event in XMLEvents(FuzzChunks(chunks: chunks), options: options) {
                    outcome.events.append(event)
                }
            } catch let error as XMLParsingError {
                outcome.error = error
            } catch {
                outcome.foreignError = "\(type(of: error)): \(error)"
            }
            return outcome
        }
    }

    /// Straight through the internal, synchronous context, without a task: kept to measure what
    /// the bridge costs (`XMLEVENTS_FUZZ_PATH=context`), and as a fallback if it ever dominates.
    static func context(_ chunks: [[UInt8]], options: XMLParsingOptions) -> FuzzOutcome {
        guard let context = LibXML2PushContext(options: options) else {
            return FuzzOutcome(foreignError: "no parser context")
        }
        var outcome = FuzzOutcome()
        for chunk in chunks {
            let step = chunk.withUnsafeBytes { context.parse($0, terminate: false) }
            outcome.events += step.events
            if let error = step.error {
                outcome.error = error
                return outcome
            }
        }
        let step = context.parse(UnsafeRawBufferPointer(start: nil, count: 0), terminate: true)
        outcome.events += step.events
        outcome.error = step.error
        return outcome
    }
}
