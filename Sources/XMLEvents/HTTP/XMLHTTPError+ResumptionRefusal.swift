#if HTTP
    extension XMLHTTPError {
        /// Why a transfer that broke off could not be continued, in
        /// ``XMLHTTPError/resumptionRefused(url:receivedByteCount:reason:)``.
        ///
        /// A continuation is accepted only from the same resource and of the same version of the
        /// document (the same strong validator and content coding). With ranges, it must be a
        /// `206 Partial Content` whose `Content-Range` starts at the byte the transfer had reached
        /// and has the same complete length, and it may send no more than that range spans; without
        /// ranges, a `200` with the same length whose bytes up to that point are the ones received.
        /// Anything else would splice bytes that do not belong together, so it ends the transfer
        /// with one of these reasons instead.
        public enum ResumptionRefusal: Sendable, Hashable, CustomStringConvertible {
            /// The first response offered ranges (`Accept-Ranges: bytes`) but no strong validator
            /// to ask for the same version with: no `ETag` other than a weak one (`W/"…"`, which
            /// `If-Range` may not carry), and no `Last-Modified` at least a second older than its
            /// `Date`. No continuation was asked for.
            case noStrongValidator

            /// The server answered the continuation with the whole body again (`200` with the same
            /// validator): it ignores `Range`. None of that body was delivered.
            case rangeIgnored

            /// The server answered the continuation for another version of the document: a
            /// different (or missing) `ETag` or `Last-Modified`, or another content coding, whether
            /// with the whole body (`200`, as `If-Range` asks) or with a part (`206`, from a server
            /// that ignores `If-Range`); or, asked for the same version again without ranges,
            /// `412 Precondition Failed`, another length, or bytes other than the ones received
            /// before. None of it was delivered.
            case documentChanged

            /// The server answered the continuation `416 Range Not Satisfiable`: the document is no
            /// longer as long as the bytes already received.
            case rangeNotSatisfiable

            /// The server answered `206` with a `Content-Range` that is missing, malformed, starts
            /// elsewhere than the byte reached, stops before the end (or goes past it), states
            /// another complete length, or spans more bytes than the `Content-Length` sent with it;
            /// `contentRange` is its value, if there was one.
            case contentRangeMismatch(contentRange: String?)

            /// The continuation's `206` sent more bytes than its `Content-Range` spans: a body
            /// delimited by the connection's end, or in chunks, that runs on past the range's last
            /// byte (the bytes within the range were delivered, none after them), or a
            /// `Content-Length` larger than the span (refused before any of it). `contentRange` is
            /// its value.
            case contentRangeExceeded(contentRange: String?)

            /// The server answered the continuation with `status`, a `3xx` (a redirect, to a mirror
            /// say): a validator names a version of one resource only, so a part of another
            /// resource is never taken as the rest of this one, whatever its `ETag`. None of it was
            /// delivered, and the redirect was not followed.
            case redirected(status: Int)

            /// A sentence for ``XMLHTTPError/description``.
            public var description: String {
                switch self {
                case .noStrongValidator:
                    return "the server offers ranges but no strong ETag or Last-Modified to ask for the same version"
                case .rangeIgnored:
                    return "the server ignores Range and sent the whole body again"
                case .documentChanged:
                    return "the document changed since the transfer began"
                case .rangeNotSatisfiable:
                    return "the server answered 416 Range Not Satisfiable"
                case .contentRangeMismatch(let contentRange):
                    let value = contentRange.map { "'\($0)'" } ?? "missing"
                    return "the continuation's Content-Range (\(value)) does not continue the bytes received"
                case .contentRangeExceeded(let contentRange):
                    let value = contentRange.map { "'\($0)'" } ?? "missing"
                    return "the continuation sent more bytes than its Content-Range (\(value)) spans"
                case .redirected(let status):
                    return "the continuation was answered with HTTP \(status) instead of the rest of the same resource"
                }
            }
        }
    }
#endif
