import XMLEvents

/// The two option sets every attack runs with: the safe defaults, and the limits for trusted
/// documents that users reach for first when a legitimate document trips a default.
enum AttackMode: String, CaseIterable, Sendable, Codable {
    case standard
    case huge

    var options: XMLParsingOptions {
        switch self {
        case .standard: return .default
        case .huge: return .huge
        }
    }
}
