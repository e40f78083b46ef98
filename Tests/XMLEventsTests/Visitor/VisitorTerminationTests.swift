import Foundation
import Synchronization
import Testing

@testable import XMLEvents

/// How a visit ends: by the visitor's own error, by cancellation, by a malformed document or by
/// a failing source; each delivers what came before, throws the right error once, and releases
/// the source and the parser.
@Suite struct VisitorTerminationTests {
    struct Stop: Error, Equatable {
        var at: String
    }

    /// A visitor's error from the Nth start element ends the visit with that error: no event
    /// after it, no read of the source after it, the source and the parser released.
    @Test(arguments: [1, 2, 1_000, 2_345])
    func throwingFromStartElementStopsTheVisit(stopAt: Int) async {
        let source = CountingSource()
        let readsAtStop = ReadMark()
        var visitor = HookedVisitor { event, startElements in
            guard case .startElement = event, startElements == stopAt else { return }
            readsAtStop.mark(source.readCount)
            throw Stop(at: "element \(startElements)")
        }
        var thrown: (any Error)?
        let alive = await LiveParserCount.alive {
            do {
                try await XMLEvents(source).visit(&visitor)
            } catch {
                thrown = error
            }
        }
        #expect(thrown as? Stop == Stop(at: "element \(stopAt)"), "threw \(String(describing: thrown))")
        #expect(visitor.events.filter { Self.kind(of: $0) == "startElement" }.count == stopAt)
        #expect(visitor.events.last.map(Self.kind(of:)) == "startElement")
        #expect(visitor.callsAfterThrow == 0)
        #expect(source.readCount == readsAtStop.value, "the source was read after the visitor threw")
        #expect(source.releaseCount == 1)
        #expect(alive == 0)
    }

    static let everyKind = Data(
        """
        <?xml version="1.0"?><!DOCTYPE r SYSTEM "r.dtd"><r><!--c--><?pi d?><![CDATA[x]]>t<e/>&s;</r>
        """.utf8)

    static func kind(of event: XMLEvent) -> String {
        switch event {
        case .startDocument: "startDocument"
        case .doctype: "doctype"
        case .startElement: "startElement"
        case .endElement: "endElement"
        case .text: "text"
        case .cdata: "cdata"
        case .comment: "comment"
        case .processingInstruction: "processingInstruction"
        case .skippedEntity: "skippedEntity"
        case .endDocument: "endDocument"
        }
    }

    /// Every visitor method may throw: the visit ends with that error after the events up to the
    /// one that threw, as the owned events have them.
    @Test(arguments: [
        "startDocument", "doctype", "startElement", "endElement", "text", "cdata", "comment",
        "processingInstruction", "skippedEntity", "endDocument",
    ])
    func throwingFromAnyMethodStopsTheVisit(kind: String) async throws {
        let options = XMLParsingOptions(reportsCDATA: true)
        let owned = await Tiers.owned(chunks: [Self.everyKind], options: options)
        let index = try #require(owned.events.firstIndex { Self.kind(of: $0) == kind }, "no \(kind) in \(owned)")
        var visitor = HookedVisitor { event, _ in
            if Self.kind(of: event) == kind { throw Stop(at: kind) }
        }
        await #expect(throws: Stop(at: kind)) {
            try await XMLEvents(FixedChunks(chunks: [Self.everyKind]), options: options).visit(&visitor)
        }
        #expect(visitor.events == Array(owned.events[...index]))
        #expect(visitor.callsAfterThrow == 0)
    }

    /// Cancelling the visiting task ends the visit with `CancellationError` and releases the
    /// source and the parser.
    @Test func cancellingTheTaskEndsTheVisit() async {
        // Enough reads for a cancellation that comes late on a loaded machine.
        let source = CountingSource(limit: 100_000)
        let started = CancellationTests.StartFlag()
        var result: Result<Void, any Error>?
        let alive = await LiveParserCount.alive {
            let task = Task {
                var visitor = StartReporter(started: started)
                try await XMLEvents(source).visit(&visitor)
            }
            while !started.isSet { await Task.yield() }
            task.cancel()
            result = await task.result
        }
        #expect(throws: CancellationError.self) { try result?.get() }
        #expect(alive == 0)
        #expect(source.releaseCount == 1)
    }

    /// Reports the first start element, and keeps nothing.
    struct StartReporter: XMLVisitor {
        let started: CancellationTests.StartFlag

        mutating func startElement(_ tag: borrowing XMLStartTag) {
            started.set()
        }
    }

    /// A visitor that cancels its own task at the Nth element: the visit ends with
    /// `CancellationError` before the source is read again, after the same events as the owned
    /// tier hands out when its consumer does the same.
    @Test(arguments: [1, 700])
    func cancellationAtAnElementEndsBothTiersAlike(cancelAt: Int) async throws {
        let visitorSource = CountingSource()
        let readsAtCancel = ReadMark()
        let visited = await Task {
            var visitor = HookedVisitor { event, startElements in
                guard case .startElement = event, startElements == cancelAt else { return }
                readsAtCancel.mark(visitorSource.readCount)
                withUnsafeCurrentTask { $0?.cancel() }
            }
            return await visitor.outcome(visiting: XMLEvents(visitorSource))
        }.value
        let owned = await Task {
            var outcome = TierOutcome()
            var startElements = 0
            do {
                var iterator = XMLEvents(CountingSource()).makeAsyncIterator()
                while let event = try await iterator.next() {
                    outcome.events.append(event)
                    guard case .startElement = event else { continue }
                    outcome.startLocations.append(iterator.location)
                    startElements += 1
                    if startElements == cancelAt { withUnsafeCurrentTask { $0?.cancel() } }
                }
            } catch {
                outcome.record(error)
            }
            return outcome
        }.value
        #expect(visited.otherError == "CancellationError: CancellationError()")
        #expect(visited.events.count >= 2 * cancelAt)
        let difference = visited.difference(from: owned)
        #expect(difference == nil, "\(difference ?? "")")
        #expect(visitorSource.readCount == readsAtCancel.value)
        #expect(visitorSource.releaseCount == 1)
    }

    /// A visit in a task that is already cancelled reads nothing and sees nothing.
    @Test func visitInACancelledTaskReadsNothing() async {
        let source = CountingSource()
        let outcome = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            var visitor = HookedVisitor { _, _ in }
            return await visitor.outcome(visiting: XMLEvents(source))
        }.value
        #expect(outcome.otherError == "CancellationError: CancellationError()")
        #expect(outcome.events.isEmpty)
        #expect(source.readCount == 0)
        #expect(source.releaseCount == 1)
    }

    static let malformed: [(String, Data, XMLParsingError.Code)] = {
        let records = String(repeating: "<record id='1'>caf\u{E9} &amp; more</record>\n", count: 300)
        return [
            ("truncated", Data("<a><b>text</b><c>".utf8), .truncated),
            ("mismatched end tag", Data("<a><b>text</b></c>".utf8), .tagNameMismatch),
            (
                "bad reference after several steps", Data("<doc>\(records)<p>bad & amp</p></doc>".utf8),
                XMLParsingError.Code(rawValue: 68)
            ),
            ("undeclared entity", Data("<doc>\(records)&nope;</doc>".utf8), .undeclaredEntity),
            (
                "too deep", Data((String(repeating: "<d>", count: 300) + String(repeating: "</d>", count: 300)).utf8),
                .depthLimitExceeded
            ),
        ]
    }()

    /// A malformed document: the visitor gets every event before the error point, then the visit
    /// throws the owned tier's error, position and message included.
    @Test(arguments: 0..<5)
    func malformedDocumentDeliversTheEventsBeforeTheError(index: Int) async throws {
        let (name, data, code) = Self.malformed[index]
        for chunks in [[data], Chunking.fixed(data, size: 1_000)] {
            let owned = await Tiers.owned(chunks: chunks)
            let visited = await Tiers.visited(chunks: chunks)
            let error = try #require(visited.error, "\(name): no error")
            #expect(error.code == code, "\(name): \(error)")
            #expect(visited.events.count > 2, "\(name): \(visited.events.count) events before the error")
            let difference = visited.difference(from: owned)
            #expect(difference == nil, "\(name): \(difference ?? "")")
        }
    }

    /// A source that fails: the visitor gets the events of every byte that did arrive, those of
    /// an incomplete step included, then the source's error, as the owned tier delivers them.
    @Test func failingSourceDeliversTheEventsBeforeItsError() async {
        let failure = FailingSource.Breakage(reason: "connection reset")
        let short = FailingSource(chunks: [Data("<a><b>held</b>".utf8)], breakage: failure)
        let visited = await Tiers.visited(XMLEvents(short))
        #expect(
            visited.events == [
                .startDocument(version: nil, encoding: nil, standalone: nil),
                .startElement(name: XMLName(localName: "a"), attributes: [], namespaces: []),
                .startElement(name: XMLName(localName: "b"), attributes: [], namespaces: []),
                .text("held"), .endElement(name: XMLName(localName: "b")),
            ])
        #expect(visited.otherError == "Breakage: \(failure)")
        #expect(visited.error == nil)
        #expect(visited.difference(from: await Tiers.owned(XMLEvents(short))) == nil)

        let records = Data(String(repeating: "<record n='1'>text</record>", count: 500).utf8)
        let long = FailingSource(chunks: [Data("<doc>".utf8)] + Chunking.fixed(records, size: 3_000), breakage: failure)
        let longVisited = await Tiers.visited(XMLEvents(long))
        #expect(longVisited.otherError == "Breakage: \(failure)")
        #expect(longVisited.events.count > 1_000)
        let difference = longVisited.difference(from: await Tiers.owned(XMLEvents(long)))
        #expect(difference == nil, "\(difference ?? "")")
    }

    /// When the bytes that did arrive hold a parse error, that error, earlier in the document,
    /// is the one the visit throws, as the owned tier does.
    @Test func parseErrorBeforeTheSourceFailureWins() async throws {
        let source = FailingSource(chunks: [Data("<a><b>x</c>".utf8)], breakage: .init(reason: "later"))
        let visited = await Tiers.visited(XMLEvents(source))
        let error = try #require(visited.error)
        #expect(error.code == .tagNameMismatch)
        #expect(visited.otherError == nil)
        #expect(visited.difference(from: await Tiers.owned(XMLEvents(source))) == nil)
    }
}
