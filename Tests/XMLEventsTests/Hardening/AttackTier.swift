/// The ways an attack's document is read, each with its own memory: the owned events of
/// `for try await`, the borrowed visitor tier, and the `xmlevents` command line
/// (`--format summary`, which reads through the visitor tier in a process of its own).
enum AttackTier: String, CaseIterable, Sendable, Codable {
    case events
    case visitor
    case commandLine = "cli"
}
