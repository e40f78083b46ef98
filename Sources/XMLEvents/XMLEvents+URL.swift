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
#endif
