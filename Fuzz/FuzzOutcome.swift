/// What one parse of a fuzz input produced: the events, the error that ended it, and any error
/// of a type the library must never throw for a document.
struct FuzzOutcome: Sendable, Equatable {
    var events: [XMLEvent] = []
    var error: XMLParsingError?
    var foreignError: String?

    var description: String {
        let ending = foreignError.map { "FOREIGN ERROR \($0)" } ?? error.map { "ERROR \($0) [code \($0.code)]" } ?? "OK"
        return (events.map(\.description) + [ending]).joined(separator: "\n")
    }
}
