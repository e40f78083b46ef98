import Foundation
import XMLEventsInput

extension XMLEvents where Source == XMLByteSource {
    /// The events of a document held in memory, parsed a chunk at a time.
    ///
    /// - Parameters:
    ///   - data: The document's bytes, in any encoding libxml2 detects or the document declares.
    ///   - chunkSize: How many bytes are handed to the parser at a time (64 KiB by default), which
    ///     bounds the bytes behind one step's events; a compressed document's are handed over as
    ///     they are decompressed instead (see ``XMLByteSource/chunkSize``).
    ///   - options: How to parse.
    public init(data: Data, chunkSize: Int = ChunkSize.standard, options: XMLParsingOptions = .default) {
        self.init(XMLByteSource(data: data, chunkSize: chunkSize), options: options)
    }

    /// The events of a document held in a string, parsed from its UTF-8 form.
    ///
    /// A string is text already decoded, so its encoding declaration, if it has one, no longer
    /// describes anything: it is ignored, the UTF-8 form is parsed as UTF-8, and the
    /// ``XMLEvent/startDocument(version:encoding:standalone:)`` event reports no encoding.
    /// (`<?xml version="1.0" encoding="ISO-8859-1"?><p>é</p>` gives the text `é`.)
    ///
    /// - Parameters:
    ///   - string: The document.
    ///   - chunkSize: How many bytes are handed to the parser at a time (64 KiB by default), which
    ///     bounds the bytes behind one step's events.
    ///   - options: How to parse.
    public init(string: String, chunkSize: Int = ChunkSize.standard, options: XMLParsingOptions = .default) {
        var options = options
        options.ignoresEncodingDeclaration = true
        self.init(data: Data(string.utf8), chunkSize: chunkSize, options: options)
    }

    /// The events of the file at `path`, read in chunks as parsing needs them.
    ///
    /// Iteration throws ``XMLByteSourceError`` when the file cannot be opened or read.
    ///
    /// - Parameters:
    ///   - path: The file's path.
    ///   - chunkSize: How many bytes are read at a time (64 KiB by default); see
    ///     ``XMLByteSource/chunkSize``.
    ///   - options: How to parse.
    public init(path: String, chunkSize: Int = ChunkSize.standard, options: XMLParsingOptions = .default) {
        self.init(XMLByteSource(path: path, chunkSize: chunkSize), options: options)
    }

    /// The events of a document read from standard input, for command-line filters such as
    /// `curl -s https://example.com/feed.xml | mytool`.
    ///
    /// Input is read on a dedicated thread, at most a few chunks ahead of parsing, so a slow
    /// consumer slows the writer upstream instead of filling memory; see
    /// ``XMLByteSource/standardInput(chunkSize:)``.
    ///
    /// - Parameters:
    ///   - chunkSize: How many bytes are read at a time (64 KiB by default); see
    ///     ``XMLByteSource/chunkSize``.
    ///   - options: How to parse.
    /// - Returns: The events, to be iterated once.
    public static func standardInput(
        chunkSize: Int = ChunkSize.standard,
        options: XMLParsingOptions = .default
    ) -> XMLEvents<XMLByteSource> {
        XMLEvents(XMLByteSource.standardInput(chunkSize: chunkSize), options: options)
    }
}

extension XMLEvents {
    /// The events of a document whose bytes arrive one at a time, from `URLSession.AsyncBytes`,
    /// `FileHandle.AsyncBytes`, an `AsyncStream<UInt8>` or any `AsyncSequence` of `UInt8`.
    ///
    /// The bytes are gathered into chunks (see ``XMLByteChunks``) without a suspension per
    /// byte where the sequence has them at hand. A chunk is handed on only when it is full or
    /// the bytes end, so for a document that trickles in, give a small `chunkSize` (and see
    /// ``XMLParsingOptions/parsesAsBytesArrive``).
    ///
    /// - Parameters:
    ///   - bytes: The document's bytes.
    ///   - chunkSize: How many bytes are gathered before they are handed to the parser (64 KiB by
    ///     default, as for every source), between 1 and 16 MiB.
    ///   - options: How to parse; the defaults are safe for untrusted input.
    @inlinable
    public init<Bytes: AsyncSequence>(
        _ bytes: Bytes, chunkSize: Int = ChunkSize.standard, options: XMLParsingOptions = .default
    ) where Source == XMLByteChunks<Bytes>, Bytes.Element == UInt8 {
        self.init(XMLByteChunks(bytes, chunkSize: chunkSize), options: options)
    }
}
