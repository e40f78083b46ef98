import Foundation

/// Compressed documents, recognised and decompressed where every reader's bytes pass.
///
/// The feed is the one place all sources meet — data, files, descriptors, HTTP bodies (after
/// their content decoding and resumption, so that a resumed transfer goes on feeding the same
/// decoder), and any sequence of chunks a user gives — so the first bytes are looked at here, once,
/// and a compressed stream is handed to a ``DecompressionStage`` that decompresses it on a thread
/// of its own. A plain document costs one look at its first byte, then nothing.
extension EventTapeFeed {
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

    /// Reads the next chunk to parse while the first bytes are looked at or a stage decompresses
    /// them, then parses its first step; the plain path of ``readChunk(appending:)`` without it.
    @inlinable
    nonisolated(nonsending) mutating func readUnpackedChunk(appending: Bool, driver: ParseDriver) async {
        let next: Data?
        do {
            switch unpacking {
            case .sniffing(let setting):
                next = try await sniff(setting)
            case .decompressing(let owner):
                next = try await nextDecompressed(owner.stage)
            case .plain:
                // Read by the plain path, which the first bytes may have chosen since.
                return await readChunk(appending: appending)
            }
        } catch let cut as DecompressedStreamCut {
            driver.failCutShort(cut.message, appending: appending)
            return end(driver.error.map { .failed($0) } ?? .failed(cut))
        } catch {
            return fail(reading: error, driver: driver, appending: appending)
        }
        if Task.isCancelled { return cancel() }
        guard let next else { return endInput(driver: driver, appending: appending) }
        ownChunk = next
        startChunk(byteCount: next.count, appending: appending)
    }

    /// Reads the source until its first bytes tell whether it is compressed (or a format is
    /// forced), and returns the first chunk to parse: the bytes read, or the first decompressed.
    @inlinable
    nonisolated(nonsending) mutating func sniff(_ setting: XMLDecompression) async throws -> Data? {
        if let format = setting.forcedFormat { return try await startDecompressing(format, setting, first: nil) }
        var prefix = Data()
        while true {
            guard let element = try await source?.next(isolation: #isolation) else {
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
        let owner = try DecompressionStage.start(format, limits: setting)
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
                while stage.needsInput, (source as? any ChunkReadiness)?.hasChunkAtHand == true {
                    await feedStage(stage)
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
                return stage.failure(for: parseError)
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
            if let element = try await source?.next(isolation: #isolation) {
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
}
