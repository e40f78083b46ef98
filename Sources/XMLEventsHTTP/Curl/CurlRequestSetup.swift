import XMLEventsInput

#if canImport(CCurl)
    import CCurl
    import Foundation

    /// The options that make an easy handle perform one ``HTTPTransferRequest``.
    enum CurlRequestSetup {
        /// One libcurl read, and so one write to the consumer's buffer: libcurl's default
        /// (`CURL_MAX_WRITE_SIZE`), set explicitly because the buffer bound relies on it.
        static let readSize = 16_384

        // `CURLOPT_PROTOCOLS_STR` and `CURLOPT_REDIR_PROTOCOLS_STR` (libcurl 7.85) by number, so
        // that the package still builds against older headers; older libraries refuse them, and
        // their defaults (no `file:` redirects since 7.65.2) plus the scheme check apply.
        private static let protocolsOption = CURLoption(rawValue: 10_000 + 318)
        private static let redirectProtocolsOption = CURLoption(rawValue: 10_000 + 319)

        static func apply(
            _ request: HTTPTransferRequest,
            url: URL,
            id: UInt64,
            to easy: CurlEasyHandle
        ) throws(CurlEasyHandle.OptionRefused) {
            try easy.set(CURLOPT_URL, url.absoluteString)
            _ = try? easy.set(protocolsOption, "http,https")
            _ = try? easy.set(redirectProtocolsOption, "http,https")
            // Transfers run on a thread of their own: signals must not be used for timeouts.
            try easy.set(CURLOPT_NOSIGNAL, true)
            // HTTP/2 would let libcurl buffer a paused stream's whole window (32 MiB in 7.88)
            // instead of leaving the bytes in the network; HTTP/1.1 pauses at the socket.
            try easy.set(CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_1_1)
            try easy.set(CURLOPT_BUFFERSIZE, readSize)
            // The body comes as sent: libcurl would decode a whole read even while the transfer is
            // paused, and keep all of its output. ``ContentDecodingPipeline`` decodes it as the
            // consumer reads, and the request asks only for the codings it decodes.
            try easy.set(CURLOPT_HTTP_CONTENT_DECODING, false)
            // Redirects are followed by ``CurlTransfer``, for exactly the statuses the package
            // counts as redirects (libcurl would follow a `Location` on any 3xx).
            try easy.set(CURLOPT_FOLLOWLOCATION, false)
            try easy.set(CURLOPT_CONNECTTIMEOUT_MS, Int(request.connectTimeout.roundedUpMilliseconds))
            if !request.usesEnvironmentProxies {
                // An empty proxy disables every proxy, the environment's included.
                try easy.set(CURLOPT_PROXY, "")
            }
            if let bundle = request.certificateAuthorityBundlePath {
                try easy.set(CURLOPT_CAINFO, bundle)
            }
            // The transfer's id, to find it again when libcurl reports it finished.
            try easy.set(CURLOPT_PRIVATE, pointer: UnsafeRawPointer(bitPattern: UInt(id)))
            if let userAgent = request.userAgent, !request.hasHeader("User-Agent") {
                try easy.set(CURLOPT_USERAGENT, userAgent)
            }
            try applyMethod(request, to: easy)
            var lines = request.headers.map { "\($0.name): \($0.value)" }
            if !request.hasHeader("Accept-Encoding") {
                lines.append(
                    "Accept-Encoding: " + ContentCodingList.acceptEncoding(for: request.acceptedContentCodings))
            }
            try easy.setHeaders(lines)
        }

        private static func applyMethod(
            _ request: HTTPTransferRequest,
            to easy: CurlEasyHandle
        ) throws(CurlEasyHandle.OptionRefused) {
            let method = request.method.uppercased()
            if let body = request.body {
                try easy.setBody(body)  // makes it a POST …
                if method != "POST" { try easy.set(CURLOPT_CUSTOMREQUEST, request.method) }  // … unless told otherwise
            } else if method == "HEAD" {
                try easy.set(CURLOPT_NOBODY, true)
            } else if method != "GET" {
                try easy.set(CURLOPT_CUSTOMREQUEST, request.method)
            }
        }
    }

    extension Duration {
        /// Whole milliseconds, rounded up so that a wait never ends before its deadline; libcurl
        /// counts its timeouts and its poll in milliseconds. Callers keep durations far from
        /// `Int64.max` milliseconds (see ``HTTPTransferRequest``).
        var roundedUpMilliseconds: Int64 {
            let (seconds, attoseconds) = components
            return seconds * 1_000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        }
    }
#endif
