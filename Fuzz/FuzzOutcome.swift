/// What one parse of a fuzz input produced: the events, where each start element was reported,
/// the error that ended it, and any error of a type the library must never throw for a document.
struct FuzzOutcome: Sendable, Equatable {
    var events: [XMLEvent] = []
    var startLocations: [XMLLocation?] = []
    var error: XMLParsingError?
    var foreignError: String?

    /// The outcome without the locations, for a comparison that does not promise them (parsing
    /// as bytes arrive).
    var withoutLocations: FuzzOutcome {
        var outcome = self
        outcome.startLocations = []
        return outcome
    }

    var description: String {
        let ending = foreignError.map { "FOREIGN ERROR \($0)" } ?? error.map { "ERROR \($0) [code \($0.code)]" } ?? "OK"
        var lines: [String] = []
        var starts = startLocations.makeIterator()
        for event in events {
            guard case .startElement = event else {
                lines.append(event.description)
                continue
            }
            let location = starts.next().flatMap { $0.map { "\($0) byte \($0.byteOffset)" } } ?? "no location"
            lines.append("\(event.description)  @ \(location)")
        }
        return (lines + [ending]).joined(separator: "\n")
    }
}
