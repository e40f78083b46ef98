import Foundation
import XMLEventsInput

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// What ``XMLByteSource`` has of HTTP: its URL and request sources, and the response's head.
extension XMLByteSource {
    /// The body of the response to `request`, received only as fast as it is read: the HTTP
    /// counterpart of `URLSession.bytes(for:)`, and the source of `XMLEvents(request:)`.
    ///
    /// ```swift
    /// let body = XMLByteSource(request: URLRequest(url: feedURL))
    /// let response = try await body.response
    /// print(response?.statusCode ?? 0, response?.expectedContentLength ?? -1)
    /// for try await chunk in body { try await upload.send(chunk) }
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
        self.init(
            .transfer(HTTPSource(request: HTTPTransferRequest(request, configuration: configuration))),
            chunkSize: ChunkSize.standard)
    }

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

    /// The head of the latest iteration's HTTP response — the status, the final URL after
    /// redirects, the header fields (`ETag`, `Last-Modified`, `Content-Type`, …) — waiting for it
    /// if need be; `nil` for a source that has no response: data, a file (also through a `file:`
    /// URL), a descriptor. Like ``progress``, it answers for the latest iteration, from any task,
    /// before its first chunk, while it runs and after it ends.
    ///
    /// ```swift
    /// let events = XMLEvents(request: request)
    /// let etag = try await events.source.response?.value(forHTTPHeaderField: "ETag")
    /// for try await event in events { … }  // the same transfer
    /// ```
    ///
    /// Asked before any iteration, it starts the transfer that the next iteration then reads
    /// (instead of performing the request anew); asked before an iteration's first chunk, it
    /// starts that iteration's transfer. For a conditional request the server may answer
    /// `304 Not Modified`: this is then that head, and the iteration throws
    /// ``XMLHTTPError/notModified(_:)``.
    ///
    /// - Returns: The head of the 2xx response the body belongs to (or of a 304), or `nil` when
    ///   the source is not an HTTP transfer.
    /// - Throws: ``XMLHTTPError`` if the transfer fails before a head, the error the iteration
    ///   throws; `CancellationError` if the waiting task is cancelled.
    public var response: XMLHTTPResponse? {
        get async throws {
            guard case .transfer(let transfer) = kind, let http = transfer as? HTTPSource else { return nil }
            return try await http.responses.response(progress: progress)
        }
    }
}
