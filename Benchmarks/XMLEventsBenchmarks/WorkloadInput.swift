import XMLCorpus

/// What a contender is asked to parse in one timed run.
struct WorkloadInput: Sendable {
    var document: CorpusDocument
    var source: DocumentSource
    /// How many copies of the document are parsed at once; 1 except in the scaling runs.
    var streams: Int

    /// The local name the scan workload compares every start tag against.
    var itemName: String { document.shape.itemElementName }

    /// The file to read, for contenders that can only read files.
    func requireFile(for contender: String) throws(BenchmarkError) -> String {
        guard case .file(let path) = source else {
            throw BenchmarkError.unsupportedSource(contender: contender, source: source.label)
        }
        return path
    }
}
