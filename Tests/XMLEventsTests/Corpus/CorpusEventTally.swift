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
    /// Every attribute (`@name`) and child element (local name) of every item, and the item's
    /// own text of all depths (`.`), summed field by field.
    var itemFieldDigests: [String: TextDigest] = [:]
    /// The fields of ``itemFieldDigests`` the generator's metadata has for the document's shape.
    var documentedItemFields: Set<String> = []

    /// The fields ``CorpusMetadata/itemFieldDigests`` documents for each shape.
    static func documentedItemFields(_ shape: CorpusShape) -> Set<String> {
        switch shape {
        case .records:
            ["name", "protocol", "number", "description", "registration-date", "modification-date", "@date"]
        case .text: ["."]
        case .ns: ["id", "title", "updated", "summary"]
        }
    }

    /// Parses `document` straight from its generator, `chunkSize` bytes at a time.
    static func parse(
        _ document: CorpusDocument, chunkSize: Int = 16 * 1024, options: XMLParsingOptions = .default
    ) async throws -> CorpusEventTally {
        var tally = CorpusEventTally()
        var field: WritableKeyPath<ParsedRecord, String>?
        var items = ItemFieldReader()
        tally.documentedItemFields = Self.documentedItemFields(document.shape)
        for try await event in XMLEvents(document.asyncChunks(ofSize: chunkSize), options: options) {
            tally.events.append(event)
            items.read(event, shape: document.shape, into: &tally.itemFieldDigests)
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
            itemCount: itemCount,
            itemFieldDigests: itemFieldDigests.filter { documentedItemFields.contains($0.key) }
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

/// Gathers the text of each item's attributes, child elements and whole content from the events,
/// the way a decoder reads them: a child's text of all depths, joined.
private struct ItemFieldReader {
    private var depth = 0
    private var itemDepth: Int?
    private var itemText = ""
    private var child: (key: String, text: String)?

    mutating func read(_ event: XMLEvent, shape: CorpusShape, into digests: inout [String: TextDigest]) {
        switch event {
        case .startElement(let name, let attributes, _):
            depth += 1
            if let itemDepth {
                if depth == itemDepth + 1 { child = (name.localName, "") }
            } else if name.localName == shape.itemElementName && name.namespaceURI == shape.itemNamespaceURI {
                itemDepth = depth
                itemText = ""
                for attribute in attributes {
                    digests["@" + attribute.name.localName, default: TextDigest()].add(attribute.value)
                }
            }
        case .text(let text), .cdata(let text):
            guard itemDepth != nil else { return }
            itemText += text
            child?.text += text
        case .endElement:
            if let itemDepth, let open = child, depth == itemDepth + 1 {
                digests[open.key, default: TextDigest()].add(open.text)
                child = nil
            } else if depth == itemDepth {
                digests[".", default: TextDigest()].add(itemText)
                itemDepth = nil
            }
            depth -= 1
        default:
            break
        }
    }
}
