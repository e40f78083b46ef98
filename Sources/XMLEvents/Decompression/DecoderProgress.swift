import XMLEventsInput

/// The bytes a document's decoders have read and written, in the document's order, checked
/// against the limits after every call: a call made on the stage's thread as it returns, a call
/// made ahead by a thread of a ``Bzip2StreamPool`` when the stage reaches it.
struct DecoderProgress {
    let format: XMLDecompression.Format
    let limits: XMLDecompression
    private(set) var compressed = 0
    private(set) var produced = 0
    /// How many of the bytes produced have passed their unit's check.
    private(set) var checked = 0

    init(format: XMLDecompression.Format, limits: XMLDecompression) {
        self.format = format
        self.limits = limits
    }

    /// Counts one call of `decoder` (`call`), turning its failure and a limit passed into
    /// ``XMLDecompressionError``.
    mutating func run(
        _ decoder: any StreamDecoder,
        _ call: @autoclosure () throws(StreamDecoderFailure) -> (consumed: Int, produced: Int)
    ) throws(XMLDecompressionError) -> (consumed: Int, produced: Int) {
        let step: (consumed: Int, produced: Int)
        do throws(StreamDecoderFailure) {
            step = try call()
        } catch {
            checked = decoder.checkedByteCount
            throw failure(error)
        }
        try count(consumed: step.consumed, produced: step.produced, checked: decoder.checkedByteCount)
        return step
    }

    /// Counts a call that read `consumed` bytes and wrote `produced`, after which `checked` bytes
    /// of the document had passed their check.
    mutating func count(consumed: Int, produced: Int, checked: Int) throws(XMLDecompressionError) {
        compressed += consumed
        self.produced += produced
        self.checked = checked
        try checkLimits()
    }

    /// The error a call ends with that failed with `failure`, after which `checked` bytes of the
    /// document had passed their check.
    mutating func failed(_ failure: StreamDecoderFailure, checked: Int) -> XMLDecompressionError {
        self.checked = checked
        return self.failure(failure)
    }

    private func checkLimits() throws(XMLDecompressionError) {
        if produced > limits.maximumDecompressedBytes {
            throw limitError(
                "The document decompresses to more than \(limits.maximumDecompressedBytes) bytes, "
                    + "XMLDecompression.maximumDecompressedBytes")
        }
        guard produced > limits.ratioFreeBytes else { return }
        let (allowed, overflow) = Swift.max(compressed, 1).multipliedReportingOverflow(by: limits.maximumRatio)
        if !overflow, produced > allowed {
            throw limitError(
                "The document expands more than \(limits.maximumRatio) times its compressed size, "
                    + "XMLDecompression.maximumRatio (after the first \(limits.ratioFreeBytes) bytes)")
        }
    }

    private func limitError(_ message: String) -> XMLDecompressionError {
        XMLDecompressionError(
            code: .limitExceeded, format: format, compressedOffset: compressed, decompressedOffset: produced,
            message: message)
    }

    private func failure(_ failure: StreamDecoderFailure) -> XMLDecompressionError {
        let (code, message): (XMLDecompressionError.Code, String) =
            switch failure.kind {
            case .corrupt: (.corruptData, "The \(format) data is corrupt: \(failure.detail)")
            case .trailingData: (.corruptData, "The \(format) data is followed by other bytes: \(failure.detail)")
            case .windowTooLarge: (.limitExceeded, "The \(format) stream needs too large a window: \(failure.detail)")
            case .failed: (.decoderFailed, "The \(format) decoder failed: \(failure.detail)")
            }
        return XMLDecompressionError(
            code: code, format: format, compressedOffset: compressed + failure.consumed, decompressedOffset: produced,
            message: message)
    }
}
