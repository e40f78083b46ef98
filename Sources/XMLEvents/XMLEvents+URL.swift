#if HTTP
    import Foundation

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
        /// body of any size. `source.progress` reports the bytes read; the iterator's
        /// `response()` gives an HTTP response's head.
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

    extension XMLEvents.Iterator where Source == XMLByteSource {
        /// The head of the HTTP response, before the first event and without consuming one: the
        /// status, the final URL after redirects, and the header fields (`ETag`,
        /// `Last-Modified`, `Content-Type`, …). Starts the transfer if no event was asked for yet.
        ///
        /// ```swift
        /// var events = XMLEvents(request: request).makeAsyncIterator()
        /// let response = try await events.response()
        /// let etag = response?.value(forHTTPHeaderField: "ETag")
        /// while let event = try await events.next() { … }
        /// ```
        ///
        /// For a conditional request the server may answer `304 Not Modified`: this returns that
        /// head, and ``next()`` then throws ``XMLHTTPError/notModified(_:)``.
        ///
        /// - Returns: The head of the 2xx response the events come from, or of a 304; `nil` for a
        ///   source that has no response: data, a file (also through a `file:` URL), a descriptor.
        /// - Throws: The error the first ``next()`` throws, if the transfer fails before a head
        ///   (``XMLHTTPError``, `CancellationError`); and ``XMLHTTPError/unsupportedRequest(url:reason:)``
        ///   once iteration has ended, when the source is let go: ask before or during it — on an
        ///   actor, before the first event, since the transfer then belongs to the task that parses
        ///   ahead of the loop (see <doc:Concurrency>).
        public mutating func response() async throws -> XMLHTTPResponse? {
            try await feed.response()
        }
    }

    extension EventTapeFeed where Source == XMLByteSource.Iterator {
        /// The head of the source's HTTP response, `nil` for another source: what the iterators of
        /// events, subtrees and records answer. Throws once the feed has let its source go, at the
        /// end of the input or to the task that parses ahead of a loop on an actor.
        mutating func response() async throws -> XMLHTTPResponse? {
            guard stages != nil else { throw XMLHTTPError.responseAfterTheEnd }
            return try await stages?.input.source.response() ?? nil
        }
    }

    extension XMLHTTPError {
        /// What asking an iterator for its response throws once iteration has ended and let its
        /// source go.
        static let responseAfterTheEnd = XMLHTTPError.unsupportedRequest(
            url: nil,
            reason: "the iteration has ended and let its source go, or runs on an actor and handed the transfer to the "
                + "task that parses ahead of it; ask for the response before the first event")
    }
#endif
