import Foundation

/// The resumption of one transfer across its requests, as a plain value: what the first
/// response offered, how many body bytes have come (as sent, before content decoding), how many
/// attempts have failed in a row, and the checks a continuation's head must pass. The transport
/// tells it what happens and carries out what it answers.
///
/// A continuation asks for `Range: bytes=N-` with `If-Range`, `N` being ``receivedByteCount``,
/// and is accepted only as a `206` of the same version (same validator, same content coding)
/// whose `Content-Range` is `bytes N-(L-1)/L`, `L` being the complete length: its bytes are then
/// exactly the ones missing, and with a content coding they continue the same encoded stream, so
/// the decoder and the parser downstream go on as if nothing had happened.
struct HTTPResumption {
    /// What to do at a break.
    enum Plan: Equatable {
        /// Ask for the rest once `backoff` has passed.
        case resume(after: Duration)
        /// End with the break's own error: resumption is off, not offered, or its attempts in a
        /// row are spent.
        case giveUp
        /// End with ``XMLHTTPError/resumptionRefused(url:receivedByteCount:reason:)``.
        case refuse(XMLHTTPError.ResumptionRefusal)
    }

    /// What a continuation's final head means.
    enum Verdict: Equatable {
        /// A `206` that continues the body: stream it.
        case accept
        /// Not a continuation of this body: end the transfer.
        case refuse(XMLHTTPError.ResumptionRefusal)
        /// An error status, which is reported as such.
        case otherStatus
    }

    /// What the first response allows.
    private enum Offer: Equatable {
        /// No `Accept-Ranges: bytes`.
        case notOffered
        /// Ranges without a strong validator.
        case withoutValidator
        case offered(HTTPValidator)
    }

    /// The longest `Content-Range` value kept for an error.
    private static let maximumQuotedLength = 200

    private let policy: XMLHTTPConfiguration.ResumptionPolicy
    /// Whether the request can be repeated as a range: a `GET` without a body, which does not ask
    /// for a range of its own.
    private let isEligible: Bool
    private var offer = Offer.notOffered
    /// The content codings of the first response, which a continuation must share.
    private var codings: [String] = []
    private var attemptsInARow = 0

    /// The body bytes received so far, as sent, over every request: where a continuation starts.
    private(set) var receivedByteCount = 0

    /// The length of the whole body as sent, once known: the first response's `Content-Length`,
    /// or a continuation's complete length.
    private(set) var completeLength: Int?

    /// Whether the current request is a continuation.
    private(set) var isContinuation = false

    /// Whether a continuation has been accepted.
    private(set) var hasResumed = false

    init(policy: XMLHTTPConfiguration.ResumptionPolicy, request: HTTPTransferRequest) {
        self.policy = policy
        isEligible =
            request.method.uppercased() == "GET" && request.body == nil && !request.hasHeader("Range")
            && !request.hasHeader("If-Range")
    }

    /// The first request's final 2xx head came, with `contentLength` if it stated one.
    mutating func firstResponse(status: Int, fields: [(name: String, value: String)], contentLength: Int?) {
        completeLength = contentLength
        codings = Self.codings(in: fields)
        guard status == 200, Self.acceptsByteRanges(fields) else { return }
        switch HTTPValidator.offer(in: fields) {
        case .strong(let validator): offer = .offered(validator)
        case .none: offer = .withoutValidator
        }
    }

    /// `count` body bytes came and were handed on; any progress ends a series of attempts.
    mutating func received(_ count: Int) {
        receivedByteCount += count
        if count > 0 { attemptsInARow = 0 }
    }

    /// The current request broke off (mid-body, or a continuation before its body); says
    /// whether to resume, and after how long. `randomFraction`, from 0 up to 1, places the wait
    /// within the policy's jitter.
    mutating func planAfterBreak(randomFraction: Double) -> Plan {
        guard policy.maximumAttempts > 0, isEligible else { return .giveUp }
        switch offer {
        case .notOffered:
            return .giveUp
        case .withoutValidator:
            return .refuse(.noStrongValidator)
        case .offered:
            guard attemptsInARow < policy.maximumAttempts else { return .giveUp }
            attemptsInARow += 1
            isContinuation = true
            return .resume(after: policy.backoff(beforeAttempt: attemptsInARow, randomFraction: randomFraction))
        }
    }

    /// The header fields that make a request a continuation.
    var continuationFields: [(name: String, value: String)] {
        guard case .offered(let validator) = offer else { return [] }
        return [("Range", "bytes=\(receivedByteCount)-"), ("If-Range", validator.ifRangeValue)]
    }

    /// Judges the final head of a continuation, learning the complete length if it was unknown.
    mutating func verdict(status: Int, fields: [(name: String, value: String)]) -> Verdict {
        guard case .offered(let validator) = offer else { return .refuse(.noStrongValidator) }
        switch status {
        case 206:
            guard validator.matches(fields), Self.codings(in: fields) == codings else {
                return .refuse(.documentChanged)
            }
            let value = Self.value(of: "Content-Range", in: fields)
            let mismatch = Verdict.refuse(
                .contentRangeMismatch(contentRange: value.map { String($0.prefix(Self.maximumQuotedLength)) }))
            guard let range = value.flatMap(HTTPContentRange.init), range.first == receivedByteCount else {
                return mismatch
            }
            // A stated complete length must be the known one; `*` leaves the known one, if any.
            if let stated = range.completeLength, let known = completeLength, stated != known { return mismatch }
            let complete = range.completeLength ?? completeLength
            if let complete, range.last != complete - 1 { return mismatch }
            completeLength = complete
            hasResumed = true
            return .accept
        case 416:
            return .refuse(.rangeNotSatisfiable)
        case 200..<300:
            return .refuse(validator.matches(fields) ? .rangeIgnored : .documentChanged)
        default:
            return .otherStatus
        }
    }

    /// Whether a body that ended without error is still shorter than its complete length, as a
    /// continuation delimited by the connection's end may be.
    var endedShort: Bool {
        guard hasResumed, let completeLength else { return false }
        return receivedByteCount < completeLength
    }

    /// Whether `fields` include `Accept-Ranges: bytes` (among other units, possibly).
    private static func acceptsByteRanges(_ fields: [(name: String, value: String)]) -> Bool {
        fields.contains { field in
            field.name.caseInsensitiveCompare("Accept-Ranges") == .orderedSame
                && field.value.split(separator: ",").contains {
                    $0.trimmingCharacters(in: .whitespaces).lowercased() == "bytes"
                }
        }
    }

    /// The content codings of `fields`, in order, as lowercase tokens, without `identity`.
    private static func codings(in fields: [(name: String, value: String)]) -> [String] {
        fields.filter { $0.name.caseInsensitiveCompare("Content-Encoding") == .orderedSame }.flatMap { field in
            field.value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                .filter { !$0.isEmpty && $0 != "identity" }
        }
    }

    private static func value(of name: String, in fields: [(name: String, value: String)]) -> String? {
        fields.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
