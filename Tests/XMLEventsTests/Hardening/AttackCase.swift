import Foundation
import XMLEvents

/// One hostile document and what the parser must make of it in each mode.
struct AttackCase: Sendable, CustomStringConvertible {
    /// Where the document comes from: generated chunks, or the loopback server (through
    /// `XMLEvents(url:)`, for the cases about fetching things over HTTP).
    enum Source: Sendable {
        case stream
        case http
    }

    /// What a case's document may point at: the secret file and the canary server's paths.
    struct Targets: Sendable {
        let secretFile: URL
        let canary: @Sendable (String) -> URL
    }

    let name: String
    var source = Source.stream
    /// The secret file's content around its marker (a DTD for the parameter-entity cases).
    var secretFileContent: @Sendable (String) -> String = { $0 }
    let document: @Sendable (Targets) -> AttackDocument
    let expectation: @Sendable (AttackMode) -> AttackExpectation
    /// Modes allowed more time or memory than the budgets, with the reason, for the table.
    var timeExemption: [AttackMode: String] = [:]
    var memoryExemption: [AttackMode: String] = [:]

    var description: String { name }

    static let timeBudgetSeconds = 2.0
    /// What an attack may add to the peak resident memory of the same child process reading a
    /// one-element document (``AttackBaseline``): the process itself (the test binary, its
    /// libraries, the runtime) grows with the package and is not the parser's.
    static let memoryBudgetBytes = 20 << 20
}
