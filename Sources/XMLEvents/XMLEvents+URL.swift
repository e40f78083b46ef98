import Foundation
import XMLEventsInput

// The `HTTP` trait's one gate in the core: with it, its module (re-exported) reads `http` and
// `https` URLs; without it, `XMLEvents(url:)` reads `file:` URLs and refuses the others, naming
// the trait.
#if HTTP
    @_exported import XMLEventsHTTP

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    extension XMLEvents where Source == XMLByteSource {
        /// The events of the document at a URL — a local file for `file:`, an HTTP transfer for
        /// `http` and `https` — parsed as its bytes arrive.
        ///
        /// ```swift
        /// for try await event in XMLEvents(url: feedURL) {
        ///     if case .startElement(let name, _, _) = event, name.localName == "record" {
        ///         try await database.insert(…)  // a slow consumer slows the server down
        ///     }
        /// }
        /// ```
        ///
        /// The file is opened, or the request made, when iteration starts. The consumer's pace
        /// reaches the source: a file is read a chunk at a time as the parser needs it; over HTTP,
        /// at most ``XMLHTTPConfiguration/watermarks`` bytes wait between the network and the parser,
        /// and while they do, nothing is read from the connection, so memory stays bounded for a
        /// body of any size. `source.progress` reports the bytes read; `source.response` gives an
        /// HTTP response's head.
        ///
        /// Iteration throws ``XMLByteSourceError`` for a file that cannot be read or a URL of
        /// another scheme (before any event), ``XMLHTTPError`` (before any event for a non-2xx
        /// status or an unreachable server), ``XMLParsingError`` for a malformed document, and
        /// `CancellationError`; leaving the loop early closes the file or aborts the transfer.
        ///
        /// - Parameters:
        ///   - url: The document's URL: `file:`, `http` or `https`.
        ///   - options: How to parse; the defaults are safe for untrusted input.
        ///   - configuration: An HTTP transfer's buffer, timeouts, redirects and resumption.
        public init(url: URL, options: XMLParsingOptions = .default, configuration: XMLHTTPConfiguration = .default) {
            self.init(XMLByteSource(url: url, configuration: configuration), options: options)
        }

        /// The events of the document that `request` answers with, parsed as its bytes arrive.
        ///
        /// The request's method, header fields, `httpBody` and `timeoutInterval` (the idle
        /// timeout, unless the configuration sets one) are used; see ``init(url:options:configuration:)``.
        ///
        /// - Parameters:
        ///   - request: A request for an `http` or `https` URL.
        ///   - options: How to parse; the defaults are safe for untrusted input.
        ///   - configuration: The transfer's buffer, timeouts and redirect limit.
        public init(
            request: URLRequest,
            options: XMLParsingOptions = .default,
            configuration: XMLHTTPConfiguration = .default
        ) {
            self.init(XMLByteSource(request: request, configuration: configuration), options: options)
        }
    }
#else
    extension XMLByteSource {
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
    }

    extension XMLEvents where Source == XMLByteSource {
        /// The events of the file a `file:` URL names, read in chunks as parsing needs them: in a
        /// build without the package's `HTTP` trait, `XMLEvents(url:)` reads local files only.
        ///
        /// ```swift
        /// for try await event in XMLEvents(url: fileURL) { … }
        /// ```
        ///
        /// Iteration throws, before any event, ``XMLByteSourceError`` of code
        /// ``XMLByteSourceError/Code/httpUnavailable`` for an `http` or `https` URL (the
        /// description names the trait to enable), ``XMLByteSourceError/Code/unsupportedURL``
        /// for another URL that is not a local file's, or the code of a file that cannot be
        /// opened; then ``XMLParsingError`` for a malformed document, and `CancellationError`.
        ///
        /// - Parameters:
        ///   - url: A `file:` URL, with no host or `localhost`.
        ///   - options: How to parse; the defaults are safe for untrusted input.
        public init(url: URL, options: XMLParsingOptions = .default) {
            self.init(XMLByteSource(url: url), options: options)
        }
    }
#endif
