#if HTTP
    import Foundation

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    // What ``XMLByteSource`` has of HTTP: its request source, and the response's head.
    extension XMLByteSource {
        /// The body of the response to `request`, received only as fast as it is read: the HTTP
        /// counterpart of `URLSession.bytes(for:)`, and the source of `XMLEvents(request:)`.
        ///
        /// ```swift
        /// var body = XMLByteSource(request: URLRequest(url: feedURL)).makeAsyncIterator()
        /// let response = try await body.response()
        /// print(response?.statusCode ?? 0, response?.expectedContentLength ?? -1)
        /// while let chunk = try await body.next() { try await upload.send(chunk) }
        /// ```
        ///
        /// The request's method, header fields, `httpBody` and `timeoutInterval` (the idle
        /// timeout, unless ``XMLHTTPConfiguration/idleTimeout`` is set) are used. Nothing happens
        /// until iteration starts; each iterator performs the request anew. Chunks are the body's
        /// bytes after content decoding (`gzip` and `deflate` are asked for and decoded as the
        /// consumer reads; see ``XMLHTTPConfiguration/acceptedContentCodings``), in order, each
        /// exactly once; 301, 302, 303, 307 and 308 redirects are followed.
        ///
        /// Backpressure: when the consumer falls behind by ``XMLHTTPConfiguration/watermarks``
        /// (1 MiB by default) the transfer pauses and nothing more is read from the connection, so
        /// TCP slows the server down; it resumes when the consumer has caught up (to 256 KiB).
        /// Memory stays bounded whatever the body's size. On Linux transfers run on libcurl, on
        /// one I/O thread shared by all of them; on Apple platforms on `URLSession`.
        ///
        /// Errors are ``XMLHTTPError``s: a non-2xx status, an unreachable, silent or too slow
        /// server, a body cut short, too large or undecodable, a request that is not `http` or
        /// `https`. Those that come before the response are thrown before the first chunk.
        /// Cancelling the reading task, or leaving the loop, aborts the transfer and closes its
        /// connection.
        ///
        /// - Parameters:
        ///   - request: A request for an `http` or `https` URL; a body stream is not supported.
        ///   - configuration: The buffer, timeouts, redirects and resumption of each transfer.
        public init(request: URLRequest, configuration: XMLHTTPConfiguration = .default) {
            self.init(.http(HTTPTransferRequest(request, configuration: configuration)), chunkSize: ChunkSize.standard)
        }
    }

    extension XMLByteSource.Iterator {
        /// The head of the HTTP response, waiting for it (and starting the transfer) if need be;
        /// `nil` for a source that has no response: data, a file (also through a `file:` URL), a
        /// descriptor.
        ///
        /// For a conditional request the server may answer `304 Not Modified`: this returns that
        /// head, and ``next()`` then throws ``XMLHTTPError/notModified(_:)``.
        ///
        /// - Returns: The head of the 2xx response the body belongs to (or of a 304), or `nil`
        ///   when the source is not an HTTP transfer.
        /// - Throws: ``XMLHTTPError`` if the transfer fails before a head, the same error the
        ///   first ``next()`` throws; `CancellationError` if the task is cancelled.
        public mutating func response() async throws -> XMLHTTPResponse? {
            guard case .http(let request) = source.kind else { return nil }
            if case .notStarted = reader {
                reader = .http(HTTPBodyReader(request: request, progress: source.progress))
            }
            guard case .http(var body) = reader else { return nil }
            defer { reader = .http(body) }
            return try await body.response()
        }
    }
#endif
