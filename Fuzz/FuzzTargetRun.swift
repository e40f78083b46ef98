#if canImport(Glibc)
    import Glibc
#endif

/// The run-wide choices of the fuzz target.
enum FuzzTargetRun {
    /// `XMLEVENTS_FUZZ_PATH=context` bypasses the public API (to measure what the bridge costs).
    static let usesContext: Bool = getenv("XMLEVENTS_FUZZ_PATH").map { String(cString: $0) == "context" } ?? false

    static func parse(_ chunks: [[UInt8]], options: XMLParsingOptions) -> FuzzOutcome {
        usesContext ? FuzzParse.context(chunks, options: options) : FuzzParse.publicAPI(chunks, options: options)
    }

    /// Reports a broken promise and aborts, which libFuzzer records as a crash with this input.
    static func stop(
        _ what: String, _ outcome: FuzzOutcome, _ reference: FuzzOutcome? = nil, referenceLabel: String = "one chunk"
    ) -> Never {
        var report = "XMLEvents fuzz target: \(what)\n--- outcome ---\n\(outcome.description)\n"
        if let reference { report += "--- \(referenceLabel) ---\n\(reference.description)\n" }
        report.utf8CString.withUnsafeBufferPointer { _ = write(2, $0.baseAddress, $0.count - 1) }
        abort()
    }
}
