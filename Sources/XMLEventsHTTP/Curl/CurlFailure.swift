import XMLEventsInput

#if canImport(CCurl)
    import CCurl
    import Foundation

    /// libcurl's failures as ``XMLHTTPError``s.
    enum CurlFailure {
        /// `CURLE_TOO_LARGE` (libcurl 8.6) by number, so that older headers still build.
        private static let tooLarge = CURLcode(rawValue: 100)

        /// The error for a transfer that libcurl ended with `code`, `inHead` if the response's
        /// head was not complete.
        static func error(
            for code: CURLcode,
            of easy: CurlEasyHandle,
            url: URL,
            request: HTTPTransferRequest,
            inHead: Bool = false
        ) -> XMLHTTPError {
            let message = easy.message(for: code)
            switch code {
            case CURLE_OUT_OF_MEMORY where inHead, tooLarge where inHead:
                // libcurl refuses a header line over its limit with "out of memory" (before 8.6)
                // or "too large"; its own allocations hardly fail first.
                return .headerTooLarge(url: url, limit: CurlResponseHead.maximumLineByteCount)
            case CURLE_RECV_ERROR where inHead && message.hasPrefix("Too large response headers"):
                // libcurl 7.88 and later bound the whole head as ``CurlResponseHead`` does.
                return .headerTooLarge(url: url, limit: CurlResponseHead.maximumByteCount)
            case CURLE_COULDNT_RESOLVE_HOST:
                return .hostNotFound(url: url)
            case CURLE_COULDNT_CONNECT where easy.integer(CURLINFO_OS_ERRNO) == Int(ECONNREFUSED):
                return .connectionRefused(url: url)
            case CURLE_OPERATION_TIMEDOUT:
                // The connect timeout is the only timeout libcurl is given; the idle one is ours.
                return .connectTimedOut(url: url, after: request.connectTimeout)
            case CURLE_PARTIAL_FILE:
                return .truncatedBody(
                    url: url,
                    receivedByteCount: easy.offset(CURLINFO_SIZE_DOWNLOAD_T) ?? 0,
                    expectedByteCount: easy.offset(CURLINFO_CONTENT_LENGTH_DOWNLOAD_T)
                )
            case CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING:
                return .connectionLost(url: url, reason: message)
            case CURLE_TOO_MANY_REDIRECTS:
                return .tooManyRedirects(url: url, limit: request.maximumRedirects)
            case CURLE_BAD_CONTENT_ENCODING:
                return .undecodableContent(url: url, reason: message)
            case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
                return .unsupportedRequest(url: url, reason: message)
            default:
                return .transferFailed(url: url, code: Int(code.rawValue), message: message)
            }
        }

        /// The error for a transfer during which the server sent nothing for the idle timeout:
        /// a stall once the request went out, a slow connection before.
        static func idleError(of easy: CurlEasyHandle, url: URL, request: HTTPTransferRequest) -> XMLHTTPError {
            // libcurl records the pre-transfer time (µs) once connected, the request about to go out.
            let hasConnected = (easy.offset(CURLINFO_PRETRANSFER_TIME_T) ?? 0) > 0
            return hasConnected
                ? .stalled(url: url, after: request.idleTimeout)
                : .connectTimedOut(url: url, after: request.idleTimeout)
        }
    }
#endif
