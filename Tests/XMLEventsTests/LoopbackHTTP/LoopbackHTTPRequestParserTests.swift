import Foundation
import Testing

@testable import LoopbackHTTP

extension LoopbackHTTPTests {
    @Suite("Request parser")
    struct RequestParsing {
        private static func head(_ text: String) throws -> RequestHead {
            try RequestParser.parseHead(ArraySlice(text.utf8))
        }

        @Test(arguments: [
            ("GET / HTTP/1.1\r\n\r\n", 18),
            ("GET / HTTP/1.1\n\n", 16),
            ("GET / HTTP/1.1\r\nA: b\r\n\r\nbody", 24),
            ("GET / HTTP/1.1\r\nA: b\r\n", nil),
        ])
        func endOfHeadIsTheBlankLine(text: String, end: Int?) {
            #expect(RequestParser.endOfHead(in: Array(text.utf8), from: 0) == end)
        }

        @Test func requestLineAndHeadersAreSplit() throws {
            let head = try Self.head("POST /a/b?x=1&y=%20 HTTP/1.0\r\nHost: h\r\nX-Spaced:  v w \t\r\n\r\n")
            #expect(head.method == "POST")
            #expect(head.target == "/a/b?x=1&y=%20")
            #expect(head.path == "/a/b")
            #expect(head.query == "x=1&y=%20")
            #expect(head.minorVersion == 0)
            #expect(head.headers.map(\.name) == ["Host", "X-Spaced"])
            #expect(head.headers.map(\.value) == ["h", "v w"])
        }

        @Test(arguments: [
            ("http://example.com:80/feed?q", "/feed", "q"),
            ("http://example.com", "/", nil),
            ("https://example.com?q=1", "/", "q=1"),
            ("/with#fragment", "/with", nil),
        ])
        func targetFormsReduceToPathAndQuery(target: String, path: String, query: String?) throws {
            let head = try Self.head("GET \(target) HTTP/1.1\r\n\r\n")
            #expect(head.path == path)
            #expect(head.query == query)
        }

        @Test func persistenceFollowsVersionAndConnectionHeader() throws {
            #expect(try Self.head("GET / HTTP/1.1\r\n\r\n").wantsPersistentConnection)
            #expect(try !Self.head("GET / HTTP/1.1\r\nConnection: Close\r\n\r\n").wantsPersistentConnection)
            #expect(try !Self.head("GET / HTTP/1.0\r\n\r\n").wantsPersistentConnection)
            #expect(try Self.head("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n").wantsPersistentConnection)
            #expect(try Self.head("PUT / HTTP/1.1\r\nExpect: 100-continue\r\n\r\n").expectsContinue)
        }

        @Test(arguments: [
            ("GET /\r\n\r\n", RequestError.malformedRequestLine),
            ("GET  / HTTP/1.1\r\n\r\n", .malformedRequestLine),
            ("GET relative HTTP/1.1\r\n\r\n", .malformedRequestLine),
            ("G(T / HTTP/1.1\r\n\r\n", .malformedRequestLine),
            ("GET / HTTP/1.1\r\nName : v\r\n\r\n", .malformedHeader),
            ("GET / HTTP/1.1\r\n: v\r\n\r\n", .malformedHeader),
            ("GET / HTTP/1.1\r\nA: b\r\n  folded\r\n\r\n", .malformedHeader),
            ("GET / HTTP/3.0\r\n\r\n", .unsupportedVersion),
            ("GET / HTTX/1.1\r\n\r\n", .malformedRequestLine),
        ])
        func malformedHeadsAreRejected(text: String, error: RequestError) {
            #expect(throws: error) { try Self.head(text) }
        }

        @Test(arguments: [
            ("", 0 as Int?),
            ("Content-Length: 42\r\n", 42),
            ("Content-Length: 7\r\nContent-Length: 7\r\n", 7),
            ("Content-Length: 7, 7\r\n", 7),
            ("Content-Length: 7\r\nContent-Length: 8\r\n", nil),
            ("Content-Length: -1\r\n", nil),
            ("Content-Length: 1e3\r\n", nil),
        ])
        func contentLengthMustBeOneNumber(fields: String, length: Int?) throws {
            let head = try Self.head("POST / HTTP/1.1\r\n\(fields)\r\n")
            if let length {
                #expect(try RequestParser.contentLength(of: head) == length)
            } else {
                #expect(throws: RequestError.invalidContentLength) { try RequestParser.contentLength(of: head) }
            }
        }

        @Test func transferCodedUploadsAreNotImplemented() throws {
            let head = try Self.head("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n")
            #expect(throws: RequestError.unsupportedTransferCoding) { try RequestParser.contentLength(of: head) }
        }
    }
}
