import XMLEventsInput

extension XMLHTTPError {
    /// Why a transfer that broke off could not be continued, in the
    /// ``XMLHTTPError/resumptionRefusal`` of an error of code ``XMLHTTPError/Code/resumptionRefused``.
    ///
    /// A continuation is accepted only from the same resource and of the same version of the
    /// document (the same strong validator and content coding). With ranges, it must be a
    /// `206 Partial Content` whose `Content-Range` starts at the byte the transfer had reached
    /// and has the same complete length, and it may send no more than that range spans; without
    /// ranges, a `200` with the same length whose bytes up to that point are the ones received.
    /// Anything else would splice bytes that do not belong together, so it ends the transfer
    /// with one of these reasons instead. Tell them apart by ``code``:
    ///
    /// ```swift
    /// if let refusal = error.resumptionRefusal, refusal.code == .rangeIgnored { … }
    /// ```
    public struct ResumptionRefusal: Sendable, Hashable, CustomStringConvertible {
        /// Which refusal it is. The numbers are stable; new codes may come in later versions.
        public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
            /// The numeric code.
            public var rawValue: Int

            /// Creates a code from its number.
            ///
            /// - Parameter rawValue: The number of one of the codes declared here.
            public init(rawValue: Int) { self.rawValue = rawValue }

            /// The first response offered ranges (`Accept-Ranges: bytes`) but no strong
            /// validator to ask for the same version with: no `ETag` other than a weak one
            /// (`W/"…"`, which `If-Range` may not carry), and no `Last-Modified` at least a
            /// second older than its `Date`. No continuation was asked for.
            public static let noStrongValidator = Code(rawValue: 1)

            /// The server answered the continuation with the whole body again (`200` with the
            /// same validator): it ignores `Range`. None of that body was delivered.
            public static let rangeIgnored = Code(rawValue: 2)

            /// The server answered the continuation for another version of the document: a
            /// different (or missing) `ETag` or `Last-Modified`, or another content coding,
            /// whether with the whole body (`200`, as `If-Range` asks) or with a part (`206`,
            /// from a server that ignores `If-Range`); or, asked for the same version again
            /// without ranges, `412 Precondition Failed`, another length, or bytes other than the
            /// ones received before. None of it was delivered.
            public static let documentChanged = Code(rawValue: 3)

            /// The server answered the continuation `416 Range Not Satisfiable`: the document is
            /// no longer as long as the bytes already received.
            public static let rangeNotSatisfiable = Code(rawValue: 4)

            /// The server answered `206` with a `Content-Range` that is missing, malformed,
            /// starts elsewhere than the byte reached, stops before the end (or goes past it),
            /// states another complete length, or spans more bytes than the `Content-Length` sent
            /// with it; ``ResumptionRefusal/contentRange`` is its value, if there was one.
            public static let contentRangeMismatch = Code(rawValue: 5)

            /// The continuation's `206` sent more bytes than its `Content-Range` spans: a body
            /// delimited by the connection's end, or in chunks, that runs on past the range's
            /// last byte (the bytes within the range were delivered, none after them), or a
            /// `Content-Length` larger than the span (refused before any of it).
            /// ``ResumptionRefusal/contentRange`` is its value.
            public static let contentRangeExceeded = Code(rawValue: 6)

            /// The server answered the continuation with ``ResumptionRefusal/status``, a `3xx`
            /// (a redirect, to a mirror say): a validator names a version of one resource only,
            /// so a part of another resource is never taken as the rest of this one, whatever
            /// its `ETag`. None of it was delivered, and the redirect was not followed.
            public static let redirected = Code(rawValue: 7)

            /// The code's name with its number, for example `rangeIgnored (2)`;
            /// `ResumptionRefusal code 99` for a number not declared here.
            public var description: String {
                guard let name else { return "ResumptionRefusal code \(rawValue)" }
                return "\(name) (\(rawValue))"
            }

            /// The name of a code declared here, as spelled in Swift (`rangeIgnored`), or `nil`
            /// for another number: for logs and machine-readable output.
            public var name: String? { Code.names[rawValue] }

            private static let names: [Int: String] = [
                Code.noStrongValidator.rawValue: "noStrongValidator", Code.rangeIgnored.rawValue: "rangeIgnored",
                Code.documentChanged.rawValue: "documentChanged",
                Code.rangeNotSatisfiable.rawValue: "rangeNotSatisfiable",
                Code.contentRangeMismatch.rawValue: "contentRangeMismatch",
                Code.contentRangeExceeded.rawValue: "contentRangeExceeded", Code.redirected.rawValue: "redirected",
            ]
        }

        /// Which refusal it is.
        public let code: Code

        /// The continuation's `Content-Range` value, for ``Code/contentRangeMismatch`` (`nil`
        /// there if it had none) and ``Code/contentRangeExceeded``.
        public let contentRange: String?

        /// The continuation's `3xx` status, for ``Code/redirected``.
        public let status: Int?

        private init(_ code: Code, contentRange: String? = nil, status: Int? = nil) {
            self.code = code
            self.contentRange = contentRange
            self.status = status
        }

        /// No strong validator to ask for the same version with; see ``Code/noStrongValidator``.
        public static let noStrongValidator = ResumptionRefusal(.noStrongValidator)

        /// The server ignores `Range`; see ``Code/rangeIgnored``.
        public static let rangeIgnored = ResumptionRefusal(.rangeIgnored)

        /// The document changed; see ``Code/documentChanged``.
        public static let documentChanged = ResumptionRefusal(.documentChanged)

        /// The server answered `416`; see ``Code/rangeNotSatisfiable``.
        public static let rangeNotSatisfiable = ResumptionRefusal(.rangeNotSatisfiable)

        /// A `Content-Range` that does not continue the bytes received; see
        /// ``Code/contentRangeMismatch``.
        ///
        /// - Parameter contentRange: The continuation's `Content-Range`, if it had one.
        /// - Returns: A refusal of code ``Code/contentRangeMismatch``.
        public static func contentRangeMismatch(contentRange: String?) -> ResumptionRefusal {
            ResumptionRefusal(.contentRangeMismatch, contentRange: contentRange)
        }

        /// More bytes than the `Content-Range` spans; see ``Code/contentRangeExceeded``.
        ///
        /// - Parameter contentRange: The continuation's `Content-Range`.
        /// - Returns: A refusal of code ``Code/contentRangeExceeded``.
        public static func contentRangeExceeded(contentRange: String?) -> ResumptionRefusal {
            ResumptionRefusal(.contentRangeExceeded, contentRange: contentRange)
        }

        /// The continuation was answered with a redirect; see ``Code/redirected``.
        ///
        /// - Parameter status: The `3xx` status.
        /// - Returns: A refusal of code ``Code/redirected``.
        public static func redirected(status: Int) -> ResumptionRefusal {
            ResumptionRefusal(.redirected, status: status)
        }

        /// A sentence for ``XMLHTTPError/description``.
        public var description: String {
            switch code {
            case .noStrongValidator:
                return "the server offers ranges but no strong ETag or Last-Modified to ask for the same version"
            case .rangeIgnored:
                return "the server ignores Range and sent the whole body again"
            case .documentChanged:
                return "the document changed since the transfer began"
            case .rangeNotSatisfiable:
                return "the server answered 416 Range Not Satisfiable"
            case .contentRangeMismatch:
                let value = contentRange.map { "'\($0)'" } ?? "missing"
                return "the continuation's Content-Range (\(value)) does not continue the bytes received"
            case .contentRangeExceeded:
                let value = contentRange.map { "'\($0)'" } ?? "missing"
                return "the continuation sent more bytes than its Content-Range (\(value)) spans"
            case .redirected:
                let status = status.map(String.init) ?? "a redirect"
                return "the continuation was answered with HTTP \(status) instead of the rest of the same resource"
            default:
                return "the continuation was refused: \(code)"
            }
        }
    }
}
