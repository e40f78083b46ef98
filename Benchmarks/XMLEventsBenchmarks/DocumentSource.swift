/// Where a run reads its document from.
enum DocumentSource: Codable, Sendable, Hashable {
    /// A generated file on disk, read in 64 KiB chunks.
    case file(path: String)
    /// Straight from the corpus generator, never touching the disk, for documents too big to
    /// keep around (the 1 GB memory run).
    case generator

    var label: String {
        switch self {
        case .file: "file"
        case .generator: "generator"
        }
    }
}
