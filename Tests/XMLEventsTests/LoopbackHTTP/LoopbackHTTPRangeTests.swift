import Foundation
import LoopbackHTTP
import Testing

extension LoopbackHTTPTests {
    /// `LoopbackRangedDocument` as a raw client sees it: ranges, validators, cuts that fire once,
    /// a document that changes, and each way of misbehaving.
    @Suite("Ranged documents: Range, If-Range, cuts, versions")
    struct Ranges {
        static let bytes = LoopbackHTTPTests.distinctiveBytes(10_000)
        static let first = LoopbackRangedDocument.Version(bytes: bytes, entityTag: "\"one\"")

        @Test func theWholeBodyThenAPartFromTheByteAsked() throws {
            try LoopbackHTTPTests.withServer { server in
                let document = LoopbackRangedDocument(Self.first)
                server.route("/doc", document)
                let whole = try RawHTTPClient.fetch(server.port, "/doc")
                #expect(whole.status == 200 && whole.body == Self.bytes)
                #expect(whole.header("Accept-Ranges") == "bytes" && whole.header("ETag") == "\"one\"")
                #expect(whole.header("Date") != nil)
                let part = try RawHTTPClient.fetch(
                    server.port, "/doc", headers: ["Range: bytes=4000-", "If-Range: \"one\""])
                #expect(part.status == 206 && part.body == Self.bytes.dropFirst(4_000))
                #expect(part.header("Content-Range") == "bytes 4000-9999/10000")
                let stale = try RawHTTPClient.fetch(
                    server.port, "/doc", headers: ["Range: bytes=4000-", "If-Range: \"old\""])
                #expect(stale.status == 200 && stale.body == Self.bytes)
                let beyond = try RawHTTPClient.fetch(server.port, "/doc", headers: ["Range: bytes=10000-"])
                #expect(beyond.status == 416 && beyond.header("Content-Range") == "bytes */10000")
                let suffix = try RawHTTPClient.fetch(server.port, "/doc", headers: ["Range: bytes=-100"])
                #expect(suffix.status == 200)
                #expect(document.requests.map(\.status) == [200, 206, 200, 416, 200])
                #expect(document.requests[1].range == "bytes=4000-" && document.requests[1].firstByte == 4_000)
            }
        }

        /// Each cut fires once, at its offset of the document whatever the request's start, and may
        /// change the version served from then on.
        @Test func cutsFireOnceAtTheirOffsetAndMayChangeTheDocument() throws {
            try LoopbackHTTPTests.withServer { server in
                let second = LoopbackRangedDocument.Version(bytes: Data(Self.bytes.reversed()), entityTag: "\"two\"")
                let document = LoopbackRangedDocument(
                    Self.first, cuts: [.reset(at: 6_000), .close(at: 3_000, replacingWith: second)])
                server.route("/doc", document)
                let cut = try RawHTTPClient.fetch(server.port, "/doc")
                #expect(cut.body == Self.bytes.prefix(3_000) && !cut.isComplete)
                let part = try RawHTTPClient.fetch(server.port, "/doc", headers: ["Range: bytes=3000-"])
                #expect(part.status == 206 && part.header("ETag") == "\"two\"")
                #expect(part.body.count <= 3_000 && second.bytes.dropFirst(3_000).starts(with: part.body))
                let whole = try RawHTTPClient.fetch(server.port, "/doc")
                #expect(whole.body == second.bytes && whole.isComplete)
                #expect(document.requests.map(\.cut?.offset) == [3_000, 6_000, nil])
            }
        }

        static let misbehaviourCases: [(LoopbackRangedDocument.RangeHandling, Int, Int?)] = [
            (.ignored, 200, 0),
            (.ignoringIfRange, 206, 4_000),
            (.unsatisfiable, 416, nil),
            (.shifted(by: 10), 206, 4_010),
        ]

        @Test(arguments: misbehaviourCases)
        func misbehaviours(handling: LoopbackRangedDocument.RangeHandling, status: Int, start: Int?) throws {
            try LoopbackHTTPTests.withServer { server in
                server.route(
                    "/doc", LoopbackRangedDocument(Self.first, rangeHandling: handling, advertisesRanges: false))
                let response = try RawHTTPClient.fetch(
                    server.port, "/doc", headers: ["Range: bytes=4000-", "If-Range: \"old\""])
                #expect(response.status == status)
                #expect(response.header("Accept-Ranges") == nil)
                if let start {
                    #expect(response.body == Self.bytes.dropFirst(start))
                    if status == 206 { #expect(response.header("Content-Range") == "bytes \(start)-9999/10000") }
                }
            }
        }
    }
}
