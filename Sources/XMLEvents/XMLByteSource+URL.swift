import Foundation

#if HTTP && canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// A URL picks the source: a `file:` URL is read as a file in every build; `http` and `https` are
// read over HTTP with the `HTTP` trait, and refused, naming the trait, without it.
extension XMLByteSource {
    #if HTTP
        /// The bytes of the document at a URL — a local file for a `file:` URL, an HTTP transfer
        /// for `http` and `https` — the source of `XMLEvents(url:)`.
        ///
        /// ```swift
        /// let events = XMLEvents(url: documentURL)  // file:, http or https
        /// print(events.source.progress.fractionCompleted ?? 0)
        /// ```
        ///
        /// The scheme picks the source: a file is read in chunks of `fileChunkSize` bytes, as
        /// ``init(path:chunkSize:)`` reads it; an HTTP body streams with backpressure, as
        /// ``init(request:configuration:)`` describes. Any other URL reads nothing, not even a
        /// local file of the same path: the first `next()` throws
        /// ``XMLByteSourceError/unsupportedURL(url:)``, naming the schemes supported.
        ///
        /// - Parameters:
        ///   - url: A `file:` URL (with no host, or `localhost`), or an `http` or `https` URL.
        ///   - configuration: How an HTTP transfer buffers, times out, redirects and resumes.
        ///   - fileChunkSize: The most bytes read from a file at once (64 KiB by default); see
        ///     ``chunkSize``.
        public init(
            url: URL, configuration: XMLHTTPConfiguration = .default, fileChunkSize: Int = ChunkSize.standard
        ) {
            if Self.isHTTP(url) {
                self.init(request: URLRequest(url: url), configuration: configuration)
            } else {
                self.init(localURL: url, chunkSize: fileChunkSize)
            }
        }
    #else
        /// The bytes of the file a `file:` URL names, read in chunks of `fileChunkSize` bytes as
        /// ``init(path:chunkSize:)`` reads it: the source of `XMLEvents(url:)` in a build
        /// without the package's `HTTP` trait.
        ///
        /// This build reads no `http` or `https` URL: for one, the first `next()` throws
        /// ``XMLByteSourceError/Code/httpUnavailable``, whose description names the trait to
        /// enable. Any other URL that is not a local file's throws
        /// ``XMLByteSourceError/Code/unsupportedURL``.
        ///
        /// - Parameters:
        ///   - url: A `file:` URL, with no host or `localhost`.
        ///   - fileChunkSize: The most bytes read from the file at once (64 KiB by default); see
        ///     ``chunkSize``.
        public init(url: URL, fileChunkSize: Int = ChunkSize.standard) {
            if Self.isHTTP(url) {
                self.init(.refused(.httpUnavailable(url: url)), chunkSize: fileChunkSize)
            } else {
                self.init(localURL: url, chunkSize: fileChunkSize)
            }
        }
    #endif

    /// The file a `file:` URL names; for any other URL, a source whose first `next()` throws
    /// ``XMLByteSourceError/Code/unsupportedURL`` (nothing is read, not even a local file of the
    /// same path).
    init(localURL url: URL, chunkSize: Int) {
        if Self.namesLocalFile(url) {
            self.init(.file(path: url.path), chunkSize: chunkSize)
        } else {
            self.init(.refused(.unsupportedURL(url: url)), chunkSize: chunkSize)
        }
    }

    /// Whether `url`'s scheme is `http` or `https`, in any case.
    static func isHTTP(_ url: URL) -> Bool {
        switch url.scheme?.lowercased() {
        case "http", "https": true
        default: false
        }
    }

    /// Whether `url` names a file here: a `file:` URL with no host, or `localhost`.
    static func namesLocalFile(_ url: URL) -> Bool {
        guard url.isFileURL else { return false }
        guard let host = url.host else { return true }
        return host.isEmpty || host.lowercased() == "localhost"
    }
}
