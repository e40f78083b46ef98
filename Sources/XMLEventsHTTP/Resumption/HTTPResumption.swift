import Foundation
import XMLEventsInput

/// The resumption of one transfer across its requests, as a plain value: what the first
/// response offered, how many body bytes have come (as sent, before content decoding), what the
/// attempts so far have cost, the checks a continuation's head must pass, and what becomes of
/// each delivery of body bytes. The transport tells it what happens and carries out what it
/// answers.
///
/// A server with ranges is asked for `Range: bytes=N-` with `If-Range`, `N` being
/// ``receivedByteCount``, and its answer is accepted only as a `206` of the same version (same
/// validator, same content coding) whose `Content-Range` is `bytes N-(L-1)/L`, `L` being the
/// complete length; no byte past that range is taken. A server without ranges is asked for the
/// same version again (`If-Match`, `If-Unmodified-Since`), and its `200` is accepted only with
/// the same validator, coding and length; its first `N` bytes are dropped once they are found to
/// be the ones received. Either way the bytes handed on are exactly the ones missing, and with
/// a content coding they continue the same encoded stream, so the decoder and the parser
/// downstream go on as if nothing had happened.
///
/// Every `206`, a continuation or not, is held to its `Content-Range`; to a request without
/// `Range`, only one that covers the whole representation is taken as the body.
struct HTTPResumption {
    typealias Fields = [(name: String, value: String)]

    /// What to do at a break.
    enum Plan: Equatable {
        /// Ask for the rest once `backoff` has passed.
        case resume(after: Duration)
        /// End with the break's own error: resumption is off, not offered, or its budget is
        /// spent.
        case giveUp
        /// End with ``XMLHTTPError/resumptionRefused(url:receivedByteCount:reason:contentRange:status:)``
        /// for `reason`.
        case refuse(XMLHTTPError.Code)
    }

    /// What a continuation's final head means.
    enum Verdict: Equatable {
        /// It continues the body: stream it.
        case accept
        /// Not a continuation of this body: end the transfer with
        /// ``XMLHTTPError/resumptionRefused(url:receivedByteCount:reason:contentRange:status:)``
        /// for `reason`, with the continuation's `Content-Range` (quoted) or `3xx` status where
        /// the reason has one.
        case refuse(XMLHTTPError.Code, contentRange: String? = nil, status: Int? = nil)
        /// An error status, which is reported as such.
        case otherStatus
    }

    /// What the first response's final 2xx head means for its body.
    enum FirstVerdict: Equatable {
        /// Stream it.
        case accept
        /// A `206` that is not the body asked for
        /// (``XMLHTTPError/partialContentMismatch(url:contentRange:)``): its `Content-Range`.
        case partialContentMismatch(contentRange: String?)
    }

    /// What becomes of one delivery of body bytes: the first ``skipped`` are dropped, the
    /// ``delivered`` after them are handed on, and if ``stop`` is set the transfer ends there.
    struct Intake: Equatable {
        /// Bytes at the start that the transfer already had: a re-read from the start.
        var skipped = 0
        /// Bytes after those to hand on.
        var delivered = 0
        /// Why the transfer must end after handing those on, if it must.
        var stop: Stop?
    }

    /// Why a delivery ends the transfer.
    enum Stop: Equatable {
        /// The bytes received again are not the ones received before: another version.
        case rereadDiffers
        /// The response runs on past the span of its `Content-Range` (quoted, if it had one).
        case exceedsContentRange(String?)
    }

    /// What the first response allows.
    private enum Offer: Equatable {
        /// No strong validator, and no ranges either.
        case notOffered
        /// Ranges without a strong validator.
        case withoutValidator
        /// Ranges with a strong validator: ask for the missing bytes.
        case ranges(HTTPValidator)
        /// A strong validator without ranges: ask for the same version again and skip.
        case rereading(HTTPValidator)
    }

    /// The longest `Content-Range` value kept for an error.
    private static let maximumQuotedLength = 200

    private let policy: HTTPResumptionPolicy
    /// Whether the request can be repeated: a `GET` without a body, which does not ask for a
    /// range of its own nor carries an `If-Range`.
    private let isEligible: Bool
    /// Whether the request asked for a range of its own, which a `206` may answer with a part.
    private let asksForRange: Bool
    private var offer = Offer.notOffered
    /// The content codings of the first response, which a continuation must share.
    private var codings: [String] = []
    /// The first response's `Content-Length`, which a re-read must state too.
    private var firstContentLength: Int?
    private var attemptsInARow = 0
    /// Continuations decided on whose request brought, or has brought so far, less than
    /// ``HTTPResumptionPolicy/minimumProgress``; the current one is counted
    /// at the next break.
    private var shortContinuations = 0
    /// ``receivedByteCount`` when the current continuation was decided on.
    private var continuationStart: Int?
    /// Where the current response's bytes must end, as an offset of the whole body: past the
    /// last byte of a `206`'s `Content-Range`.
    private var partEnd: Int?
    /// That `Content-Range`, quoted for an error.
    private var partContentRange: String?
    /// Bytes of the current response still to drop: a re-read that has not yet reached the
    /// byte where the body broke off.
    private var bytesToSkip = 0
    /// The digest of the body's first ``receivedByteCount`` bytes, kept while re-reading is
    /// what the server offers.
    private var receivedDigest = BodyChecksum()
    /// The digest of the bytes the current re-read has dropped so far.
    private var rereadDigest = BodyChecksum()

    /// The body bytes received so far, as sent, over every request, each counted once: where a
    /// continuation starts.
    private(set) var receivedByteCount = 0

    /// The bytes received again and dropped, over every re-read.
    private(set) var rereadByteCount = 0

    /// The length of the whole body as sent, once known: the first response's `Content-Length`,
    /// or a continuation's complete length.
    private(set) var completeLength: Int?

    /// Whether the current request is a continuation.
    private(set) var isContinuation = false

    /// Whether a continuation has been accepted.
    private(set) var hasResumed = false

    init(policy: HTTPResumptionPolicy, request: HTTPTransferRequest) {
        self.policy = policy
        asksForRange = request.hasHeader("Range")
        isEligible =
            request.method.uppercased() == "GET" && request.body == nil && !asksForRange
            && !request.hasHeader("If-Range")
    }

    // MARK: The first response

    /// The first request's final 2xx head came, with `contentLength` if it stated one; says
    /// whether its body is the one asked for.
    mutating func firstResponse(status: Int, fields: Fields, contentLength: Int?) -> FirstVerdict {
        completeLength = contentLength
        firstContentLength = contentLength
        codings = Self.codings(in: fields)
        if status == 206 {
            let value = Self.value(of: "Content-Range", in: fields)
            let range = value.flatMap(HTTPContentRange.init)
            let quoted = value.map(Self.quoted)
            if asksForRange {
                // The part asked for, held to its Content-Range (a multipart answer has none).
                guard let range else { return .accept }
                if let contentLength, contentLength != range.byteCount {
                    return .partialContentMismatch(contentRange: quoted)
                }
                partEnd = range.byteCount
                partContentRange = quoted
                return .accept
            }
            guard let whole = range?.wholeLength, contentLength.map({ $0 == whole }) ?? true else {
                return .partialContentMismatch(contentRange: quoted)
            }
            completeLength = whole
            partEnd = whole
            partContentRange = quoted
        } else if status != 200 {
            return .accept
        }
        let hasRanges = Self.acceptsByteRanges(fields)
        switch HTTPValidator.offer(in: fields) {
        case .strong(let validator): offer = hasRanges ? .ranges(validator) : .rereading(validator)
        case .none: offer = hasRanges ? .withoutValidator : .notOffered
        }
        return .accept
    }

    // MARK: Body bytes

    /// Body bytes came; says which of them to hand on, and whether the transfer ends after them.
    mutating func intake(_ bytes: UnsafeRawBufferPointer) -> Intake {
        var intake = Intake()
        if bytesToSkip > 0 {
            let count = Swift.min(bytesToSkip, bytes.count)
            rereadDigest.add(UnsafeRawBufferPointer(rebasing: bytes[..<count]))
            bytesToSkip -= count
            rereadByteCount += count
            intake.skipped = count
            if bytesToSkip == 0, rereadDigest != receivedDigest {
                intake.stop = .rereadDiffers
                return intake
            }
        }
        var count = bytes.count - intake.skipped
        if let partEnd, receivedByteCount + count > partEnd {
            count = Swift.max(0, partEnd - receivedByteCount)
            intake.stop = .exceedsContentRange(partContentRange)
        }
        guard count > 0 else { return intake }
        if case .rereading = offer {
            receivedDigest.add(UnsafeRawBufferPointer(rebasing: bytes[intake.skipped..<(intake.skipped + count)]))
        }
        receivedByteCount += count
        // Any new byte ends a series of attempts in a row.
        attemptsInARow = 0
        intake.delivered = count
        return intake
    }

    /// Whether a body that ended without error is still short: of the bytes a re-read must
    /// skip, of the span of a `206`'s `Content-Range`, or of the complete length once resumed
    /// (a response delimited by the connection's end may stop anywhere).
    var endedShort: Bool {
        if bytesToSkip > 0 { return true }
        if let partEnd, receivedByteCount < partEnd { return true }
        guard hasResumed, let completeLength else { return false }
        return receivedByteCount < completeLength
    }

    // MARK: Breaks and continuations

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
        case .ranges, .rereading:
            break
        }
        if let start = continuationStart,
            receivedByteCount - start < HTTPResumptionPolicy.minimumProgress
        {
            shortContinuations += 1
        }
        guard attemptsInARow < policy.maximumAttempts, shortContinuations < policy.maximumShortContinuations
        else { return .giveUp }
        if case .rereading = offer, !affordsAnotherReread { return .giveUp }
        attemptsInARow += 1
        continuationStart = receivedByteCount
        isContinuation = true
        // The back-off grows with the attempts in a row, and across the transfer with every
        // continuation that brought little: this one counts as one until it proves otherwise.
        let step = Swift.max(attemptsInARow, shortContinuations + 1)
        return .resume(after: policy.backoff(beforeAttempt: step, randomFraction: randomFraction))
    }

    /// Whether re-reading the bytes received once more keeps the bytes re-read over the
    /// transfer within ``HTTPResumptionPolicy/maximumRereadFactor`` times the
    /// document's length (as sent: the complete length, or the bytes received while it is
    /// unknown).
    ///
    /// Each re-read costs every byte received so far, and a continuation that brings 1 MiB or
    /// more is not counted against the short ones: without this bound, a server that cuts
    /// every connection a little past the last would be re-read in a total that grows with
    /// the square of the document's length.
    private var affordsAnotherReread: Bool {
        let length = Swift.max(completeLength ?? 0, receivedByteCount)
        let (budget, overflow) = length.multipliedReportingOverflow(
            by: HTTPResumptionPolicy.maximumRereadFactor)
        return overflow || rereadByteCount + receivedByteCount <= budget
    }

    /// The header fields that make a request a continuation; they replace any of the same
    /// names.
    var continuationFields: Fields {
        switch offer {
        case .ranges(let validator):
            return [("Range", "bytes=\(receivedByteCount)-"), ("If-Range", validator.ifRangeValue)]
        case .rereading(let validator):
            return [validator.preconditionField]
        case .notOffered, .withoutValidator:
            return []
        }
    }

    /// Judges the final head of a continuation, learning the complete length if it was unknown.
    mutating func verdict(status: Int, fields: Fields) -> Verdict {
        // Whatever the validator says: it names a version of this resource only.
        if (300..<400).contains(status) { return .refuse(.redirected, status: status) }
        switch offer {
        case .ranges(let validator):
            return rangeVerdict(status: status, fields: fields, validator: validator)
        case .rereading(let validator):
            return rereadVerdict(status: status, fields: fields, validator: validator)
        case .notOffered, .withoutValidator:
            return .refuse(.noStrongValidator)
        }
    }

    /// A continuation asked for with `Range` and `If-Range`.
    private mutating func rangeVerdict(status: Int, fields: Fields, validator: HTTPValidator) -> Verdict {
        switch status {
        case 206:
            guard validator.matches(fields), Self.codings(in: fields) == codings else {
                return .refuse(.documentChanged)
            }
            let value = Self.value(of: "Content-Range", in: fields)
            let quoted = value.map(Self.quoted)
            let mismatch = Verdict.refuse(.contentRangeMismatch, contentRange: quoted)
            guard let range = value.flatMap(HTTPContentRange.init), range.first == receivedByteCount else {
                return mismatch
            }
            // A stated complete length must be the known one; `*` leaves the known one, if any.
            if let stated = range.completeLength, let known = completeLength, stated != known { return mismatch }
            let complete = range.completeLength ?? completeLength
            if let complete, range.last != complete - 1 { return mismatch }
            if let length = Self.contentLength(in: fields), length != range.byteCount {
                if length > range.byteCount { return .refuse(.contentRangeExceeded, contentRange: quoted) }
                return mismatch
            }
            completeLength = complete
            partEnd = range.last + 1
            partContentRange = quoted
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

    /// A continuation asked for as the same version again, without a range: a `200` (or a `206`
    /// of the whole) with the same validator, coding and length, whose first bytes are skipped.
    private mutating func rereadVerdict(status: Int, fields: Fields, validator: HTTPValidator) -> Verdict {
        switch status {
        case 200, 206:
            guard validator.matches(fields), Self.codings(in: fields) == codings else {
                return .refuse(.documentChanged)
            }
            var length = Self.contentLength(in: fields)
            if status == 206 {
                let value = Self.value(of: "Content-Range", in: fields)
                guard let whole = value.flatMap(HTTPContentRange.init)?.wholeLength else {
                    return .refuse(.contentRangeMismatch, contentRange: value.map(Self.quoted))
                }
                length = whole
            }
            // The same version has the same length; without a stated one, the digest decides.
            if let firstContentLength, length != firstContentLength { return .refuse(.documentChanged) }
            if let length, length < receivedByteCount { return .refuse(.documentChanged) }
            bytesToSkip = receivedByteCount
            rereadDigest = BodyChecksum()
            partEnd = nil
            hasResumed = true
            return .accept
        case 412:
            return .refuse(.documentChanged)
        case 200..<300:
            return .refuse(.documentChanged)
        default:
            return .otherStatus
        }
    }

    // MARK: Fields

    /// Whether `fields` include `Accept-Ranges: bytes` (among other units, possibly).
    private static func acceptsByteRanges(_ fields: Fields) -> Bool {
        fields.contains { field in
            field.name.caseInsensitiveCompare("Accept-Ranges") == .orderedSame
                && field.value.split(separator: ",").contains {
                    $0.trimmingCharacters(in: .whitespaces).lowercased() == "bytes"
                }
        }
    }

    /// The content codings of `fields`, in order, as lowercase tokens, without `identity`.
    private static func codings(in fields: Fields) -> [String] {
        fields.filter { $0.name.caseInsensitiveCompare("Content-Encoding") == .orderedSame }.flatMap { field in
            field.value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                .filter { !$0.isEmpty && $0 != "identity" }
        }
    }

    /// The `Content-Length` of `fields`, if it is a plain decimal number.
    private static func contentLength(in fields: Fields) -> Int? {
        guard let value = value(of: "Content-Length", in: fields)?.trimmingCharacters(in: .whitespaces),
            !value.isEmpty, value.count <= 18, value.allSatisfy({ $0.isASCII && $0.isNumber })
        else { return nil }
        return Int(value)
    }

    private static func value(of name: String, in fields: Fields) -> String? {
        fields.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// A header value as kept for an error: its first ``maximumQuotedLength`` characters.
    private static func quoted(_ value: String) -> String {
        String(value.prefix(maximumQuotedLength))
    }
}
