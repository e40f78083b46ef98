import Foundation
import Testing
import XMLEvents

/// Guarantee 3: malformed input throws a typed error, after every event before the error point.
@Suite struct ParsingErrorTests {
    @Test func mismatchedTagReportsWhereAndWhat() async throws {
        let outcome = await parse("<a>\n  <b>text</c>\n</a>")
        let error = try #require(outcome.error)
        #expect(error.code == .tagNameMismatch)
        #expect(error.message.contains("b") && error.message.contains("c"))
        #expect(error.line == 2)
        #expect(error.column > 1)
        #expect(error.byteOffset > 6 && error.byteOffset <= 18)
        #expect(outcome.events.count == 5)
        #expect(outcome.events.last == .text("text"))
        #expect(error.description.hasPrefix("2:"))
    }

    @Test func eventsBeforeTheErrorAreDelivered() async throws {
        let outcome = await parse("<r><ok/><ok/>text & more</r>")
        let error = try #require(outcome.error)
        #expect(outcome.events.filter { if case .startElement = $0 { return true } else { return false } }.count == 3)
        #expect(outcome.events.last == .text("text "))
        // libxml2 reports the bad reference once it has read the '&' and the space after it.
        #expect(error.line == 1 && error.column == 20 && error.byteOffset == 19)
    }

    @Test func everyTruncationIsAnError() async {
        let document = Data(
            "<?xml version='1.0'?><!DOCTYPE r [<!ENTITY e 'x'>]><r a='1'><b>t&e;</b><![CDATA[c]]><!--c--></r>".utf8)
        for length in 0..<document.count {
            let outcome = await parse(document.prefix(length))
            #expect(outcome.error != nil, "prefix of \(length) bytes ended silently")
            #expect(outcome.events.last != .endDocument)
        }
        #expect(await parse(document).error == nil)
    }

    @Test func truncatedDocumentSaysWhatIsMissing() async throws {
        let error = try #require(await parse("<a><b>text").error)
        #expect(error.code == .documentEnd)
        #expect(error.message.contains("ended early"))
        #expect(error.message.contains("2 elements"))
    }

    @Test func emptyInputIsAnError() async throws {
        #expect(try #require(await parse("").error).code == .documentEmpty)
        #expect(try #require(await parse("  \n ").error).code == .documentEmpty)
    }

    @Test func structuralErrors() async throws {
        let cases = [
            "<a/><b/>",  // two roots
            "<a/>text",  // text after the root
            "<a x='1' x='2'/>",  // duplicate attribute
            "<x:a/>",  // unbound prefix
            "<a>&undefined;</a>",  // undeclared entity
            "<a>\u{0}</a>",  // NUL
            "<a b=c/>",  // unquoted attribute
            "<?xml version='1.0' encoding='no-such-encoding'?><a/>",
        ]
        for document in cases {
            let outcome = await parse(document)
            #expect(outcome.error != nil, "accepted: \(document)")
        }
    }

    @Test func invalidUTF8IsAnError() async throws {
        var bytes = Data("<a>ok ".utf8)
        bytes.append(contentsOf: [0xC3, 0x28])
        bytes.append(contentsOf: Data(" more</a>".utf8))
        let error = try #require(await parse(bytes).error)
        #expect(error.line == 1)
        #expect(error.byteOffset >= 6)
    }

    @Test func iterationEndsAfterTheError() async throws {
        var iterator = XMLEvents(string: "<a></b>").makeAsyncIterator()
        var thrown: (any Error)?
        do {
            while try await iterator.next() != nil {}
        } catch {
            thrown = error
        }
        #expect(thrown is XMLParsingError)
        #expect(try await iterator.next() == nil)
    }
}
