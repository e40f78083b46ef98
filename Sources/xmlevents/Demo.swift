import XMLEvents

/// `xmlevents` with no argument: streams the ``DemoServer``'s registry through `XMLEvents(url:)`
/// and shows, next to the summary, how few bytes ever waited between the network and the parser.
///
/// With `--format summary` the narration is part of the report on standard output; with the
/// other formats standard output carries only data, so the narration goes to standard error.
struct Demo {
    let command: Command

    func run(byteCount: Int) async -> ExitStatus {
        let server: DemoServer
        do {
            server = try DemoServer(byteCount: byteCount)
        } catch {
            let diagnostic = Diagnostic(error)
            if !command.options.isQuiet { diagnostic.report() }
            return diagnostic.status
        }
        defer { server.stop() }

        let size = Quantities.megabytes(server.document.byteCount)
        narrate(
            """
            xmlevents demo: a loopback HTTP server inside this process streams a \(size) registry,
            generated on the fly, to XMLEvents(url:), which parses it as it arrives. No internet needed.
            Run `xmlevents --help` to read your own URLs, files and pipes.


            """)
        let (outcome, chunks) = await command.streamURL(server.url, meter: ByteMeter())
        let transfer = chunks.progress
        let high = command.options.httpConfiguration.watermarks.upperBound
        let peak = Quantities.grouped(transfer.peakBufferedByteCount)
        let rows = [
            (
                "peak buffered",
                "\(peak) bytes between the network and the parser (high watermark \(Quantities.grouped(high)))"
            ),
            ("server sent", "\(Quantities.grouped(server.bodyBytesWritten)) bytes, paced by the parser"),
        ]
        if command.options.format != .summary, outcome.failure == nil {
            narrate(rows.map { "\($0.0): \($0.1)\n" }.joined())
        }
        return command.finish(outcome, source: XMLDiagnosticText.redacting(server.url), extraRows: rows)
    }

    private func narrate(_ text: String) {
        if command.options.format == .summary {
            command.output.append(text)
            command.output.flush()
        } else if !command.options.isQuiet {
            StandardError.write(text)
        }
    }
}
