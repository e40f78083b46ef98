import Foundation
import XMLCorpus
import XMLEvents

/// What `XMLEvents` finds in a generated document, counted independently of the generator.
struct CorpusEventTally {
    /// One `record` of a records document, as parsed.
    struct ParsedRecord: Equatable {
        var name = ""
        var transport = ""
        var number = ""
    }

    var events: [XMLEvent] = []
    var elementCount = 0
    var attributeCount = 0
    var namespaceDeclarationCount = 0
    var itemCount = 0
    var records: [ParsedRecord] = []

    /// Parses `document` straight from its generator, `chunkSize` bytes at a time.
    static func parse(
        _ document: CorpusDocument, chunkSize: Int = 16 * 1024, options: XMLParsingOptions = .default
    ) async throws -> CorpusEventTally {
        var tally = CorpusEventTally()
        var field: WritableKeyPath<ParsedRecord, String>?
        for try await event in XMLEvents(document.asyncChunks(ofSize: chunkSize), options: options) {
            tally.events.append(event)
            switch event {
            case .startElement(let name, let attributes, let namespaces):
                tally.elementCount += 1
                tally.attributeCount += attributes.count
                tally.namespaceDeclarationCount += namespaces.count
                if name.localName == document.shape.itemElementName
                    && name.namespaceURI == document.shape.itemNamespaceURI
                {
                    tally.itemCount += 1
                    if document.shape == .records { tally.records.append(ParsedRecord()) }
                }
                switch name.localName {
                case "name" where document.shape == .records: field = \.name
                case "protocol": field = \.transport
                case "number": field = \.number
                default: field = nil
                }
            case .endElement:
                field = nil
            case .text(let text):
                if let field, !tally.records.isEmpty {
                    tally.records[tally.records.count - 1][keyPath: field] += text
                }
            default:
                break
            }
        }
        return tally
    }

    /// The counts in the generator's terms, for comparing with its ``CorpusMetadata``.
    func metadata(byteCount: Int) -> CorpusMetadata {
        CorpusMetadata(
            byteCount: byteCount,
            elementCount: elementCount,
            attributeCount: attributeCount,
            namespaceDeclarationCount: namespaceDeclarationCount,
            itemCount: itemCount
        )
    }

    /// All character data of the document, joined.
    var text: String {
        events.reduce(into: "") { result, event in
            if case .text(let text) = event { result += text }
        }
    }

    /// Every start element's name.
    var elementNames: [XMLName] {
        events.compactMap { event in
            if case .startElement(let name, _, _) = event { return name }
            return nil
        }
    }

    /// Every attribute of every start element.
    var attributes: [XMLAttribute] {
        events.flatMap { event -> [XMLAttribute] in
            if case .startElement(_, let attributes, _) = event { return Array(attributes) }
            return []
        }
    }

    /// Every namespace declaration of every start element.
    var namespaceDeclarations: [XMLNamespaceDeclaration] {
        events.flatMap { event -> [XMLNamespaceDeclaration] in
            if case .startElement(_, _, let namespaces) = event { return namespaces }
            return []
        }
    }
}
