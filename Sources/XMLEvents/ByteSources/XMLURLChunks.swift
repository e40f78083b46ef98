#if HTTP
    import Foundation

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// The bytes of the document at a URL, read as the consumer asks for them — a local file for a
    /// `file:` URL, an HTTP transfer for `http` and `https` — the source of `XMLEvents(url:)`.
    ///
    /// ```swift
    /// let events = XMLEvents(url: documentURL)  // file:, http or https
    /// print(events.source.progress.fractionCompleted ?? 0)
    /// ```
    ///
    /// The scheme picks the source: a file is read in chunks of `fileChunkSize` bytes (see
    /// ``XMLFileChunks``), an HTTP body streams with backpressure (see ``XMLHTTPChunks``, whose
    /// configuration applies). Any other URL reads nothing, not even a local file of the same
    /// path: the first `next()` throws ``XMLByteSourceError/unsupportedURL(url:)``, naming the
    /// schemes supported.
    public struct XMLURLChunks: AsyncSequence, Sendable {
        /// Each element is the next bytes of the document.
        public typealias Element = Data
        /// ``XMLByteSourceError`` for a file, ``XMLHTTPError`` for HTTP, or `CancellationError`.
        public typealias Failure = any Error

        private enum Kind: Sendable {
            case file(XMLFileChunks)
            case http(XMLHTTPChunks)
        }

        /// The URL each iteration reads.
        public let url: URL

        /// How far the latest iteration has read, the same for a file and a transfer.
        public let progress: XMLSourceProgress

        private let kind: Kind

        /// The bytes at `url`.
        ///
        /// - Parameters:
        ///   - url: A `file:` URL (with no host, or `localhost`), or an `http` or `https` URL.
        ///   - configuration: How an HTTP transfer buffers, times out, redirects and resumes.
        ///   - fileChunkSize: The most bytes read from a file at once.
        public init(url: URL, configuration: XMLHTTPConfiguration = .default, fileChunkSize: Int = 64 * 1024) {
            self.url = url
            let progress = XMLSourceProgress()
            self.progress = progress
            switch url.scheme?.lowercased() {
            case "http", "https":
                kind = .http(
                    XMLHTTPChunks(request: URLRequest(url: url), configuration: configuration, progress: progress))
            default:
                let refusal = XMLFileChunks.namesLocalFile(url) ? nil : XMLByteSourceError.unsupportedURL(url: url)
                let path = refusal == nil ? url.path : ""
                kind = .file(XMLFileChunks(path: path, chunkSize: fileChunkSize, refusal: refusal, progress: progress))
            }
        }

        /// Creates an iterator; the file is opened, or the request made, by its first `next()`.
        public func makeAsyncIterator() -> Iterator {
            switch kind {
            case .file(let file): Iterator(reader: .file(file.makeAsyncIterator()))
            case .http(let http): Iterator(reader: .http(http.makeAsyncIterator()))
            }
        }

        /// Reads the document once.
        public struct Iterator: AsyncIteratorProtocol {
            /// Each element is the next bytes of the document.
            public typealias Element = Data
            /// See ``XMLURLChunks/Failure``.
            public typealias Failure = any Error

            fileprivate enum Reader {
                case file(XMLFileChunks.Iterator)
                case http(XMLHTTPChunks.Iterator)
            }

            fileprivate var reader: Reader

            /// The next bytes, or `nil` at the document's end.
            ///
            /// - Throws: ``XMLByteSourceError``, ``XMLHTTPError``, or `CancellationError`.
            public mutating func next() async throws -> Data? {
                try await next(isolation: nil)
            }

            /// The next bytes, or `nil` at the document's end, resuming on the caller's actor.
            ///
            /// - Parameter actor: The caller's actor, usually `#isolation`.
            /// - Throws: ``XMLByteSourceError``, ``XMLHTTPError``, or `CancellationError`.
            public mutating func next(isolation actor: isolated (any Actor)?) async throws -> Data? {
                switch reader {
                case .file(var file):
                    defer { reader = .file(file) }
                    return try await file.next(isolation: actor)
                case .http(var http):
                    defer { reader = .http(http) }
                    return try await http.next(isolation: actor)
                }
            }

            /// The HTTP response's head, starting the transfer if need be; `nil` for a file, which
            /// has none. See ``XMLHTTPChunks/Iterator/response()``.
            ///
            /// - Throws: What the first ``next()`` throws if the transfer fails before a head.
            public mutating func response() async throws -> XMLHTTPResponse? {
                guard case .http(var http) = reader else { return nil }
                defer { reader = .http(http) }
                return try await http.response()
            }
        }
    }

    extension XMLURLChunks.Iterator: ChunkReadiness {
        /// A file's chunks are at hand as ``XMLFileChunks``' are; an HTTP body's are not known to be.
        @usableFromInline var hasChunkAtHand: Bool {
            guard case .file(let file) = reader else { return false }
            return file.hasChunkAtHand
        }
    }
#endif
