import Foundation

extension XMLEvents where Source == DataChunks {
    /// The events of a document held in memory, parsed a chunk at a time.
    ///
    /// - Parameters:
    ///   - data: The document's bytes, in any encoding libxml2 detects or the document declares.
    ///   - chunkSize: How many bytes are parsed per step, which bounds one batch of events.
    ///   - options: How to parse.
    public init(data: Data, chunkSize: Int = 64 * 1024, options: XMLParsingOptions = .default) {
        self.init(DataChunks(data, chunkSize: chunkSize), options: options)
    }

    /// The events of a document held in a string (parsed from its UTF-8 form; an encoding
    /// declaration other than UTF-8 in the string is an error, as it would be for the bytes).
    public init(string: String, chunkSize: Int = 64 * 1024, options: XMLParsingOptions = .default) {
        self.init(data: Data(string.utf8), chunkSize: chunkSize, options: options)
    }
}

extension XMLEvents where Source == FileChunks {
    /// The events of a file, read in chunks as parsing needs them; the file is never read whole.
    ///
    /// - Parameters:
    ///   - url: A `file:` URL.
    ///   - chunkSize: How many bytes are read and parsed per step.
    ///   - options: How to parse.
    public init(contentsOf url: URL, chunkSize: Int = 64 * 1024, options: XMLParsingOptions = .default) {
        self.init(FileChunks(url: url, chunkSize: chunkSize), options: options)
    }

    /// The events of the file at `path`, read in chunks as parsing needs them.
    public init(path: String, chunkSize: Int = 64 * 1024, options: XMLParsingOptions = .default) {
        self.init(FileChunks(path: path, chunkSize: chunkSize), options: options)
    }
}
