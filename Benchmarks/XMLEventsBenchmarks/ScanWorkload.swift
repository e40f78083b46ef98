import Foundation
import XMLEvents

/// The scan workload: what a typical filtering consumer does with each event, and no more.
///
/// Every start tag's local name is compared with the item name and its attributes counted;
/// every text run's UTF-8 length is added up. Shared by every contender that scans, so they
/// differ only in where the events come from.
enum ScanWorkload {
    /// Runs the loop in the caller's isolation (`nonisolated(nonsending)`): on the main actor when
    /// called from there (``XMLEventsMainActorScanContender``), on the global executor otherwise.
    ///
    /// - Parameter progress: Told of every item, for a watcher in another task
    ///   (``XMLEventsConcurrencyContender``).
    nonisolated(nonsending) static func run<Source>(
        _ events: XMLEvents<Source>,
        itemName: String,
        progress: ParseProgress? = nil
    ) async throws -> WorkloadCounts {
        var elements = 0
        var attributes = 0
        var items = 0
        var textBytes = 0
        for try await event in events {
            switch event {
            case .startElement(let name, let attributeList, _):
                elements += 1
                attributes += attributeList.count
                if name.localName == itemName {
                    items += 1
                    progress?.advance()
                }
            case .text(let text):
                textBytes += text.utf8.count
            case .cdata(let text):
                // Not reported with the default options (CDATA is merged into text); counted in
                // case a contender asks for it, because it is text to every other contender.
                textBytes += text.utf8.count
            default:
                break
            }
        }
        return WorkloadCounts(elements: elements, attributes: attributes, items: items, textBytes: textBytes)
    }
}
