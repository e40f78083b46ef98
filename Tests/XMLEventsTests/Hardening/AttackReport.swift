/// What one attack did in its own process: how it ended, a summary of its events, what it cost,
/// and whether anything left the document. Written by the child as JSON, read by the parent.
struct AttackReport: Codable, Sendable {
    enum Outcome: String, Codable, Sendable {
        case finished
        case error
        /// An error that is not an `XMLParsingError`: always a failure.
        case foreignError
    }

    var caseName: String
    var mode: AttackMode
    var tier = AttackTier.events
    var outcome: Outcome = .finished
    var errorCode: Int?
    var errorMessage: String?
    var errorLine: Int?
    var errorColumn: Int?
    /// Not known for the command line, whose diagnostic gives the line and column.
    var errorByteOffset: Int?
    /// The document's length, for error points counted from its end.
    var documentByteCount = 0

    var events = 0
    var elements = 0
    var maxDepth = 0
    var maxAttributes = 0
    var textBytes = 0
    /// The first few element names and text runs (shortened), for checks on small documents.
    var elementNames: [String] = []
    var texts: [String] = []
    /// The first few entity references that were not replaced, by name.
    var skippedEntities: [String] = []

    /// Wall-clock and CPU seconds of the parse alone (source included, process start excluded).
    var wallSeconds = 0.0
    var cpuSeconds = 0.0
    /// The child's resident set before the parse, and its peak over its whole life.
    var baselineResidentBytes = 0
    var peakResidentBytes = 0

    /// Requests the loopback canary received for anything but the document itself.
    var canaryRequests = 0
    /// Whether the secret file's marker appeared in an event or in the error message.
    var secretSeen = false

    /// Takes the figures a reader gathered from the events (in a report of its own); a secret
    /// seen by either stays seen.
    mutating func takeEventFigures(of reader: AttackReport) {
        events = reader.events
        elements = reader.elements
        maxDepth = reader.maxDepth
        maxAttributes = reader.maxAttributes
        textBytes = reader.textBytes
        elementNames = reader.elementNames
        texts = reader.texts
        skippedEntities = reader.skippedEntities
        secretSeen = secretSeen || reader.secretSeen
    }
}
