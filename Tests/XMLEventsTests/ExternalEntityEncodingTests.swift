import Foundation
import Synchronization
import Testing
import XMLEvents

/// An external entity (or external DTD subset) in an encoding of its own is held to the same
/// rule as the document: bytes that are not a whole character are an error. libxml2 converts an
/// entity a buffer at a time, and at the entity's end a sequence cut short (a lone Shift_JIS
/// lead byte) was dropped without a word.
@Suite struct ExternalEntityEncodingTests {
    /// `XML_I18N_CONV_FAILED`, which libxml2 reports for the same bytes in the document entity.
    static let conversionFailed = XMLParsingError.Code(rawValue: 6003)

    static let declaration = Data(#"<?xml version="1.0" encoding="Shift_JIS"?>"#.utf8)
    /// `ab` and HIRAGANA LETTER A in Shift_JIS.
    static let whole = declaration + Data("ab".utf8) + Data([0x82, 0xA0])
    static let document = #"<!DOCTYPE d [<!ENTITY e SYSTEM "e.ent">]><d>[&e;]</d>"#

    static func options(entity: Data, asBytesArrive: Bool = false) -> XMLParsingOptions {
        XMLParsingOptions(
            externalEntityResolver: { request in request.systemID == "e.ent" ? entity : nil },
            parsesAsBytesArrive: asBytesArrive)
    }

    static let feeds: [(chunkSize: Int, asBytesArrive: Bool)] = [1, 3, 4_096].flatMap { [($0, false), ($0, true)] }

    @Test(arguments: feeds)
    func anEntityOfWholeCharactersIsRead(chunkSize: Int, asBytesArrive: Bool) async {
        let outcome = await parse(
            chunks: Chunking.fixed(Data(Self.document.utf8), size: chunkSize),
            options: Self.options(entity: Self.whole, asBytesArrive: asBytesArrive))
        #expect(outcome.error == nil, "\(outcome)")
        #expect(outcome.events.contains(.text("[ab\u{3042}]")), "\(outcome)")
    }

    /// A lone lead byte at the entity's end fails the document after the reference, with the code
    /// libxml2 gives the same bytes in the document entity; also when it follows a whole
    /// character, and alone.
    @Test(arguments: feeds)
    func aSequenceCutByTheEntitysEndIsAnError(chunkSize: Int, asBytesArrive: Bool) async throws {
        for entity in [
            Self.declaration + Data("ab".utf8) + Data([0x81]), Self.whole + Data([0x81]),
            Self.declaration + Data([0x81]),
        ] {
            let outcome = await parse(
                chunks: Chunking.fixed(Data(Self.document.utf8), size: chunkSize),
                options: Self.options(entity: entity, asBytesArrive: asBytesArrive))
            let error = try #require(outcome.error, "\(outcome)")
            #expect(error.code == Self.conversionFailed, "\(error)")
            #expect(error.message.contains("'e.ent' ends inside a character (bytes 0x81"), "\(error.message)")
            let after = #"<!DOCTYPE d [<!ENTITY e SYSTEM "e.ent">]><d>[&e;"#.utf8.count
            #expect((error.line, error.column, error.byteOffset) == (1, after + 1, after), "\(error)")
            #expect(!outcome.events.contains(.endDocument))
        }
    }

    /// An entity libxml2 reads in many pieces and converts in many passes, some of which its
    /// output buffer cuts short (windows-1252's `€` takes three bytes in UTF-8), is read whole
    /// and not mistaken for one cut inside a character; cut, it is one.
    @Test func aLongEntityIsCheckedAtItsEnd() async throws {
        let hiragana = Data(Array(repeating: [UInt8(0x82), 0xA0], count: 3_000).joined())
        let long = Self.declaration + hiragana
        let read = await parse(Self.document, options: Self.options(entity: long))
        #expect(read.error == nil, "\(read)")
        #expect(read.events.contains(.text("[" + String(repeating: "\u{3042}", count: 3_000) + "]")))
        let cut = await parse(Self.document, options: Self.options(entity: long + Data([0x81])))
        #expect(cut.error?.code == Self.conversionFailed, "\(cut.error.map(String.init(describing:)) ?? "no error")")
        let euros = Data(#"<?xml version="1.0" encoding="windows-1252"?>"#.utf8) + Data(repeating: 0x80, count: 20_000)
        let expanded = await parse(Self.document, options: Self.options(entity: euros))
        #expect(expanded.error == nil, "\(expanded.error.map(String.init(describing:)) ?? "")")
        #expect(expanded.events.contains(.text("[" + String(repeating: "\u{20AC}", count: 20_000) + "]")))
    }

    /// Counts the entities a resolver handed out and those whose bytes were freed.
    final class EntityLedger: Sendable {
        let handedOut = Atomic(0)
        let freed = Atomic(0)

        /// `bytes` in storage of their own, counted when it is freed.
        func entity(_ bytes: Data) -> Data {
            handedOut.add(1, ordering: .relaxed)
            let storage = UnsafeMutableRawPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
            bytes.copyBytes(to: storage.assumingMemoryBound(to: UInt8.self), count: bytes.count)
            return Data(
                bytesNoCopy: storage, count: bytes.count,
                deallocator: .custom { [self] pointer, _ in
                    pointer.deallocate()
                    freed.add(1, ordering: .relaxed)
                })
        }
    }

    /// Every input made for an entity is freed with it, whether the entity was read whole, cut
    /// inside a character, or left unread by a document that failed first.
    @Test func everyEntitysInputIsFreed() async {
        let ledger = EntityLedger()
        for entity in [Self.whole, Self.whole + Data([0x81])] {
            let options = XMLParsingOptions(externalEntityResolver: { _ in ledger.entity(entity) })
            _ = await parse(#"<!DOCTYPE d [<!ENTITY e SYSTEM "e.ent">]><d>&e;&e;&e;</d>"#, options: options)
            _ = await parse(#"<!DOCTYPE d [<!ENTITY e SYSTEM "e.ent">]><d>&e;<x></d>"#, options: options)
        }
        #expect(ledger.handedOut.load(ordering: .relaxed) == 6)
        #expect(ledger.freed.load(ordering: .relaxed) == ledger.handedOut.load(ordering: .relaxed))
    }

    /// The same bytes in the document entity, as libxml2 reports them: the code the entity's
    /// error has.
    @Test func theDocumentEntityReportsTheSameBytesSo() async throws {
        let data = Self.declaration + Data("<d>ab".utf8) + Data([0x81]) + Data("</d>".utf8)
        let error = try #require(await parse(data).error)
        #expect(error.code == Self.conversionFailed)
    }

    /// The external DTD subset is read the same way.
    @Test func anExternalSubsetCutInsideACharacterIsAnError() async throws {
        let subset = Self.declaration + Data("<!ENTITY x 'ok'>".utf8) + Data([0x81])
        let options = XMLParsingOptions(externalEntityResolver: { $0.systemID == "d.dtd" ? subset : nil })
        let error = try #require(await parse(#"<!DOCTYPE d SYSTEM "d.dtd"><d>&x;</d>"#, options: options).error)
        #expect(error.code == Self.conversionFailed)
        let whole = Self.declaration + Data("<!ENTITY x 'ok'>".utf8)
        let read = await parse(
            #"<!DOCTYPE d SYSTEM "d.dtd"><d>&x;</d>"#,
            options: XMLParsingOptions(externalEntityResolver: { $0.systemID == "d.dtd" ? whole : nil }))
        #expect(read.error == nil)
        #expect(read.events.contains(.text("ok")))
    }
}
