import XMLEvents

/// An ``OwnedEventVisitor`` that calls `hook` after recording each event, to throw, cancel or
/// look at the source at a chosen point of the document, and counts the calls it gets after the
/// hook threw (a visit must make none).
struct HookedVisitor: XMLVisitor {
    var recorder = OwnedEventVisitor()
    /// Gets each event and how many start elements came so far, that one included.
    let hook: (XMLEvent, _ startElements: Int) throws -> Void
    private(set) var callsAfterThrow = 0
    private var hookThrew = false
    private var startElements = 0

    init(hook: @escaping (XMLEvent, _ startElements: Int) throws -> Void) {
        self.hook = hook
    }

    var events: [XMLEvent] { recorder.events }

    mutating func startDocument(version: String?, encoding: String?, standalone: Bool?) throws {
        recorder.startDocument(version: version, encoding: encoding, standalone: standalone)
        try afterEvent()
    }

    mutating func doctype(name: String, publicID: String?, systemID: String?) throws {
        recorder.doctype(name: name, publicID: publicID, systemID: systemID)
        try afterEvent()
    }

    mutating func startElement(_ tag: borrowing XMLStartTag) throws {
        recorder.startElement(tag)
        startElements += 1
        try afterEvent()
    }

    mutating func endElement(_ name: XMLName) throws {
        recorder.endElement(name)
        try afterEvent()
    }

    mutating func text(_ text: borrowing XMLText) throws {
        recorder.text(text)
        try afterEvent()
    }

    mutating func cdata(_ text: borrowing XMLText) throws {
        recorder.cdata(text)
        try afterEvent()
    }

    mutating func comment(_ text: borrowing XMLText) throws {
        recorder.comment(text)
        try afterEvent()
    }

    mutating func processingInstruction(target: borrowing XMLText, data: borrowing XMLText) throws {
        recorder.processingInstruction(target: target, data: data)
        try afterEvent()
    }

    mutating func skippedEntity(_ name: String) throws {
        recorder.skippedEntity(name)
        try afterEvent()
    }

    mutating func endDocument() throws {
        recorder.endDocument()
        try afterEvent()
    }

    private mutating func afterEvent() throws {
        if hookThrew { callsAfterThrow += 1 }
        guard let event = recorder.events.last else { return }
        do {
            try hook(event, startElements)
        } catch {
            hookThrew = true
            throw error
        }
    }
}

extension HookedVisitor {
    /// Visits `events`; returns what was recorded, with the error the visit threw.
    mutating func outcome<Source>(visiting events: XMLEvents<Source>) async -> TierOutcome {
        var outcome = TierOutcome()
        do {
            try await events.visit(&self)
        } catch {
            outcome.record(error)
        }
        outcome.events = recorder.events
        outcome.startLocations = recorder.startLocations
        return outcome
    }
}
