import Foundation
import Testing

@testable import XMLEvents

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
        policy: XMLHTTPConfiguration.ResumptionPolicy = .default,
        method: String = "GET"
    ) throws -> HTTPResumption {
        var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1/doc.xml")))
        request.httpMethod = method
        var resumption = HTTPResumption(
            policy: policy, request: HTTPTransferRequest(request, configuration: XMLHTTPConfiguration()))
        resumption.firstResponse(status: 200, fields: fields, contentLength: 1_000)
        resumption.received(received)
        return resumption
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
        let policy = XMLHTTPConfiguration.ResumptionPolicy(
            maximumAttempts: 100, initialBackoff: .milliseconds(100), maximumBackoff: .seconds(1), jitter: 0.5)
        #expect(policy.backoff(beforeAttempt: 1, randomFraction: 0) == .milliseconds(100))
        #expect(policy.backoff(beforeAttempt: 2, randomFraction: 0) == .milliseconds(200))
        #expect(policy.backoff(beforeAttempt: 4, randomFraction: 0) == .milliseconds(800))
        #expect(policy.backoff(beforeAttempt: 5, randomFraction: 0) == .seconds(1))
        #expect(policy.backoff(beforeAttempt: Int.max, randomFraction: 0) == .seconds(1))
        #expect(policy.backoff(beforeAttempt: 1, randomFraction: 1) == .milliseconds(50))
        #expect(policy.backoff(beforeAttempt: 3, randomFraction: 0.5) == .milliseconds(300))
        let none = XMLHTTPConfiguration.ResumptionPolicy(initialBackoff: .zero)
        #expect(none.backoff(beforeAttempt: 3, randomFraction: 0.7) == .zero)
        let wild = XMLHTTPConfiguration.ResumptionPolicy(initialBackoff: .seconds(-1), jitter: .nan)
        #expect(wild.backoff(beforeAttempt: 1, randomFraction: 2) == .zero)
    }

    @Test func aBreakIsResumedFromTheByteReachedWithIfRange() throws {
        var resumption = try Self.resumption()
        #expect(resumption.planAfterBreak(randomFraction: 0) == .resume(after: .milliseconds(200)))
        #expect(resumption.isContinuation)
        #expect(resumption.continuationFields.map(\.name) == ["Range", "If-Range"])
        #expect(resumption.continuationFields.map(\.value) == ["bytes=400-", "\"v1\""])
    }

    @Test func attemptsAreCountedInARow() throws {
        var resumption = try Self.resumption(policy: .init(maximumAttempts: 2, initialBackoff: .seconds(1)))
        #expect(resumption.planAfterBreak(randomFraction: 0) == .resume(after: .seconds(1)))
        #expect(resumption.planAfterBreak(randomFraction: 0) == .resume(after: .seconds(2)))
        #expect(resumption.planAfterBreak(randomFraction: 0) == .giveUp)
        resumption.received(0)
        #expect(resumption.planAfterBreak(randomFraction: 0) == .giveUp)
        resumption.received(1)
        #expect(resumption.planAfterBreak(randomFraction: 0) == .resume(after: .seconds(1)))
        #expect(resumption.continuationFields.first?.value == "bytes=401-")
    }

    @Test func whatIsNotOfferedIsNotResumed() throws {
        var disabled = try Self.resumption(policy: .disabled)
        #expect(disabled.planAfterBreak(randomFraction: 0) == .giveUp)
        var noRanges = try Self.resumption(after: [("ETag", "\"v1\"")])
        #expect(noRanges.planAfterBreak(randomFraction: 0) == .giveUp)
        var otherUnit = try Self.resumption(after: [("Accept-Ranges", "none"), ("ETag", "\"v1\"")])
        #expect(otherUnit.planAfterBreak(randomFraction: 0) == .giveUp)
        var weak = try Self.resumption(after: [("Accept-Ranges", "bytes"), ("ETag", "W/\"v1\"")])
        #expect(weak.planAfterBreak(randomFraction: 0) == .refuse(.noStrongValidator))
        var post = try Self.resumption(method: "POST")
        #expect(post.planAfterBreak(randomFraction: 0) == .giveUp)
        var listed = try Self.resumption(after: [("accept-ranges", "other, Bytes"), ("ETag", "\"v1\"")])
        #expect(listed.planAfterBreak(randomFraction: 0) != .giveUp)
    }

    @Test func aRequestWithItsOwnRangeIsNotResumed() throws {
        var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1/doc.xml")))
        request.setValue("bytes=10-", forHTTPHeaderField: "Range")
        var resumption = HTTPResumption(
            policy: .default, request: HTTPTransferRequest(request, configuration: XMLHTTPConfiguration()))
        resumption.firstResponse(status: 200, fields: Self.offering, contentLength: 1_000)
        #expect(resumption.planAfterBreak(randomFraction: 0) == .giveUp)
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
                try verdict(206, [tag, ("Content-Range", wrong)]) == .refuse(.contentRangeMismatch(contentRange: wrong))
            )
        }
        #expect(try verdict(206, [tag]) == .refuse(.contentRangeMismatch(contentRange: nil)))
        #expect(try verdict(206, [tag, ("Content-Range", "bytes 400-999/*")]) == .accept)
        #expect(try verdict(200, [tag]) == .refuse(.rangeIgnored))
        #expect(try verdict(200, [("ETag", "\"v2\"")]) == .refuse(.documentChanged))
        #expect(try verdict(416, [("Content-Range", "bytes */300")]) == .refuse(.rangeNotSatisfiable))
        #expect(try verdict(503, [tag]) == .otherStatus)
        let long = "bytes " + String(repeating: "9", count: 1_000)
        #expect(
            try verdict(206, [tag, ("Content-Range", long)])
                == .refuse(.contentRangeMismatch(contentRange: String(long.prefix(200)))))
    }

    /// A first response without a length learns it from the first continuation, and holds later
    /// ones to it.
    @Test func theCompleteLengthIsLearnedOnceAndKept() throws {
        var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1/doc.xml")))
        request.httpMethod = "GET"
        var resumption = HTTPResumption(
            policy: .default, request: HTTPTransferRequest(request, configuration: XMLHTTPConfiguration()))
        resumption.firstResponse(status: 200, fields: Self.offering, contentLength: nil)
        resumption.received(100)
        _ = resumption.planAfterBreak(randomFraction: 0)
        #expect(
            resumption.verdict(status: 206, fields: [("ETag", "\"v1\""), ("Content-Range", "bytes 100-499/500")])
                == .accept)
        #expect(resumption.completeLength == 500)
        resumption.received(100)
        #expect(resumption.endedShort)
        _ = resumption.planAfterBreak(randomFraction: 0)
        #expect(
            resumption.verdict(status: 206, fields: [("ETag", "\"v1\""), ("Content-Range", "bytes 200-599/600")])
                == .refuse(.contentRangeMismatch(contentRange: "bytes 200-599/600")))
        resumption.received(300)
        #expect(!resumption.endedShort)
    }

    @Test func refusalsSayWhy() throws {
        let url = try #require(URL(string: "http://user:secret@example.invalid/feed.xml"))
        let error = XMLHTTPError.resumptionRefused(url: url, receivedByteCount: 30_000, reason: .rangeIgnored)
        #expect(
            error.description
                == "the body of http://user:***@example.invalid/feed.xml broke off after 30000 bytes and cannot be "
                + "resumed: the server ignores Range and sent the whole body again")
        let quoted = XMLHTTPError.ResumptionRefusal.contentRangeMismatch(contentRange: "bytes 1-2/3")
        #expect(quoted.description.contains("'bytes 1-2/3'"))
    }
}
