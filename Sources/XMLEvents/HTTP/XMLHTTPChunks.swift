#if HTTP
    import Foundation

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// The body of an HTTP response as an asynchronous sequence of byte chunks, received only as
    /// fast as they are read: the HTTP counterpart of `URLSession.bytes(for:)`, and the source of
    /// `XMLEvents(url:)`.
    ///
    /// ```swift
    /// var chunks = XMLHTTPChunks(url: feedURL).makeAsyncIterator()
    /// let response = try await chunks.response()
    /// print(response.statusCode, response.expectedContentLength ?? -1)
    /// while let chunk = try await chunks.next() { try await upload.send(chunk) }
    /// ```
    ///
    /// Nothing happens until iteration starts; each iterator performs the request anew. Chunks
    /// are the body's bytes after content decoding (`gzip` and `deflate` are asked for and
    /// decoded as the consumer reads; see ``XMLHTTPConfiguration/acceptedContentCodings``), in order,
    /// each exactly once; 301, 302, 303, 307 and 308 redirects are followed.
    ///
    /// Backpressure: when the consumer falls behind by ``XMLHTTPConfiguration/watermarks`` (1 MiB by
    /// default) the transfer pauses and nothing more is read from the connection, so TCP slows
    /// the server down; it resumes when the consumer has caught up (to 256 KiB). Memory stays
    /// bounded whatever the body's size. On Linux transfers run on libcurl, on one I/O thread
    /// shared by all of them; on Apple platforms on `URLSession`.
    ///
    /// Errors are ``XMLHTTPError``s: a non-2xx status, an unreachable, silent or too slow server,
    /// a body cut short, too large or undecodable. Those that come before the response are thrown
    /// before the first chunk. Cancelling
    /// the reading task, or leaving the loop, aborts the transfer and closes its connection.
    public struct XMLHTTPChunks: AsyncSequence, Sendable {
        /// Each element is the next bytes of the body, after content decoding.
        public typealias Element = Data
        /// Errors are ``XMLHTTPError``, or `CancellationError` when the reading task is cancelled.
        public typealias Failure = any Error

        /// The request performed by each iteration.
        public let request: URLRequest

        /// The buffer, timeouts and redirect limit of each transfer.
        public let configuration: XMLHTTPConfiguration

        /// How far the latest transfer has come; readable from any thread while it streams.
        public let progress: XMLSourceProgress

        /// The body of a `GET` of `url`.
        ///
        /// - Parameters:
        ///   - url: An `http` or `https` URL.
        ///   - configuration: The buffer, timeouts and redirect limit.
        public init(url: URL, configuration: XMLHTTPConfiguration = .default) {
            self.init(request: URLRequest(url: url), configuration: configuration)
        }

        /// The body of the response to `request`, with its method, header fields, `httpBody` and
        /// `timeoutInterval` (the idle timeout, unless ``XMLHTTPConfiguration/idleTimeout`` is set).
        ///
        /// - Parameters:
        ///   - request: A request for an `http` or `https` URL; a body stream is not supported.
        ///   - configuration: The buffer, timeouts and redirect limit.
        public init(request: URLRequest, configuration: XMLHTTPConfiguration = .default) {
            self.init(request: request, configuration: configuration, progress: XMLSourceProgress())
        }

        /// The body of the response to `request`, reporting to `progress`.
        init(request: URLRequest, configuration: XMLHTTPConfiguration, progress: XMLSourceProgress) {
            self.request = request
            self.configuration = configuration
            self.progress = progress
        }

        /// Creates an iterator; the transfer starts with its first `next()` or `response()`.
        public func makeAsyncIterator() -> Iterator {
            Iterator(request: HTTPTransferRequest(request, configuration: configuration), progress: progress)
        }
    }
#endif
