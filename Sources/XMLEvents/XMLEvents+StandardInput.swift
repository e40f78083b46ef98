extension XMLEvents where Source == XMLFileDescriptorChunks {
    /// The events of a document read from standard input, for command-line filters such as
    /// `curl -s https://example.com/feed.xml | mytool`.
    ///
    /// Input is read on a dedicated thread, at most a few chunks ahead of parsing, so a slow
    /// consumer slows the writer upstream instead of filling memory; see
    /// ``XMLFileDescriptorChunks/standardInput(chunkSize:)``.
    ///
    /// - Parameters:
    ///   - chunkSize: How many bytes are read and handed to the parser at a time.
    ///   - options: How to parse.
    /// - Returns: The events, to be iterated once.
    public static func standardInput(
        chunkSize: Int = 64 * 1024,
        options: XMLParsingOptions = .default
    ) -> XMLEvents<XMLFileDescriptorChunks> {
        XMLEvents(XMLFileDescriptorChunks.standardInput(chunkSize: chunkSize), options: options)
    }
}
