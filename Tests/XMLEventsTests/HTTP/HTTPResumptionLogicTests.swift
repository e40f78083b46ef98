import Foundation
import Testing

@testable import XMLEvents
@testable import XMLEventsHTTP

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The rules of resumption as plain values: which validators may go in `If-Range`, which
/// `Content-Range`s continue a body, which answers are refused, and how long to wait.
@Suite struct HTTPResumptionLogicTests {
    typealias Fields = [(name: String, value: String)]

    static let offering: Fields = [("Accept-Ranges", "bytes"), ("ETag", "\"v1\""), ("Content-Length", "1000")]

    /// A resumption past the first response of `fields`, broken off after `received` bytes.
    static func resumption(
        after fields: Fields = offering,
        received: Int = 400,
        policy: HTTPResumptionPolicy = .default,
        method: String = "GET"
    ) throws -> HTTPResumption {
        var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1/doc.xml")))
        request.httpMethod = method
        var resumption = HTTPResumption(
            policy: policy, request: HTTPTransferRequest(request, configuration: XMLHTTPConfiguration()))
        #expect(resumption.firstResponse(status: 200, fields: fields, contentLength: 1_000) == .accept)
        take(received, into: &resumption)
        return resumption
    }

    /// `count` body bytes arrive; returns what becomes of them.
    @discardableResult
    static func take(_ count: Int, byte: UInt8 = 0x61, into resumption: inout HTTPResumption) -> HTTPResumption.Intake {
        Data(repeating: byte, count: count).withUnsafeBytes { resumption.intake($0) }
    }

    /// Bytes arrive; returns what becomes of them.
    @discardableResult
    static func take(_ bytes: Data, into resumption: inout HTTPResumption) -> HTTPResumption.Intake {
        bytes.withUnsafeBytes { resumption.intake($0) }
    }

    /// A GET of the document, with `headers`.
    static func request(_ headers: [String: String] = [:]) throws -> HTTPTransferRequest {
        var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1/doc.xml")))
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return HTTPTransferRequest(request, configuration: XMLHTTPConfiguration())
    }

    @Test func contentRangesAreReadStrictly() {
        #expect(HTTPContentRange("bytes 400-999/1000") == HTTPContentRange("bytes 400-999/1000"))
        let range = HTTPContentRange(" bytes 400-999/1000 ")
        #expect(range?.first == 400 && range?.last == 999 && range?.completeLength == 1_000)
        #expect(HTTPContentRange("bytes 400-999/*")?.completeLength == nil)
        for malformed in [
            "", "bytes", "bytes */1000", "items 0-1/2", "bytes 5-4/10", "bytes 0-10/10", "bytes -1-5/10", "bytes 1-5",
            "bytes 1 - 5/10", "bytes 0-1/99999999999999999999",
        ] {
            #expect(HTTPContentRange(malformed) == nil, "\(malformed)")
        }
    }

    @Test func imfFixdatesAreRead() throws {
        #expect(HTTPDate("Sun, 06 Nov 1994 08:49:37 GMT")?.secondsSince1970 == 784_111_777)
        #expect(HTTPDate("Thu, 01 Jan 1970 00:00:00 GMT")?.secondsSince1970 == 0)
        #expect(HTTPDate("Tue, 29 Feb 2000 12:00:00 GMT")?.secondsSince1970 == 951_825_600)
        for other in [
            "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994", "Sun, 06 Nov 1994 08:49:37 UTC",
            "Sun, 6 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 8:49:37 GMT", "Xyz, 06 Nov 1994 08:49:37 GMT", "",
        ] {
            #expect(HTTPDate(other) == nil, "\(other)")
        }
    }

    @Test func onlyStrongValidatorsAreOffered() {
        let date = ("Date", "Sun, 06 Nov 1994 08:49:38 GMT")
        #expect(HTTPValidator.offer(in: [("ETag", "\"a\"")]) == .strong(.entityTag("\"a\"")))
        #expect(HTTPValidator.offer(in: [("etag", "\"\"")]) == .strong(.entityTag("\"\"")))
        #expect(
            HTTPValidator.offer(in: [("ETag", "W/\"a\""), ("Last-Modified", "Sun, 06 Nov 1994 08:49:36 GMT"), date])
                == .none)
        #expect(HTTPValidator.offer(in: [("ETag", "a")]) == .none)
        #expect(HTTPValidator.offer(in: [("ETag", "\"a b\"")]) == .none)
        let modified = "Sun, 06 Nov 1994 08:49:37 GMT"
        #expect(HTTPValidator.offer(in: [("Last-Modified", modified), date]) == .strong(.lastModified(modified)))
        #expect(HTTPValidator.offer(in: [("Last-Modified", modified), ("Date", modified)]) == .none)
        #expect(HTTPValidator.offer(in: [("Last-Modified", modified)]) == .none)
        #expect(HTTPValidator.offer(in: []) == .none)
        #expect(HTTPValidator.entityTag("\"a\"").matches([("ETag", "\"a\"")]))
        #expect(!HTTPValidator.entityTag("\"a\"").matches([("ETag", "W/\"a\"")]))
        #expect(!HTTPValidator.entityTag("\"a\"").matches([]))
        #expect(HTTPValidator.lastModified(modified).matches([("Last-Modified", modified)]))
        #expect(!HTTPValidator.lastModified(modified).matches([("Last-Modified", "Sun, 06 Nov 1994 08:49:38 GMT")]))
    }

    @Test func backoffDoublesUpToItsCapWithJitterBelowIt() {
        let policy = HTTPResumptionPolicy(
            maximumAttempts: 100, initialBackoff: .milliseconds(100), maximumBackoff: .seconds(1), jitter: 0.5)
        #expect(policy.backoff(beforeAttempt: 1, randomFraction: 0) == .milliseconds(100))
        #expect(policy.backoff(beforeAttempt: 2, randomFraction: 0) == .milliseconds(200))
        #expect(policy.backoff(beforeAttempt: 4, randomFraction: 0) == .milliseconds(800))
        #expect(policy.backoff(beforeAttempt: 5, randomFraction: 0) == .seconds(1))
        #expect(policy.backoff(beforeAttempt: Int.max, randomFraction: 0) == .seconds(1))
        #expect(policy.backoff(beforeAttempt: 1, randomFraction: 1) == .milliseconds(50))
        #expect(policy.backoff(beforeAttempt: 3, randomFraction: 0.5) == .milliseconds(300))
        let none = HTTPResumptionPolicy(initialBackoff: .zero)
        #expect(none.backoff(beforeAttempt: 3, randomFraction: 0.7) == .zero)
        let wild = HTTPResumptionPolicy(initialBackoff: .seconds(-1), jitter: .nan)
        #expect(wild.backoff(beforeAttempt: 1, randomFraction: 2) == .zero)
    }

    @Test func theConfigurationsSettingsMakeThePolicy() {
        #expect(XMLHTTPConfiguration().resumptionPolicy == .default)
        #expect(HTTPResumptionPolicy.default.maximumShortContinuations == 12)
        let configuration = XMLHTTPConfiguration(
            maximumResumptionAttempts: 5, resumptionBackoff: Duration.milliseconds(100)...Duration.seconds(1),
            resumptionJitter: 0.25)
        #expect(
            configuration.resumptionPolicy
                == HTTPResumptionPolicy(
                    maximumAttempts: 5, initialBackoff: .milliseconds(100), maximumBackoff: .seconds(1), jitter: 0.25))
        var off = XMLHTTPConfiguration()
        off.maximumResumptionAttempts = 0
        #expect(off.resumptionPolicy == .disabled)
    }

    @Test func aBreakIsResumedFromTheByteReachedWithIfRange() throws {
        var resumption = try Self.resumption()
        #expect(resumption.planAfterBreak(randomFraction: 0) == .resume(after: .milliseconds(200)))
        #expect(resumption.isContinuation)
        #expect(resumption.continuationFields.map(\.name) == ["Range", "If-Range"])
        #expect(resumption.continuationFields.map(\.value) == ["bytes=400-", "\"v1\""])
    }

    /// Attempts without a new byte are counted in a row; a byte ends the series, but the back-off
    /// keeps growing with every continuation that brought less than a MiB.
    @Test func attemptsAreCountedInARow() throws {
        var resumption = try Self.resumption(
            policy: .init(maximumAttempts: 2, initialBackoff: .seconds(1), maximumBackoff: .seconds(100)))
        #expect(resumption.planAfterBreak(randomFraction: 0) == .resume(after: .seconds(1)))
        #expect(resumption.planAfterBreak(randomFraction: 0) == .resume(after: .seconds(2)))
        #expect(resumption.planAfterBreak(randomFraction: 0) == .giveUp)
        Self.take(0, into: &resumption)
        #expect(resumption.planAfterBreak(randomFraction: 0) == .giveUp)
        Self.take(1, into: &resumption)
        // Each plan reckoned the continuation before it short: four so far, the fifth to come.
        #expect(resumption.planAfterBreak(randomFraction: 0) == .resume(after: .seconds(16)))
        #expect(resumption.continuationFields.first?.value == "bytes=401-")
    }

    /// A server that sends a little per connection spends the budget of short continuations:
    /// 4 × `maximumAttempts`, so at most 4 × 8 + 1 requests with 8 attempts, each wait twice
    /// the one before.
    @Test func shortContinuationsHaveABudgetForTheWholeTransfer() throws {
        var resumption = try Self.resumption(
            policy: .init(maximumAttempts: 8, initialBackoff: .milliseconds(1), maximumBackoff: .seconds(1_000)))
        var plans: [HTTPResumption.Plan] = []
        while true {
            let plan = resumption.planAfterBreak(randomFraction: 0)
            plans.append(plan)
            guard case .resume = plan, plans.count < 1_000 else { break }
            Self.take(100, into: &resumption)
        }
        #expect(plans.count == 33)
        #expect(plans.last == .giveUp)
        #expect(plans.first == .resume(after: .milliseconds(1)))
        #expect(plans[1] == .resume(after: .milliseconds(2)))
        #expect(plans[9] == .resume(after: .milliseconds(512)))
    }

    /// A continuation that brings a MiB or more is a success: it does not count against the
    /// budget, nor make the next wait longer, however many breaks the transfer has.
    @Test func continuationsThatBringAMebibyteAreNotCounted() throws {
        let minimum = HTTPResumptionPolicy.minimumProgress
        var resumption = try Self.resumption(policy: .init(maximumAttempts: 1, initialBackoff: .seconds(1)))
        for _ in 0..<100 {
            #expect(resumption.planAfterBreak(randomFraction: 0) == .resume(after: .seconds(1)))
            Self.take(minimum, into: &resumption)
        }
        #expect(resumption.planAfterBreak(randomFraction: 0) == .resume(after: .seconds(1)))
        Self.take(minimum - 1, into: &resumption)
        #expect(resumption.planAfterBreak(randomFraction: 0) == .resume(after: .seconds(2)))
        Self.take(minimum - 1, into: &resumption)
        #expect(resumption.planAfterBreak(randomFraction: 0) == .resume(after: .seconds(4)))
        Self.take(minimum - 1, into: &resumption)
        #expect(resumption.planAfterBreak(randomFraction: 0) == .resume(after: .seconds(8)))
        Self.take(minimum - 1, into: &resumption)
        #expect(resumption.planAfterBreak(randomFraction: 0) == .giveUp)
    }

    @Test func theBudgetOfAHugeAttemptCountDoesNotOverflow() {
        #expect(HTTPResumptionPolicy(maximumAttempts: .max).maximumShortContinuations == .max)
        #expect(HTTPResumptionPolicy(maximumAttempts: 3).maximumShortContinuations == 12)
        #expect(HTTPResumptionPolicy(maximumAttempts: -5).maximumShortContinuations == 0)
    }

    @Test func whatIsNotOfferedIsNotResumed() throws {
        var disabled = try Self.resumption(policy: .disabled)
        #expect(disabled.planAfterBreak(randomFraction: 0) == .giveUp)
        var nothing = try Self.resumption(after: [("Content-Length", "1000")])
        #expect(nothing.planAfterBreak(randomFraction: 0) == .giveUp)
        var otherUnitWeak = try Self.resumption(after: [("Accept-Ranges", "none"), ("ETag", "W/\"v1\"")])
        #expect(otherUnitWeak.planAfterBreak(randomFraction: 0) == .giveUp)
        var weak = try Self.resumption(after: [("Accept-Ranges", "bytes"), ("ETag", "W/\"v1\"")])
        #expect(weak.planAfterBreak(randomFraction: 0) == .refuse(.noStrongValidator))
        var post = try Self.resumption(method: "POST")
        #expect(post.planAfterBreak(randomFraction: 0) == .giveUp)
        var listed = try Self.resumption(after: [("accept-ranges", "other, Bytes"), ("ETag", "\"v1\"")])
        #expect(listed.planAfterBreak(randomFraction: 0) != .giveUp)
        #expect(listed.continuationFields.map(\.name) == ["Range", "If-Range"])
    }

    /// Without ranges, a strong validator asks for the same version again: `If-Match` with the
    /// entity tag, or `If-Unmodified-Since` with a strong `Last-Modified`.
    @Test func withoutRangesTheSameVersionIsAskedForAgain() throws {
        var tagged = try Self.resumption(after: [("ETag", "\"v1\"")])
        #expect(tagged.planAfterBreak(randomFraction: 0) == .resume(after: .milliseconds(200)))
        #expect(tagged.continuationFields.map(\.name) == ["If-Match"])
        #expect(tagged.continuationFields.map(\.value) == ["\"v1\""])
        var otherUnit = try Self.resumption(after: [("Accept-Ranges", "none"), ("ETag", "\"v1\"")])
        #expect(otherUnit.planAfterBreak(randomFraction: 0) != .giveUp)
        #expect(otherUnit.continuationFields.map(\.name) == ["If-Match"])
        let modified = "Sun, 06 Nov 1994 08:49:37 GMT"
        var dated = try Self.resumption(after: [("Last-Modified", modified), ("Date", "Sun, 06 Nov 1994 08:49:38 GMT")])
        #expect(dated.planAfterBreak(randomFraction: 0) != .giveUp)
        #expect(dated.continuationFields.map(\.name) == ["If-Unmodified-Since"])
        #expect(dated.continuationFields.map(\.value) == [modified])
    }

    /// A request that asks for a range of its own, or carries an `If-Range` of its own (with no
    /// `Range`, which a continuation would add beside it), is not repeated; another conditional
    /// field does not stop it.
    @Test(arguments: [["Range": "bytes=10-"], ["If-Range": "\"v1\""], ["if-range": "\"v0\""]])
    func aRequestWithItsOwnRangeOrIfRangeIsNotResumed(_ headers: [String: String]) throws {
        var resumption = HTTPResumption(policy: .default, request: try Self.request(headers))
        #expect(resumption.firstResponse(status: 200, fields: Self.offering, contentLength: 1_000) == .accept)
        Self.take(400, into: &resumption)
        #expect(resumption.planAfterBreak(randomFraction: 0) == .giveUp)
        var plain = HTTPResumption(policy: .default, request: try Self.request(["If-None-Match": "\"v0\""]))
        #expect(plain.firstResponse(status: 200, fields: Self.offering, contentLength: 1_000) == .accept)
        Self.take(400, into: &plain)
        #expect(plain.planAfterBreak(randomFraction: 0) != .giveUp)
    }

    /// The continuation's head decides: only a 206 of the same version from the byte reached to
    /// the end is accepted.
    @Test func continuationsAreJudgedByTheirHead() throws {
        func verdict(_ status: Int, _ fields: Fields) throws -> HTTPResumption.Verdict {
            var resumption = try Self.resumption()
            _ = resumption.planAfterBreak(randomFraction: 0)
            return resumption.verdict(status: status, fields: fields)
        }
        let tag = ("ETag", "\"v1\"")
        #expect(try verdict(206, [tag, ("Content-Range", "bytes 400-999/1000")]) == .accept)
        #expect(
            try verdict(206, [("ETag", "\"v2\""), ("Content-Range", "bytes 400-999/1000")]) == .refuse(.documentChanged)
        )
        #expect(try verdict(206, [("Content-Range", "bytes 400-999/1000")]) == .refuse(.documentChanged))
        #expect(
            try verdict(206, [tag, ("Content-Encoding", "gzip"), ("Content-Range", "bytes 400-999/1000")])
                == .refuse(.documentChanged))
        for wrong in ["bytes 401-999/1000", "bytes 399-999/1000", "bytes 400-999/1001", "bytes 400-998/1000", "junk"] {
            #expect(
                try verdict(206, [tag, ("Content-Range", wrong)]) == .refuse(.contentRangeMismatch, contentRange: wrong)
            )
        }
        #expect(try verdict(206, [tag]) == .refuse(.contentRangeMismatch, contentRange: nil))
        #expect(try verdict(206, [tag, ("Content-Range", "bytes 400-999/*")]) == .accept)
        #expect(try verdict(200, [tag]) == .refuse(.rangeIgnored))
        #expect(try verdict(200, [("ETag", "\"v2\"")]) == .refuse(.documentChanged))
        #expect(try verdict(416, [("Content-Range", "bytes */300")]) == .refuse(.rangeNotSatisfiable))
        #expect(try verdict(503, [tag]) == .otherStatus)
        for status in [300, 301, 302, 303, 304, 307, 308] {
            let part = [tag, ("Content-Range", "bytes 400-999/1000"), ("Location", "http://mirror.invalid/doc.xml")]
            #expect(try verdict(status, part) == .refuse(.redirected, status: status), "\(status)")
        }
        let part = ("Content-Range", "bytes 400-999/1000")
        #expect(try verdict(206, [tag, part, ("Content-Length", "600")]) == .accept)
        #expect(
            try verdict(206, [tag, part, ("Content-Length", "601")])
                == .refuse(.contentRangeExceeded, contentRange: "bytes 400-999/1000"))
        #expect(
            try verdict(206, [tag, part, ("Content-Length", "599")])
                == .refuse(.contentRangeMismatch, contentRange: "bytes 400-999/1000"))
        #expect(
            try verdict(206, [tag, ("Content-Range", "bytes 400-1099/*")])
                == .refuse(.contentRangeMismatch, contentRange: "bytes 400-1099/*"))
        let long = "bytes " + String(repeating: "9", count: 1_000)
        #expect(
            try verdict(206, [tag, ("Content-Range", long)])
                == .refuse(.contentRangeMismatch, contentRange: String(long.prefix(200))))
    }

    /// A first response without a length learns it from the first continuation, and holds later
    /// ones to it.
    @Test func theCompleteLengthIsLearnedOnceAndKept() throws {
        var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1/doc.xml")))
        request.httpMethod = "GET"
        var resumption = HTTPResumption(
            policy: .default, request: HTTPTransferRequest(request, configuration: XMLHTTPConfiguration()))
        #expect(resumption.firstResponse(status: 200, fields: Self.offering, contentLength: nil) == .accept)
        Self.take(100, into: &resumption)
        _ = resumption.planAfterBreak(randomFraction: 0)
        #expect(
            resumption.verdict(status: 206, fields: [("ETag", "\"v1\""), ("Content-Range", "bytes 100-499/500")])
                == .accept)
        #expect(resumption.completeLength == 500)
        Self.take(100, into: &resumption)
        #expect(resumption.endedShort)
        _ = resumption.planAfterBreak(randomFraction: 0)
        #expect(
            resumption.verdict(status: 206, fields: [("ETag", "\"v1\""), ("Content-Range", "bytes 200-599/600")])
                == .refuse(.contentRangeMismatch, contentRange: "bytes 200-599/600"))
        Self.take(300, into: &resumption)
        #expect(!resumption.endedShort)
    }

    /// No byte past a `206`'s `Content-Range` is taken: the delivery that runs over is cut at
    /// the range's end and stops the transfer, whether the complete length is known or `*`.
    @Test func aPartIsHeldToItsContentRange() throws {
        var known = try Self.resumption()
        _ = known.planAfterBreak(randomFraction: 0)
        #expect(
            known.verdict(status: 206, fields: [("ETag", "\"v1\""), ("Content-Range", "bytes 400-999/*")]) == .accept)
        #expect(Self.take(500, into: &known) == .init(delivered: 500))
        #expect(known.endedShort)
        #expect(
            Self.take(101, into: &known) == .init(delivered: 100, stop: .exceedsContentRange("bytes 400-999/*")))
        #expect(known.receivedByteCount == 1_000)
        #expect(!known.endedShort)

        var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1/doc.xml")))
        request.httpMethod = "GET"
        var unknown = HTTPResumption(
            policy: .default, request: HTTPTransferRequest(request, configuration: XMLHTTPConfiguration()))
        #expect(unknown.firstResponse(status: 200, fields: Self.offering, contentLength: nil) == .accept)
        Self.take(100, into: &unknown)
        _ = unknown.planAfterBreak(randomFraction: 0)
        #expect(
            unknown.verdict(status: 206, fields: [("ETag", "\"v1\""), ("Content-Range", "bytes 100-599/*")]) == .accept)
        #expect(unknown.completeLength == nil)
        #expect(
            Self.take(4_096, into: &unknown) == .init(delivered: 500, stop: .exceedsContentRange("bytes 100-599/*")))
    }

    /// A `206` to a request without `Range` is the body only when it is the whole
    /// representation, and is held to it; to a request with `Range`, it is the part asked for.
    @Test func aFirstResponse206IsTheBodyOnlyWhenWhole() throws {
        func first(
            _ fields: Fields, contentLength: Int? = nil, headers: [String: String] = [:]
        ) throws -> (HTTPResumption.FirstVerdict, HTTPResumption) {
            var resumption = HTTPResumption(policy: .default, request: try Self.request(headers))
            let verdict = resumption.firstResponse(status: 206, fields: fields, contentLength: contentLength)
            return (verdict, resumption)
        }
        var (verdict, whole) = try first([("Content-Range", "bytes 0-999/1000"), ("ETag", "\"v1\"")])
        #expect(verdict == .accept)
        #expect(whole.completeLength == 1_000)
        #expect(
            Self.take(1_001, into: &whole) == .init(delivered: 1_000, stop: .exceedsContentRange("bytes 0-999/1000")))
        for partial in ["bytes 0-499/1000", "bytes 500-999/1000", "bytes 0-999/*", "bytes 0-999/2000", "junk"] {
            #expect(try first([("Content-Range", partial)]).0 == .partialContentMismatch(contentRange: partial))
        }
        #expect(try first([]).0 == .partialContentMismatch(contentRange: nil))
        #expect(
            try first([("Content-Range", "bytes 0-999/1000")], contentLength: 1_200).0
                == .partialContentMismatch(contentRange: "bytes 0-999/1000"))
        var (asked, part) = try first([("Content-Range", "bytes 10-19/1000")], headers: ["Range": "bytes=10-19"])
        #expect(asked == .accept)
        #expect(Self.take(11, into: &part) == .init(delivered: 10, stop: .exceedsContentRange("bytes 10-19/1000")))
        var (multipart, parts) = try first(
            [("Content-Type", "multipart/byteranges")], headers: ["Range": "bytes=1-2,5-6"])
        #expect(multipart == .accept)
        #expect(Self.take(5_000, into: &parts) == .init(delivered: 5_000))
    }

    /// A re-read from a server without ranges: the same version, coding and length, whose first
    /// bytes are dropped once they prove to be the ones received, however they are split.
    @Test func aRereadSkipsTheBytesReceivedOnceTheyMatch() throws {
        let body = Data((0..<1_000).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
        let fields: Fields = [("ETag", "\"v1\""), ("Content-Length", "1000"), ("Content-Encoding", "gzip")]
        func broken(after count: Int = 400) throws -> HTTPResumption {
            var resumption = HTTPResumption(policy: .default, request: try Self.request())
            #expect(resumption.firstResponse(status: 200, fields: fields, contentLength: 1_000) == .accept)
            Self.take(body.prefix(7), into: &resumption)
            Self.take(body[7..<count], into: &resumption)
            #expect(resumption.planAfterBreak(randomFraction: 0) != .giveUp)
            #expect(resumption.continuationFields.map(\.name) == ["If-Match"])
            return resumption
        }
        var resumption = try broken()
        #expect(resumption.verdict(status: 200, fields: fields) == .accept)
        #expect(resumption.endedShort)
        #expect(Self.take(body.prefix(1), into: &resumption) == .init(skipped: 1))
        #expect(Self.take(body[1..<390], into: &resumption) == .init(skipped: 389))
        #expect(Self.take(body[390..<450], into: &resumption) == .init(skipped: 10, delivered: 50))
        #expect(resumption.receivedByteCount == 450)
        #expect(resumption.rereadByteCount == 400)
        #expect(resumption.endedShort)  // 450 of 1,000
        // A second break re-reads the 450 bytes, checked against all of them.
        _ = resumption.planAfterBreak(randomFraction: 0)
        #expect(resumption.verdict(status: 200, fields: fields) == .accept)
        #expect(Self.take(body, into: &resumption) == .init(skipped: 450, delivered: 550))
        #expect(resumption.rereadByteCount == 850)

        var changed = try broken()
        #expect(changed.verdict(status: 200, fields: fields) == .accept)
        var other = body
        other[399] ^= 1
        #expect(Self.take(other, into: &changed) == .init(skipped: 400, stop: .rereadDiffers))
        #expect(changed.receivedByteCount == 400)

        func verdict(_ status: Int, _ fields: Fields) throws -> HTTPResumption.Verdict {
            var resumption = try broken()
            return resumption.verdict(status: status, fields: fields)
        }
        #expect(try verdict(206, fields + [("Content-Range", "bytes 0-999/1000")]) == .accept)
        #expect(
            try verdict(206, fields + [("Content-Range", "bytes 400-999/1000")])
                == .refuse(.contentRangeMismatch, contentRange: "bytes 400-999/1000"))
        let changes: [Fields] = [
            [("ETag", "\"v2\""), ("Content-Length", "1000"), ("Content-Encoding", "gzip")],
            [("ETag", "\"v1\""), ("Content-Length", "1001"), ("Content-Encoding", "gzip")],
            [("ETag", "\"v1\""), ("Content-Encoding", "gzip")],
            [("ETag", "\"v1\""), ("Content-Length", "1000")],
            [("ETag", "W/\"v1\""), ("Content-Length", "1000"), ("Content-Encoding", "gzip")],
        ]
        for changed in changes { #expect(try verdict(200, changed) == .refuse(.documentChanged), "\(changed)") }
        #expect(try verdict(412, []) == .refuse(.documentChanged))
        #expect(try verdict(204, fields) == .refuse(.documentChanged))
        #expect(try verdict(302, fields) == .refuse(.redirected, status: 302))
        #expect(try verdict(503, fields) == .otherStatus)
    }

    /// The server: no ranges, a strong entity tag, every connection cut 1 MiB past the
    /// last, for a 25.5 MB document. No continuation is short, so only the bound on the bytes
    /// re-read, four times the document's length, ends it: after 13 re-reads (95.4 MB), at the
    /// fourteenth break, where finishing would have re-read 314 MB in 24.
    @Test func theBytesReReadAreBoundedByFourTimesTheDocument() throws {
        let length = 25_500_000
        let mebibyte = 1 << 20
        let fields: Fields = [("ETag", "\"v1\""), ("Content-Length", "\(length)")]
        var resumption = HTTPResumption(policy: .default, request: try Self.request())
        #expect(resumption.firstResponse(status: 200, fields: fields, contentLength: length) == .accept)
        Self.take(mebibyte, into: &resumption)
        let plans = Self.rereadUntilGivenUp(&resumption, fields: fields, bringing: mebibyte, length: length)
        #expect(plans.count == 14)
        #expect(plans.last == .giveUp)
        #expect(resumption.receivedByteCount == 14 * mebibyte)
        #expect(resumption.rereadByteCount == (1...13).reduce(0) { $0 + $1 * mebibyte })
        #expect(resumption.rereadByteCount <= 4 * length)

        // Without a Content-Length, the bound is four times the bytes received: 1,000, then
        // a byte more with each re-read, gives four re-reads (4,006 bytes of 4,012); a fifth
        // would make 5,010 of 4,016.
        let unstated: Fields = [("ETag", "\"v1\"")]
        var unknown = HTTPResumption(policy: .default, request: try Self.request())
        #expect(unknown.firstResponse(status: 200, fields: unstated, contentLength: nil) == .accept)
        Self.take(1_000, into: &unknown)
        let unknownPlans = Self.rereadUntilGivenUp(&unknown, fields: unstated, bringing: 1)
        #expect(unknownPlans.count == 5)
        #expect(unknownPlans.last == .giveUp)
        #expect(unknown.rereadByteCount == 4_006)
        #expect(unknown.receivedByteCount == 1_004)
    }

    /// Breaks `resumption` (of a server without ranges) again and again, each continuation
    /// re-reading what was received and bringing `count` bytes more, until the document's
    /// `length` bytes are received, if it has one; returns the plans, up to the first that is
    /// not to resume.
    static func rereadUntilGivenUp(
        _ resumption: inout HTTPResumption, fields: Fields, bringing count: Int, length: Int = .max
    ) -> [HTTPResumption.Plan] {
        var plans: [HTTPResumption.Plan] = []
        while plans.count < 100, resumption.receivedByteCount < length {
            let plan = resumption.planAfterBreak(randomFraction: 0)
            plans.append(plan)
            guard case .resume = plan else { break }
            guard resumption.verdict(status: 200, fields: fields) == .accept else { break }
            let received = resumption.receivedByteCount
            #expect(Self.take(received, into: &resumption) == .init(skipped: received))
            Self.take(Swift.min(count, length - received), into: &resumption)
        }
        return plans
    }

    /// The digest of a body is the same however its bytes are split, and changes with any byte.
    @Test func theBodyChecksumIgnoresHowTheBytesAreSplit() {
        var generator = SystemRandomNumberGenerator()
        let body = Data((0..<10_007).map { _ in UInt8.random(in: 0...255, using: &generator) })
        var whole = BodyChecksum()
        body.withUnsafeBytes { whole.add($0) }
        for size in [1, 3, 7, 8, 9, 4_096] {
            var split = BodyChecksum()
            for start in stride(from: 0, to: body.count, by: size) {
                body[start..<min(start + size, body.count)].withUnsafeBytes { split.add($0) }
            }
            #expect(split == whole, "pieces of \(size)")
        }
        for index in [0, 5, 8, 5_000, 10_006] {
            var changed = body
            changed[index] &+= 1
            var other = BodyChecksum()
            changed.withUnsafeBytes { other.add($0) }
            #expect(other != whole, "byte \(index)")
        }
        var prefix = BodyChecksum()
        body.prefix(10_006).withUnsafeBytes { prefix.add($0) }
        #expect(prefix != whole)
        #expect(prefix.byteCount == 10_006)
    }

    @Test func refusalsSayWhy() throws {
        let url = try #require(URL(string: "http://user:secret@example.invalid/feed.xml"))
        let error = XMLHTTPError.resumptionRefused(url: url, receivedByteCount: 30_000, reason: .rangeIgnored)
        #expect(
            error.description
                == "the body of http://user:***@example.invalid/feed.xml broke off after 30000 bytes and cannot be "
                + "resumed: the server ignores Range and sent the whole body again")
        #expect(error.resumptionRefusal == .rangeIgnored)
        let quoted = XMLHTTPError.resumptionRefused(
            url: url, receivedByteCount: 1, reason: .contentRangeMismatch, contentRange: "bytes 1-2/3")
        #expect(quoted.contentRange == "bytes 1-2/3")
        #expect(
            quoted.description.hasSuffix(
                "the continuation's Content-Range ('bytes 1-2/3') does not continue the bytes received"))
        let exceeded = XMLHTTPError.resumptionRefused(
            url: url, receivedByteCount: 1, reason: .contentRangeExceeded, contentRange: "bytes 1-2/*")
        #expect(
            exceeded.description.hasSuffix(
                "the continuation sent more bytes than its Content-Range ('bytes 1-2/*') spans"))
        let redirected = XMLHTTPError.resumptionRefused(
            url: url, receivedByteCount: 1, reason: .redirected, status: 302)
        #expect(redirected.status == 302)
        #expect(
            redirected.description.hasSuffix(
                "the continuation was answered with HTTP 302 instead of the rest of the same resource"))
        // The reasons are codes of their own, numbered after every error's code, and named.
        let reasons: [XMLHTTPError.Code] = [
            .noStrongValidator, .rangeIgnored, .documentChanged, .rangeNotSatisfiable, .contentRangeMismatch,
            .contentRangeExceeded, .redirected,
        ]
        #expect(Set(reasons).count == reasons.count)
        #expect(reasons.allSatisfy { $0.rawValue > XMLHTTPError.Code.transferFailed.rawValue })
        #expect(reasons.map(\.description).allSatisfy { !$0.hasPrefix("XMLHTTPError code") })
        #expect(XMLHTTPError.Code.rangeIgnored.description == "rangeIgnored (20)")
        let partial = XMLHTTPError.partialContentMismatch(url: url, contentRange: "bytes 0-9/100")
        #expect(
            partial.description
                == "http://user:***@example.invalid/feed.xml answered 206 Partial Content with a body other than "
                + "the one asked for (Content-Range 'bytes 0-9/100')")
    }
}

extension HTTPResumptionPolicy {
    /// The policy of the default configuration: three attempts in a row and twelve short
    /// continuations in all, from 200 milliseconds apart up to 10 seconds, half of each wait
    /// random.
    static let `default` = HTTPResumptionPolicy()

    /// Never resume: a break ends the transfer with its error.
    static let disabled = HTTPResumptionPolicy(maximumAttempts: 0)
}
