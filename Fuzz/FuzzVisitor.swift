/// Turns every call of the visitor tier into the owned ``XMLEvent`` it stands for, built from the
/// borrowed views, with where each start element was reported: what the owned tier hands out
/// for the same input, if the tiers agree.
struct FuzzVisitor: XMLVisitor {
    var outcome = FuzzOutcome()

    mutating func startDocument(version: String?, encoding: String?, standalone: Bool?) {
        outcome.events.append(.startDocument(version: version, encoding: encoding, standalone: standalone))
    }

    mutating func doctype(name: String, publicID: String?, systemID: String?) {
        outcome.events.append(.doctype(name: name, publicID: publicID, systemID: systemID))
    }

    mutating func startElement(_ tag: borrowing XMLStartTag) {
        var attributes: [XMLAttribute] = []
        attributes.reserveCapacity(tag.attributes.count)
        for index in 0..<tag.attributes.count {
            let value = tag.attributes.withValue(at: index) { $0.string }
            attributes.append(XMLAttribute(name: tag.attributes.name(at: index), value: value))
        }
        outcome.events.append(
            .startElement(
                name: tag.name, attributes: XMLAttributes(attributes), namespaces: tag.namespaceDeclarations))
        outcome.startLocations.append(tag.location)
    }

    mutating func endElement(_ name: XMLName) {
        outcome.events.append(.endElement(name: name))
    }

    mutating func text(_ text: borrowing XMLText) {
        outcome.events.append(.text(text.string))
    }

    mutating func cdata(_ text: borrowing XMLText) {
        outcome.events.append(.cdata(text.string))
    }

    mutating func comment(_ text: borrowing XMLText) {
        outcome.events.append(.comment(text.string))
    }

    mutating func processingInstruction(target: borrowing XMLText, data: borrowing XMLText) {
        outcome.events.append(.processingInstruction(target: target.string, data: data.string))
    }

    mutating func skippedEntity(_ name: String) {
        outcome.events.append(.skippedEntity(name: name))
    }

    mutating func endDocument() {
        outcome.events.append(.endDocument)
    }
}

extension FuzzParse {
    /// Through ``XMLEvents/visit(_:)``, the events a ``FuzzVisitor`` made of the visit, then the
    /// error it threw.
    static func visitorTier(_ chunks: [[UInt8]], options: XMLParsingOptions) -> FuzzOutcome {
        executor.run {
            var visitor = FuzzVisitor()
            do {
                try await XMLEvents(FuzzChunks(chunks: chunks), options: options).visit(&visitor)
            } catch let error as XMLParsingError {
                visitor.outcome.error = error
            } catch {
                visitor.outcome.foreignError = "\(type(of: error)): \(error)"
            }
            return visitor.outcome
        }
    }
}
