import Foundation
import XMLEventsInput

/// The feed's first stage: the document's bytes as chunks to parse, read from the source and,
/// when its first bytes say it is compressed, decompressed on a thread of their own.
///
/// The feed is the one place all sources meet — data, files, descriptors, HTTP bodies (after
/// their content decoding and resumption, so that a resumed transfer goes on feeding the same
/// decoder), and any sequence of chunks a user gives — so the first bytes are looked at here,
/// once, and a compressed stream is handed to a ``DecompressionStage``. A plain document costs
/// one look at its first byte, then nothing.
///
/// A chunk is read only when ``next()`` is called, once the chunk before it is parsed: the
/// consumer's pace reaches the source through this stage.
@usableFromInline
struct ByteInput<Source: AsyncIteratorProtocol> where Source.Element: ContiguousBytes {
    /// Whether the source's bytes are decompressed.
    @usableFromInline
    enum Unpacking {
        /// Not known yet: the first bytes will tell.
        case sniffing(XMLDecompression)
        /// Parsed as they are.
        case plain
        /// Decompressed on the stage's thread.
        case decompressing(DecompressionStage.Owner)
    }

    @usableFromInline var source: Source
    @usableFromInline var unpacking: Unpacking
    /// Tells whether the source's next chunk is at hand, for a source that can
    /// (``ChunkReadiness``); looked up once, for the source's type.
    @usableFromInline let readiness: ((Source) -> Bool)?
    /// How many threads decode the streams of a multistream bzip2 document at once.
    @usableFromInline let streamThreads: Int

    @usableFromInline
    init(source: Source, decompression: XMLDecompression, parallelism: XMLParsingOptions.Parallelism) {
        self.source = source
        unpacking = decompression.isEnabled ? .sniffing(decompression) : .plain
        readiness = Self.readinessProbe(for: Source.self)
        streamThreads = parallelism.streamDecoderCount
    }

    /// Whether reading the next chunk will not wait (a regular file, data in memory, a stream or
    /// a decompression stage with chunks buffered).
    @inlinable var hasChunkAtHand: Bool {
        switch unpacking {
        case .plain: readiness?(source) ?? false
        case .decompressing(let owner): owner.stage.hasChunkAtHand
        case .sniffing: false
        }
    }

    /// Whether the input is decompressed on a thread of its own.
    var isDecompressing: Bool {
        if case .decompressing = unpacking { return true }
        return false
    }

    /// The next chunk to parse, or `nil` at the end of the input.
    ///
    /// - Throws: The source's errors; ``XMLDecompressionError`` for a compressed stream that is
    ///   damaged; `DecompressedStreamCut` for one whose input ended before the stream did.
    @inlinable
    nonisolated(nonsending) mutating func next() async throws -> InputChunk<Source.Element>? {
        switch unpacking {
        case .plain:
            return try await source.next(isolation: #isolation).map { .source($0) }
        case .sniffing(let setting):
            return try await sniff(setting).map { .data($0) }
        case .decompressing(let owner):
            return try await nextDecompressed(owner.stage).map { .data($0) }
        }
    }

    /// The error that ends a document whose parse failed with `parseError`: when the bytes
    /// parsed were decompressed, the stage verifies those it has not checked yet, reading the
    /// source on as it needs (see ``DecompressionStage/startVerifying()``), and a unit that fails
    /// its check makes the error a ``XMLDecompressionError``: damaged data, which the parser met
    /// first.
    @inlinable
    nonisolated(nonsending) mutating func verifiedFailure(_ parseError: XMLParsingError) async -> any Error {
        guard case .decompressing(let owner) = unpacking else { return parseError }
        let stage = owner.stage
        stage.startVerifying()
        while true {
            if Task.isCancelled { return CancellationError() }
            switch stage.nextStep() {
            case .chunk:
                // None: the stage hands nothing out while it verifies.
                continue
            case .end, .fail:
                switch stage.verdict {
                case .corrupt(let error):
                    return error
                case .sound:
                    return parseError
                case .unsettled(let format, let reach):
                    var unverified = parseError
                    unverified.message +=
                        " (the \(format) data here is unverified: no integrity check was reached within "
                        + "\(reach >> 20) MiB further on)"
                    return unverified
                }
            case .read:
                await feedStage(stage)
            case .wait:
                await stage.waitForThread()
            }
        }
    }

    /// Whether a parse error in the bytes read so far may yet prove to be damaged compressed
    /// data (``verifiedFailure(_:)``).
    @inlinable var verifiesFailures: Bool {
        if case .decompressing = unpacking { return true }
        return false
    }

    /// Reads the source until its first bytes tell whether it is compressed (or a format is
    /// forced), and returns the first chunk to parse: the bytes read, or the first decompressed.
    @inlinable
    nonisolated(nonsending) mutating func sniff(_ setting: XMLDecompression) async throws -> Data? {
        if let format = setting.forcedFormat { return try await startDecompressing(format, setting, first: nil) }
        var prefix = Data()
        while true {
            guard let element = try await source.next(isolation: #isolation) else {
                // Fewer bytes than a signature: not a compressed stream.
                unpacking = .plain
                return prefix.isEmpty ? nil : prefix
            }
            if prefix.isEmpty {
                prefix = Self.data(of: element)
            } else {
                element.withUnsafeBytes { prefix.append(contentsOf: $0) }
            }
            switch prefix.withUnsafeBytes({ CompressionSignature.classify($0, isComplete: false) }) {
            case .plain:
                unpacking = .plain
                return prefix
            case .compressed(let format):
                return try await startDecompressing(format, setting, first: prefix)
            case .undecided:
                continue
            }
        }
    }

    /// Starts a stage for `format`, hands it the bytes read so far, and returns its first chunk.
    @inlinable
    nonisolated(nonsending) mutating func startDecompressing(
        _ format: XMLDecompression.Format, _ setting: XMLDecompression, first: Data?
    ) async throws -> Data? {
        let owner = try DecompressionStage.start(format, limits: setting, streamThreads: streamThreads)
        unpacking = .decompressing(owner)
        if let first { owner.stage.push(first) }
        return try await nextDecompressed(owner.stage)
    }

    /// The stage's next decompressed chunk, reading the source for it as long as the stage has
    /// room: when it has none, the reads wait, and so does the source.
    @inlinable
    nonisolated(nonsending) mutating func nextDecompressed(_ stage: DecompressionStage) async throws -> Data? {
        while true {
            if Task.isCancelled { throw CancellationError() }
            switch stage.nextStep() {
            case .chunk(let chunk):
                // A source whose next chunk needs no waiting (a regular file, data) keeps the
                // thread's queue full, so that it decompresses while this chunk is parsed.
                if let readiness {
                    while stage.needsInput, readiness(source) { await feedStage(stage) }
                }
                return chunk
            case .end:
                return nil
            case .fail(let error):
                throw error
            case .read:
                await feedStage(stage)
            case .wait:
                await stage.waitForThread()
            }
        }
    }

    /// Reads the source's next chunk into the stage, or tells it the source has ended or failed.
    @inlinable
    nonisolated(nonsending) mutating func feedStage(_ stage: DecompressionStage) async {
        do {
            if let element = try await source.next(isolation: #isolation) {
                stage.push(Self.data(of: element))
            } else {
                stage.endInput()
            }
        } catch {
            stage.endInput(throwing: error)
        }
    }

    /// A chunk of the source as `Data`: itself when it is one, else a copy.
    @inlinable
    static func data(of element: Source.Element) -> Data {
        if let data = element as? Data { return data }
        return element.withUnsafeBytes { Data($0) }
    }

    /// How to ask a source of type `type` whether its next chunk is at hand, or `nil` when it
    /// cannot tell: the conformance is looked up here, once, not at each chunk.
    @usableFromInline
    static func readinessProbe(for type: Source.Type) -> ((Source) -> Bool)? {
        guard let conforming = type as? any ChunkReadiness.Type else { return nil }
        func probe<Ready: ChunkReadiness>(_: Ready.Type) -> (Source) -> Bool {
            // Safe: `Ready` is `Source` itself, found by the cast above, so this reinterprets a
            // value as its own type.
            { unsafeBitCast($0, to: Ready.self).hasChunkAtHand }
        }
        return probe(conforming)
    }
}

/// A chunk of the document to parse: one the source handed out, parsed where it lies, or bytes
/// the input stage made (decompressed, or gathered while it looked at the first bytes).
@usableFromInline
enum InputChunk<Element: ContiguousBytes> {
    case source(Element)
    case data(Data)

    /// Calls `body` with the chunk's bytes.
    @inlinable
    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        switch self {
        case .source(let element): element.withUnsafeBytes(body)
        case .data(let data): data.withUnsafeBytes(body)
        }
    }
}
