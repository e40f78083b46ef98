import Foundation
import XMLEvents

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The whole command: reads the arguments, opens the input, streams it into the chosen format,
/// and turns the outcome into output, diagnostics and an exit status.
struct Command {
    let options: CommandLineOptions
    let output: BufferedOutput
    /// Set only for `--format summary`, whose table is written once reading has ended.
    let statistics: SummaryStatistics?
    let pipeline: EventPipeline

    /// Runs the command line `arguments` (without the program's name).
    static func main(arguments: [String], environment: [String: String]) async -> ExitStatus {
        let options: CommandLineOptions
        do {
            options = try CommandLineOptions(parsing: arguments)
        } catch {
            // `--quiet` holds for mistakes made after it, too.
            let quiet = arguments.prefix { $0 != "--" }.contains { $0 == "-q" || $0 == "--quiet" }
            if !quiet { Diagnostic(error).report() }
            return .usage
        }
        let output = BufferedOutput()
        switch options.action {
        case .showHelp:
            output.append(CommandLineOptions.helpText)
            return output.finish()
        case .showVersion:
            output.append(CommandLineOptions.version + "\n")
            return output.finish()
        case .stream:
            return await Command(options: options, output: output).stream(environment: environment)
        }
    }

    init(options: CommandLineOptions, output: BufferedOutput) {
        self.options = options
        self.output = output
        let sink: any EventSink
        switch options.format {
        case .summary:
            let statistics = SummaryStatistics()
            self.statistics = statistics
            sink = statistics
        case .jsonl:
            statistics = nil
            sink = JSONLinesFormat(output: output)
        case .xml:
            statistics = nil
            sink = XMLFormat(output: output, writesFragments: options.selection != nil)
        case .elements:
            statistics = nil
            sink = ElementsFormat(output: output)
        }
        pipeline = EventPipeline(options: options, output: output, sink: sink)
    }

    /// By default only on a terminal, and not when events scroll on the same terminal, where the
    /// line would be torn apart by them.
    private var showsProgress: Bool {
        guard !options.isQuiet else { return false }
        if let asked = options.showsProgress { return asked }
        let eventsOnTerminal = options.format != .summary && isatty(STDOUT_FILENO) == 1
        return StandardError.isTerminal && !eventsOnTerminal
    }

    private func stream(environment: [String: String]) async -> ExitStatus {
        let meter = ByteMeter()
        switch options.input {
        case .demo:
            if Self.isPipe(STDIN_FILENO), !options.isQuiet {
                // `cat feed.xml | xmlevents` would otherwise run the demo without a word.
                StandardError.write("xmlevents: note: running the demo; pass '-' to read standard input\n")
            }
            return await Demo(command: self).run(byteCount: DemoServer.byteCount(in: environment))
        case .file(let path):
            let chunks = XMLByteSource(path: path, chunkSize: options.chunkSize)
            return finish(await streamFile(chunks, reading: chunks.progress, meter: meter), source: path)
        case .fileURL(let url):
            // `XMLEvents(url:)`'s own source, so that the library's rule decides which file: URLs
            // are read (a local file) and which refused, with its message (another host).
            let chunks = XMLByteSource(url: url, fileChunkSize: options.chunkSize)
            let outcome = await streamFile(chunks, reading: chunks.progress, meter: meter)
            return finish(outcome, source: XMLDiagnosticText.redacting(url))
        case .standardInput:
            let total = Self.regularFileSize(descriptor: STDIN_FILENO)
            let outcome = await pipeline.run(
                XMLByteSource.standardInput(chunkSize: options.chunkSize), meter: meter,
                progress: progress { ProgressReading(byteCount: meter.byteCount, totalByteCount: total) })
            return finish(outcome, source: "<stdin>")
        case .url(let url):
            let (outcome, chunks) = await streamURL(url, meter: meter)
            let resumptions = chunks.progress.resumptionCount
            let reread = chunks.progress.rereadByteCount
            return finish(
                outcome, source: XMLDiagnosticText.redacting(url),
                extraRows: [
                    ("resumptions", Self.resumptionText(resumptions)),
                    ("bytes re-read", "\(Quantities.grouped(reread)) (\(Quantities.megabytes(reread)))"),
                ],
                resumptionCount: resumptions)
        }
    }

    /// Streams a file, whose progress is read as an HTTP source's is: bytes read against the
    /// file's size.
    private func streamFile<Chunks: AsyncSequence>(
        _ chunks: Chunks, reading: XMLSourceProgress, meter: ByteMeter
    ) async -> StreamOutcome where Chunks.Element == Data {
        await pipeline.run(
            chunks, meter: meter,
            progress: progress {
                ProgressReading(byteCount: reading.receivedByteCount, totalByteCount: reading.expectedByteCount)
            })
    }

    /// Streams an HTTP URL, whose progress is the transfer's own: bytes received against the
    /// Content-Length. Returns the source too, for the demo's backpressure figures.
    func streamURL(_ url: URL, meter: ByteMeter) async -> (StreamOutcome, XMLByteSource) {
        // What `XMLEvents(url:)` reads from; built here so that the progress stays reachable
        // and the chunks can be cut to `--chunk-size`.
        let chunks = XMLByteSource(url: url, configuration: options.httpConfiguration)
        let transfer = chunks.progress
        let outcome = await pipeline.run(
            chunks, meter: meter,
            progress: progress {
                ProgressReading(
                    byteCount: transfer.receivedByteCount, totalByteCount: transfer.expectedByteCount,
                    resumptionCount: transfer.resumptionCount, rereadByteCount: transfer.rereadByteCount)
            })
        return (outcome, chunks)
    }

    private func progress(
        _ reading: @escaping @Sendable () -> ProgressReading
    ) -> (@Sendable () -> ProgressReading)? {
        showsProgress ? reading : nil
    }

    /// Writes what remains (the error line, the summary), reports a failure, and says how the
    /// process ends.
    ///
    /// - Parameters:
    ///   - source: The input as shown: a path, `<stdin>`, or a URL without its password.
    ///   - extraRows: Lines the demo and URLs add to the summary.
    ///   - resumptionCount: How many times an HTTP transfer went on after a break: said beside
    ///     a failure, and on standard error when there is no summary to say it.
    func finish(
        _ outcome: StreamOutcome,
        source: String,
        extraRows: [(label: String, value: String)] = [],
        resumptionCount: Int = 0
    ) -> ExitStatus {
        // The reader left (`| head`): nothing more to say, and nothing went wrong.
        if output.isClosed, output.failure == nil { return .success }
        pipeline.sink.finish(failure: outcome.failure?.parsingError)
        if outcome.failure == nil, let statistics {
            let summary = SummaryFormat(
                source: source,
                statistics: statistics,
                selection: options.selectionText,
                reportsCDATA: options.reportsCDATA,
                byteCount: outcome.byteCount,
                elapsed: outcome.elapsed,
                extraRows: extraRows
            )
            output.append(summary.render())
        }
        let outputStatus = output.finish(quietly: options.isQuiet)
        let resumed = "\(source): note: the transfer broke off and was resumed \(Self.resumptionText(resumptionCount))"
        guard let failure = outcome.failure else {
            if resumptionCount > 0, options.format != .summary, !options.isQuiet {
                StandardError.write(XMLDiagnosticText.escaping(resumed) + "\n")
            }
            return outputStatus
        }
        var diagnostic = Diagnostic(failure, source: source)
        if resumptionCount > 0 { diagnostic.lines.append(resumed + " before this") }
        if !options.isQuiet { diagnostic.report() }
        return diagnostic.status
    }

    /// `none`, `once`, `3 times`.
    static func resumptionText(_ count: Int) -> String {
        switch count {
        case 0: "none"
        case 1: "once"
        default: "\(Quantities.grouped(count)) times"
        }
    }

    /// The size of a regular file, for the progress line's percentage; `nil` for anything else.
    private static func isPipe(_ descriptor: Int32) -> Bool {
        var status = stat()
        return fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO
    }

    private static func regularFileSize(descriptor: Int32) -> Int? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(status.st_size)
    }
}

extension BufferedOutput {
    /// Flushes what is left and turns a failed write into exit status 3; a reader that left
    /// early is not a failure.
    func finish(quietly: Bool = false) -> ExitStatus {
        flush()
        guard let failure else { return .success }
        let diagnostic = Diagnostic(outputErrno: failure)
        if !quietly { diagnostic.report() }
        return diagnostic.status
    }
}
