import Foundation
import FoundationXML

/// Counts what Foundation's `XMLParser` reports, the way the other contenders count.
///
/// Text is gathered from every callback that carries character data: `foundCharacters`,
/// `foundCDATA` (XMLEvents merges CDATA into text) and `foundIgnorableWhitespace` (libxml2 sends
/// whitespace there only in element-content models, but it is text to everyone else).
final class CountingParserDelegate: NSObject, XMLParserDelegate {
    private let itemName: String
    private(set) var error: Error?
    private var elements = 0
    private var attributes = 0
    private var items = 0
    private var textBytes = 0

    init(itemName: String) {
        self.itemName = itemName
    }

    /// The counts once parsing is over.
    func finish() -> WorkloadCounts {
        WorkloadCounts(
            elements: elements, attributes: attributes, items: items, textBytes: textBytes, losesEntityText: true)
    }

    func parser(
        _ parser: XMLParser,
        didStartElement elementName: String,
        namespaceURI: String?,
        qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        elements += 1
        // With namespace processing on, the dictionary holds attributes only (no xmlns), keyed
        // by qualified name, so distinct attributes cannot collide.
        attributes += attributeDict.count
        // With namespace processing on, `elementName` is the local name.
        if elementName == itemName { items += 1 }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        textBytes += string.utf8.count
    }

    func parser(_ parser: XMLParser, foundIgnorableWhitespace whitespaceString: String) {
        textBytes += whitespaceString.utf8.count
    }

    func parser(_ parser: XMLParser, foundCDATA cdataBlock: Data) {
        textBytes += cdataBlock.count
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        if error == nil { error = parseError }
    }
}
