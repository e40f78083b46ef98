import XMLEvents

/// `--format xml`: the events written back out by the library's `XMLWriter`, which escapes text,
/// declares the namespaces names need and writes empty elements as `<a/>`; reading the output
/// again gives the same events (`xmlevents --format xml in.xml | xmlevents -`).
///
/// Selected subtrees are written one after another, each followed by a line feed: a stream of
/// fragments (the writer's `writesFragments`), each well-formed on its own, not one document.
final class XMLFormat: EventSink {
    private var writer: XMLWriter
    private let output: BufferedOutput

    init(output: BufferedOutput, writesFragments: Bool) {
        self.output = output
        writer = XMLWriter(writesFragments: writesFragments)
    }

    /// The writer refuses nothing a parser reports; should it, the error ends the run.
    func write(_ event: XMLEvent) throws {
        try writer.write(event)
        if writer.bufferedByteCount >= BufferedOutput.flushThreshold { moveToOutput() }
    }

    func write(_ subtree: XMLSubtree) throws {
        try writer.write(subtree)
        // Text between fragments is copied as it is: the separator goes through the writer, so
        // its buffer keeps batching instead of being handed over for every subtree.
        try writer.write(.text("\n"))
        if writer.bufferedByteCount >= BufferedOutput.flushThreshold { moveToOutput() }
    }

    func drain() {
        moveToOutput()
    }

    /// After an error the elements still open are left open: closing them would make a truncated
    /// document look whole.
    func finish(failure: XMLParsingError?) {
        moveToOutput()
    }

    private func moveToOutput() {
        guard writer.bufferedByteCount > 0 else { return }
        output.append(writer.takeBytes())
        output.flushIfFull()
    }
}
