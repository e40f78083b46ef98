import Foundation
import XMLCorpus

/// The temporary folder the benchmark documents are generated into, deleted when the run ends.
///
/// Each document is generated once and shared by every run that reads it; its metadata (the
/// generator's exact counts) comes from the same pass.
final class CorpusWorkspace {
    let folder: URL
    private var files: [CorpusDocument: (path: String, metadata: CorpusMetadata)] = [:]
    private var generated: [CorpusDocument: CorpusMetadata] = [:]
    private var references: [CorpusDocument: WorkloadCounts] = [:]

    init() throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("xmlevents-benchmarks-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// The file of `document`, written on first use.
    func file(for document: CorpusDocument) throws -> (path: String, metadata: CorpusMetadata) {
        if let existing = files[document] { return existing }
        let url = folder.appendingPathComponent("\(document.shape.rawValue)-\(document.byteCount).xml")
        let metadata = try document.write(to: url)
        let entry = (path: url.path, metadata: metadata)
        files[document] = entry
        return entry
    }

    /// The reference counts of the file of `document` (see ``ReferencePass``), from one untimed
    /// digest pass of the C floor, made on first use.
    func referenceCounts(for document: CorpusDocument) throws -> WorkloadCounts {
        if let existing = references[document] { return existing }
        let file = try file(for: document)
        let counts = try ReferencePass.counts(
            of: file.path, metadata: file.metadata, itemName: document.shape.itemElementName)
        references[document] = counts
        return counts
    }

    /// The metadata of a document that is only ever streamed from the generator: one pass of
    /// the generator without keeping the bytes.
    func metadata(forGenerated document: CorpusDocument) -> CorpusMetadata {
        if let existing = generated[document] { return existing }
        let metadata = document.metadata()
        generated[document] = metadata
        return metadata
    }

    /// Deletes the folder and every document in it.
    func remove() {
        try? FileManager.default.removeItem(at: folder)
        files = [:]
    }

    deinit {
        remove()
    }
}
