import Foundation
import XMLEvents

/// Turns every call of the visitor tier into the owned ``XMLEvent`` it stands for, built from the
/// borrowed views alone, and keeps where each start element was reported: what the owned tier
/// would have handed out for the same document.
struct OwnedEventVisitor: XMLVisitor {
    var events: [XMLEvent] = []
    var startLocations: [XMLLocation?] = []

    mutating func startDocument(version: String?, encoding: String?, standalone: Bool?) {
        events.append(.startDocument(version: version, encoding: encoding, standalone: standalone))
    }

    mutating func doctype(name: String, publicID: String?, systemID: String?) {
        events.append(.doctype(name: name, publicID: publicID, systemID: systemID))
    }

    mutating func startElement(_ tag: borrowing XMLStartTag) {
        events.append(Self.event(for: tag))
        startLocations.append(tag.location)
    }

    mutating func endElement(_ name: XMLName) {
        events.append(.endElement(name: name))
    }

    mutating func text(_ text: borrowing XMLText) {
        events.append(.text(text.string))
    }

    mutating func cdata(_ text: borrowing XMLText) {
        events.append(.cdata(text.string))
    }

    mutating func comment(_ text: borrowing XMLText) {
        events.append(.comment(text.string))
    }

    mutating func processingInstruction(target: borrowing XMLText, data: borrowing XMLText) {
        events.append(.processingInstruction(target: target.string, data: data.string))
    }

    mutating func skippedEntity(_ name: String) {
        events.append(.skippedEntity(name: name))
    }

    mutating func endDocument() {
        events.append(.endDocument)
    }

    /// The start element of `tag`, its attributes read one by one through the indexed accessors.
    static func event(for tag: borrowing XMLStartTag) -> XMLEvent {
        var attributes: [XMLAttribute] = []
        for index in 0..<tag.attributes.count {
            let value = tag.attributes.withValue(at: index) { $0.string }
            attributes.append(XMLAttribute(name: tag.attributes.name(at: index), value: value))
        }
        return .startElement(
            name: tag.name, attributes: XMLAttributes(attributes), namespaces: tag.namespaceDeclarations)
    }
}

/// What reading one document through one tier produced: the events as owned values, where each
/// start element was reported, and the error that ended the document.
struct TierOutcome: Equatable, CustomStringConvertible {
    var events: [XMLEvent] = []
    var startLocations: [XMLLocation?] = []
    var error: XMLParsingError?
    /// An error that is not an ``XMLParsingError`` (the source's, a visitor's, cancellation), by
    /// type and description.
    var otherError: String?

    var description: String {
        let ending = error.map { "ERROR [code \($0.code)] \($0)" } ?? otherError.map { "OTHER ERROR \($0)" } ?? "OK"
        return (events.map(\.description) + [ending]).joined(separator: "\n")
    }

    /// Where `self` first differs from `reference`, said briefly enough to read in a test report
    /// of a million events; `nil` when they are equal.
    func difference(from reference: TierOutcome) -> String? {
        guard self != reference else { return nil }
        let common = Swift.min(events.count, reference.events.count)
        if let index = (0..<common).first(where: { events[$0] != reference.events[$0] }) ?? shorterCount(reference) {
            let context = Swift.max(0, index - 3)
            func around(_ events: [XMLEvent]) -> String {
                events[Swift.min(context, events.count)..<Swift.min(index + 3, events.count)]
                    .map(\.description).joined(separator: " | ")
            }
            return
                "event \(index) of \(events.count) (reference has \(reference.events.count)):\n  got  \(around(events))"
                + "\n  want \(around(reference.events))"
        }
        if startLocations != reference.startLocations {
            let common = Swift.min(startLocations.count, reference.startLocations.count)
            let index = (0..<common).first { startLocations[$0] != reference.startLocations[$0] } ?? common
            let got = index < startLocations.count ? String(describing: startLocations[index]) : "none"
            let want =
                index < reference.startLocations.count ? String(describing: reference.startLocations[index]) : "none"
            return "location of start element \(index): got \(got), want \(want)"
        }
        return "ending: got \(ending(of: self)), want \(ending(of: reference))"
    }

    private func shorterCount(_ reference: TierOutcome) -> Int? {
        events.count == reference.events.count ? nil : Swift.min(events.count, reference.events.count)
    }

    private func ending(of outcome: TierOutcome) -> String {
        if let error = outcome.error {
            return "XMLParsingError(code \(error.code), \(error.line):\(error.column), byte \(error.byteOffset), "
                + "\"\(error.message)\")"
        }
        return outcome.otherError ?? "no error"
    }
}

/// Reads documents through the owned tier (`for try await`) and the visitor tier (`visit`).
enum Tiers {
    /// The events of `events` with `for try await`, and the iterator's location after each start
    /// element, read on the caller's executor.
    nonisolated(nonsending) static func owned<Source>(_ events: XMLEvents<Source>) async -> TierOutcome {
        var outcome = TierOutcome()
        var iterator = events.makeAsyncIterator()
        do {
            while let event = try await iterator.next() {
                outcome.events.append(event)
                if case .startElement = event { outcome.startLocations.append(iterator.location) }
            }
        } catch {
            outcome.record(error)
        }
        return outcome
    }

    /// The events of `events` as an ``OwnedEventVisitor`` saw them, visited on the caller's
    /// executor.
    nonisolated(nonsending) static func visited<Source>(_ events: XMLEvents<Source>) async -> TierOutcome {
        var visitor = OwnedEventVisitor()
        var outcome = TierOutcome()
        do {
            try await events.visit(&visitor)
        } catch {
            outcome.record(error)
        }
        outcome.events = visitor.events
        outcome.startLocations = visitor.startLocations
        return outcome
    }

    static func owned(chunks: [Data], options: XMLParsingOptions = .default) async -> TierOutcome {
        await owned(XMLEvents(FixedChunks(chunks: chunks), options: options))
    }

    static func visited(chunks: [Data], options: XMLParsingOptions = .default) async -> TierOutcome {
        await visited(XMLEvents(FixedChunks(chunks: chunks), options: options))
    }
}

extension TierOutcome {
    mutating func record(_ error: any Error) {
        if let error = error as? XMLParsingError {
            self.error = error
        } else {
            otherError = "\(type(of: error)): \(error)"
        }
    }
}
