import Foundation

/// How fast the backpressure runs' consumer takes its events.
///
/// The slow pace stands for a consumer whose work per record (a database insert, a network
/// call) is slower than the network: it suspends, rather than spins, so the core is free for the
/// transfer and the server, as it would be for a consumer awaiting real I/O.
enum ConsumerPace: Sendable, CustomStringConvertible {
    /// Every event as soon as the parser has it.
    case flatOut
    /// A suspension of `pause` after every `events` events.
    case pausing(every: Int, for: Duration)

    /// For the table: "no pause", "1 ms pause / 2000 events".
    var description: String {
        switch self {
        case .flatOut:
            "no pause"
        case .pausing(let events, let pause):
            String(format: "%g ms pause / %d events", pause.seconds * 1_000, events)
        }
    }
}
