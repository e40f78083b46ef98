import Foundation
import LoopbackHTTP
import Testing
import XMLEvents

/// Every error type's `description` and `localizedDescription` (what `"\(error)"` and
/// `error.localizedDescription` print) are safe to print: no control or bidirectional character
/// of the input, no password of a URL.
@Suite struct ErrorDescriptionSafetyTests {
    /// OSC 52 (write the clipboard) ended by BEL, CSI (clear the screen) as ESC [ and as the C1
    /// byte, a right-to-left override and an isolate, a carriage return.
    static let hostile = "\u{1B}]52;c;ZXZpbA==\u{07}\u{1B}[2J\u{9B}31m\u{202E}lmx.exe\u{2066}\r"
    static let password = "s3cr3tPW"

    static func urlWithPassword(_ path: String = "/feed.xml") -> URL {
        URL(string: "http://alice:\(password)@127.0.0.1:9\(path)") ?? URL(fileURLWithPath: "/")
    }

    /// What is wrong with how `error` prints, or nothing.
    static func problems(of error: any Error & CustomStringConvertible) -> [String] {
        var problems: [String] = []
        for (name, text) in [("description", error.description), ("localizedDescription", error.localizedDescription)] {
            let unsafe = TerminalSafety.unsafeCharacters(in: text)
            if !unsafe.isEmpty { problems.append("\(name) holds \(unsafe): \(text.debugDescription)") }
            if text.contains(password) { problems.append("\(name) shows the password: \(text.debugDescription)") }
        }
        if error.localizedDescription != error.description {
            problems.append("localizedDescription is \(error.localizedDescription.debugDescription)")
        }
        return problems
    }

    /// libxml2 quotes the namespace URI it refuses, C1 CSI and all.
    @Test func aParsingErrorQuotingTheDocumentIsEscaped() async throws {
        let document = "<r xmlns:p=\"\u{9B}2J \u{202E}ab\"/>"
        let error = try await #require(throws: XMLParsingError.self) {
            for try await _ in XMLEvents(string: document) {}
        }
        #expect(Self.problems(of: error) == [])
        #expect(TerminalSafety.unsafeCharacters(in: error.message) == [])
        #expect(error.message.contains(#"\u{9B}2J \u{202E}ab"#), "\(error.message)")
        #expect(error.description.hasPrefix("1:"))
    }

    @Test func aParsingErrorsMessageIsEscapedWhenMadeAndWhenSet() {
        var error = XMLParsingError(
            code: .internalError, message: "bad \(Self.hostile)", line: 1, column: 2, byteOffset: 3)
        #expect(error.message == #"bad \u{1B}]52;c;ZXZpbA==\u{7}\u{1B}[2J\u{9B}31m\u{202E}lmx.exe\u{2066}\u{D}"#)
        #expect(Self.problems(of: error) == [])
        error.message = "again \u{1B}[2J"
        #expect(error.message == #"again \u{1B}[2J"#)
        #expect(error.description == #"1:2: error: again \u{1B}[2J (byte offset 3)"#)
    }

    @Test func everyHTTPErrorHidesThePasswordAndEscapesWhatTheServerSaid() {
        let url = Self.urlWithPassword()
        let errors: [XMLHTTPError] = [
            .unacceptableStatus(403, url: url, bodyPrefix: Data("denied \(Self.hostile) here".utf8)),
            .hostNotFound(url: url),
            .connectionRefused(url: url),
            .connectTimedOut(url: url, after: .seconds(5)),
            .stalled(url: url, after: .seconds(60)),
            .truncatedBody(url: url, receivedByteCount: 1, expectedByteCount: 2),
            .connectionLost(url: url, reason: Self.hostile),
            .tooManyRedirects(url: url, limit: 10),
            .undecodableContent(url: url, reason: Self.hostile),
            .unsupportedRequest(url: url, reason: Self.hostile),
            .transferFailed(url: url, code: 56, message: Self.hostile),
        ]
        for error in errors {
            #expect(Self.problems(of: error) == [], "\(error)")
            #expect(error.description.contains("http://alice:***@127.0.0.1:9/feed.xml"), "\(error)")
        }
        // The URL stays whole in the error, for programs.
        #expect(errors[1].url?.password == Self.password)
        #expect(
            errors[0].description
                == #"http://alice:***@127.0.0.1:9/feed.xml answered HTTP 403: denied \u{1B}]52;c;ZXZpbA==\u{7}"#
                + #"\u{1B}[2J\u{9B}31m\u{202E}lmx.exe\u{2066}  here"#)
    }

    @Test func aByteSourceErrorEscapesItsPath() async throws {
        let path = "/nonexistent-\(UUID().uuidString)/\u{1B}[2J\u{202E}lmx.xml"
        let error = try await #require(throws: XMLByteSourceError.self) {
            for try await _ in XMLEvents(path: path) {}
        }
        #expect(Self.problems(of: error) == [])
        #expect(error.description.contains(#"/\u{1B}[2J\u{202E}lmx.xml: "#))
        #expect(error == .openFailed(path: path, errno: ENOENT))
    }

    @Test func aPathErrorEscapesThePath() throws {
        let error = try #require(throws: XMLPathError.self) { try XMLPath("feed/\u{1B}[2J") }
        #expect(Self.problems(of: error) == [])
        #expect(error.description.contains(#"feed/\u{1B}[2J"#), "\(error)")
    }

    @Test func aRecordDecodingErrorEscapesTheValueItQuotes() async throws {
        struct Record: Decodable { var count: Int }
        // XML allows DEL, C1 controls and bidirectional controls in content, not ESC.
        let record = try await subtree("<record count=\"\u{7F}\u{9B}2J\u{202E}7\"/>")
        let error = try #require(throws: XMLRecordDecodingError.self) {
            try XMLRecordDecoder().decode(Record.self, from: record)
        }
        #expect(Self.problems(of: error) == [])
        #expect(error.description.contains(#"\u{7F}\u{9B}2J\u{202E}7"#), "\(error)")
    }
}

#if os(Linux)
    extension ErrorDescriptionSafetyTests {
        /// The error a real transfer throws, from a server whose error page is hostile, for a URL
        /// with a password.
        @Test func aRealHTTPErrorIsSafeToPrint() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/feed.xml", .text("denied \(Self.hostile)", status: 401))
            let url = try #require(
                URL(
                    string: server.url("/feed.xml").absoluteString.replacingOccurrences(
                        of: "http://", with: "http://alice:\(Self.password)@")))
            let error = try await #require(throws: XMLHTTPError.self) {
                for try await _ in XMLEvents(url: url) {}
            }
            #expect(Self.problems(of: error) == [])
            #expect(error.description.hasPrefix("http://alice:***@127.0.0.1:\(server.port)/feed.xml answered HTTP 401"))
            #expect(error.description.contains(#"\u{1B}]52;c;ZXZpbA==\u{7}"#))
        }
    }
#endif
