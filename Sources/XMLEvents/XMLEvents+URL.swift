#if (os(Linux) && canImport(CCurl)) || canImport(Darwin)
    import Foundation

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    extension XMLEvents where Source == HTTPChunks {
        /// The events of the document at an `http` or `https` URL, parsed as its bytes arrive.
        ///
        /// ```swift
        /// for try await event in XMLEvents(url: feedURL) {
        ///     if case .startElement(let name, _, _) = event, name.localName == "record" {
        ///         try await database.insert(…)  // a slow consumer slows the server down
        ///     }
        /// }
        /// ```
        ///
        /// The request is made when iteration starts. The consumer's pace reaches the server:
        /// at most ``HTTPConfiguration/watermarks`` bytes wait between the network and the
        /// parser, and while they do, nothing is read from the connection, so memory stays
        /// bounded for a body of any size. `source.progress` reports the bytes received.
        ///
        /// Iteration throws ``XMLHTTPError`` (before any event for a non-2xx status or an
        /// unreachable server), ``XMLParsingError`` for a malformed document, and
        /// `CancellationError`; leaving the loop early aborts the transfer.
        ///
        /// - Parameters:
        ///   - url: The document's URL.
        ///   - options: How to parse; the defaults are safe for untrusted input.
        ///   - configuration: The transfer's buffer, timeouts and redirect limit.
        public init(url: URL, options: XMLParsingOptions = .default, configuration: HTTPConfiguration = .default) {
            self.init(HTTPChunks(url: url, configuration: configuration), options: options)
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
            configuration: HTTPConfiguration = .default
        ) {
            self.init(HTTPChunks(request: request, configuration: configuration), options: options)
        }
    }

    extension XMLEvents.Iterator where Source == HTTPChunks {
        /// The head of the response, before the first event and without consuming one: the
        /// status, the final URL after redirects, and the header fields (`ETag`,
        /// `Last-Modified`, `Content-Type`, …). Starts the transfer if no event was asked for yet.
        ///
        /// ```swift
        /// var events = XMLEvents(request: request).makeAsyncIterator()
        /// let response = try await events.response()
        /// let etag = response.value(forHTTPHeaderField: "ETag")
        /// while let event = try await events.next() { … }
        /// ```
        ///
        /// For a conditional request the server may answer `304 Not Modified`: this returns that
        /// head, and ``next()`` then throws ``XMLHTTPError/notModified(_:)``.
        ///
        /// - Returns: The head of the 2xx response the events come from, or of a 304.
        /// - Throws: The error the first ``next()`` throws, if the transfer fails before a head
        ///   (``XMLHTTPError``, `CancellationError`); and ``XMLHTTPError/unsupportedRequest(url:reason:)``
        ///   once iteration has ended, when the transfer is let go: ask before or during it.
        public mutating func response() async throws -> HTTPChunks.Response {
            if let response = try await feed.source?.response() { return response }
            throw XMLHTTPError.unsupportedRequest(
                url: nil, reason: "the iteration has ended and let its transfer go; ask for the response before")
        }
    }
#endif
