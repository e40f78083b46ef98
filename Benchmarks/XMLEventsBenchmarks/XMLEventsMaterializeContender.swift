import XMLEvents

/// XMLEvents reading the file, with a consumer that reads every string an event carries: element
/// and attribute names (qualified name and namespace URI), attribute values, namespace
/// declarations, text, comments and processing instructions.
///
/// The strings are summed by UTF-8 length into a total that is reported, so the reads stay in
/// the optimized build, and checked against the same total from the C floor's reference pass:
/// a consumer that skipped a string would not reach it.
struct XMLEventsMaterializeContender: Contender {
    let id = "xmlevents-materialize"
    let title = "XMLEvents materialize"
    let reportedCounts = WorkloadCounts.Field.scan.union([.materializedBytes])
    let summary =
        "The owned events, reading every string each carries (names, URIs, attribute values, text, comments); "
        + "their total length is checked against the C floor's."

    func measure(_ input: WorkloadInput) async throws -> WorkloadMeasurement {
        let path = try input.requireFile(for: id)
        let itemName = input.itemName
        var elements = 0
        var attributes = 0
        var items = 0
        var textBytes = 0
        var touched = 0
        let stopwatch = Stopwatch()
        for try await event in XMLEvents(path: path) {
            switch event {
            case .startElement(let name, let attributeList, let namespaces):
                elements += 1
                attributes += attributeList.count
                if name.localName == itemName { items += 1 }
                touched += XMLEventsMaterializeContender.size(of: name)
                for attribute in attributeList {
                    touched += XMLEventsMaterializeContender.size(of: attribute.name) + attribute.value.utf8.count
                }
                for declaration in namespaces {
                    touched += (declaration.prefix?.utf8.count ?? 0) + declaration.uri.utf8.count
                }
            case .endElement(let name):
                touched += XMLEventsMaterializeContender.size(of: name)
            case .text(let text), .cdata(let text):
                textBytes += text.utf8.count
                touched += text.utf8.count
            case .comment(let text), .skippedEntity(let text):
                touched += text.utf8.count
            case .processingInstruction(let target, let data):
                touched += target.utf8.count + data.utf8.count
            case .startDocument, .doctype, .endDocument:
                break
            }
        }
        let elapsed = stopwatch.read()
        return WorkloadMeasurement(
            seconds: elapsed.seconds, cpuSeconds: elapsed.cpuSeconds,
            counts: WorkloadCounts(
                elements: elements, attributes: attributes, items: items, textBytes: textBytes,
                materializedBytes: touched)
        )
    }

    private static func size(of name: XMLName) -> Int {
        name.qualifiedName.utf8.count + (name.namespaceURI?.utf8.count ?? 0)
    }
}
