import Foundation
import XMLEvents

/// Where events go: one of the output formats.
protocol EventSink: AnyObject {
    /// One event of the document, in order. An error ends reading, as an input's would.
    func write(_ event: XMLEvent) throws
    /// One element selected by `--select`, whole.
    func write(_ subtree: XMLSubtree) throws
    /// Hands anything the format holds back to the output, because the pipeline is about to wait
    /// for input and the output is about to be flushed.
    func drain()
    /// Reading has ended, completely (`nil`) or at a parse error.
    func finish(failure: XMLParsingError?)
}

/// How streaming one input went.
struct StreamOutcome {
    /// What ended reading early, if anything did.
    var failure: InputFailure?
    /// Bytes handed to the parser.
    var byteCount: Int
    var elapsed: Duration
}

/// Reads one input through the parser into a format: the loop the whole tool is built around.
struct EventPipeline {
    let options: CommandLineOptions
    let output: BufferedOutput
    let sink: any EventSink

    /// Streams `chunks`; stops early, without an error, when the output's reader goes away.
    ///
    /// - Parameters:
    ///   - chunks: The input's bytes.
    ///   - meter: Counts the bytes parsed; shared with `progress`.
    ///   - progress: What the progress line shows, or `nil` for no progress line.
    func run<Base: AsyncSequence>(
        _ chunks: Base,
        meter: ByteMeter,
        progress: (@Sendable () -> ProgressReading)?
    ) async -> StreamOutcome where Base.Element == Data {
        let sink = self.sink
        let output = self.output
        let input = InputChunks(base: chunks, chunkSize: options.chunkSize, meter: meter) {
            sink.drain()
            output.flush()
        }
        let events = XMLEvents(input, options: options.parsingOptions)
        let display = progress.map { ProgressDisplay(reading: $0) }
        let clock = ContinuousClock()
        let start = clock.now
        var failure: InputFailure?
        do {
            if let statistics = sink as? SummaryStatistics, options.selection == nil {
                // Counting needs no owned event: the visitor tier reads the parser's own buffers,
                // and a big document made of records is counted chunk by chunk on every core.
                var visitor = SummaryVisitor()
                defer { statistics.absorb(visitor) }
                try await events.visit(&visitor, chunkVisitor: { SummaryVisitor() }, merging: { $0.merge($1) })
            } else if let selection = options.selection {
                for try await subtree in events.elements(matching: selection) {
                    try sink.write(subtree)
                    if output.isClosed { break }
                }
            } else {
                for try await event in events {
                    try sink.write(event)
                    if output.isClosed { break }
                }
            }
        } catch {
            failure = InputFailure(error)
        }
        let elapsed = start.duration(to: clock.now)
        await display?.stop()
        return StreamOutcome(failure: failure, byteCount: meter.byteCount, elapsed: elapsed)
    }
}
