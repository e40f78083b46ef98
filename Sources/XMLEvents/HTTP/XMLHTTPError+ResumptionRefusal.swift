extension XMLHTTPError {
    /// Why a transfer that broke off could not be continued, in
    /// ``XMLHTTPError/resumptionRefused(url:receivedByteCount:reason:)``.
    ///
    /// A continuation is accepted only when the server offered ranges with a strong validator,
    /// and then only as a `206 Partial Content` of the same version of the document (the same
    /// validator and content coding) whose `Content-Range` starts at the byte the transfer had
    /// reached and has the same complete length. Anything else would splice bytes that do not
    /// belong together, so it ends the transfer with one of these reasons instead.
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
        /// that ignores `If-Range`). None of it was delivered.
        case documentChanged

        /// The server answered the continuation `416 Range Not Satisfiable`: the document is no
        /// longer as long as the bytes already received.
        case rangeNotSatisfiable

        /// The server answered `206` with a `Content-Range` that is missing, malformed, starts
        /// elsewhere than the byte reached, stops before the end, or states another complete
        /// length; `contentRange` is its value, if there was one.
        case contentRangeMismatch(contentRange: String?)

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
            }
        }
    }
}
