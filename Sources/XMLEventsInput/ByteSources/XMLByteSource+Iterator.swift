import Foundation

extension XMLByteSource {
    /// Reads the source once, from its first byte.
    public struct Iterator: AsyncIteratorProtocol {
        /// Each element is the next bytes of the document, in order.
        public typealias Element = Data
        /// See ``XMLByteSource/Failure``.
        public typealias Failure = any Error

        /// Where the iteration is, and what it reads from.
        enum Reader {
            /// Nothing opened or started yet.
            case notStarted
            /// Data in memory, handed out from `offset` on.
            case data(Data, offset: Data.Index)
            /// A regular file, read on the consuming task.
            case file(FileDescriptorReader, path: String)
            /// A file or descriptor read by a thread of its own into a bounded stream, or a
            /// producer's stream.
            case thread(ByteChunkStream.Iterator)
            /// A transfer's body, read by the module that performs it.
            case transfer(any ByteTransferReader)
            /// Ended, failed or abandoned: nothing more is read.
            case finished
        }

        let source: XMLByteSource
        var reader = Reader.notStarted

        init(_ source: XMLByteSource) {
            self.source = source
            // Made now, so that the transfer's module knows of this iteration before its first
            // chunk (an HTTP response can be asked for then); the transfer itself waits for it.
            if case .transfer(let transfer) = source.kind {
                reader = .transfer(transfer.makeReader(progress: source.progress))
            }
        }

        /// The next chunk, or `nil` at the end of the document.
        ///
        /// - Throws: ``XMLByteSourceError`` for a file or descriptor, ``XMLHTTPError`` for an
        ///   HTTP transfer, `CancellationError`; after an error, later calls return `nil`.
        public mutating func next() async throws -> Data? {
            try await next(isolation: nil)
        }

        /// The next chunk, or `nil` at the end of the document, resuming on the caller's actor.
        ///
        /// - Parameter actor: The caller's actor, usually `#isolation`; a regular file is read
        ///   there, blocking briefly, as reads of regular files do.
        /// - Throws: What ``next()`` throws.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> Data? {
            if case .notStarted = reader { try start() }
            switch reader {
            case .data(let data, let offset):
                return nextSlice(of: data, from: offset)
            case .file(let file, let path):
                return try readChunk(of: file, path: path)
            case .thread(var chunks):
                do {
                    guard let chunk = try await chunks.next(isolation: actor) else {
                        finish()
                        return nil
                    }
                    reader = .thread(chunks)
                    source.progress.record(read: chunk.count)
                    return chunk
                } catch {
                    reader = .finished
                    throw error
                }
            case .transfer(var body):
                defer { reader = .transfer(body) }
                return try await body.next(isolation: actor)
            case .notStarted, .finished:
                return nil
            }
        }

        /// Opens, starts or refuses what the source names.
        private mutating func start() throws {
            switch source.kind {
            case .data(let data):
                source.progress.begin(expecting: data.count)
                reader = .data(data, offset: data.startIndex)
            case .file(let path):
                try open(path)
            case .descriptor(let file, let watermarks):
                // A consumer cancelled before its first chunk must not leave a thread behind.
                if Task.isCancelled {
                    reader = .finished
                    throw CancellationError()
                }
                let (stream, input) = ByteChunkStream.makeStream(
                    watermarks: watermarks ?? source.readAheadWatermarks)
                reader = .thread(stream.makeAsyncIterator())
                source.progress.begin(expecting: nil)
                FileDescriptorReaderThread.start(reading: file, chunkSize: source.chunkSize, into: input)
            case .stream(let stream):
                let chunks = stream.makeAsyncIterator()
                reader = .thread(chunks)
                // A second iterator, which throws on its first chunk, leaves the first one's
                // progress alone.
                if chunks.isConsumer { source.progress.begin(buffering: stream) }
            case .refused(let error):
                reader = .finished
                throw error
            case .transfer(let transfer):
                reader = .transfer(transfer.makeReader(progress: source.progress))
            }
        }

        private mutating func nextSlice(of data: Data, from offset: Data.Index) -> Data? {
            guard offset < data.endIndex else {
                finish()
                return nil
            }
            let end = data.index(offset, offsetBy: source.chunkSize, limitedBy: data.endIndex) ?? data.endIndex
            reader = .data(data, offset: end)
            source.progress.record(read: end - offset)
            return data[offset..<end]
        }

        /// Opens a regular file here; leaves anything else to a thread of its own, which opens it
        /// itself (opening a FIFO waits for its writer).
        private mutating func open(_ path: String) throws {
            if FileSystem.isRegularFile(path) == false {
                return startReaderThread(opening: path)
            }
            // Non-blocking, should the path have become a FIFO since: opening one for reading
            // then returns at once.
            let file: FileDescriptorReader
            do throws(Errno) {
                file = FileDescriptorReader(try FileDescriptor.openForReading(path), closesOnDeinit: true)
            } catch {
                reader = .finished
                throw XMLByteSourceError.openFailed(path: path, errno: error.rawValue)
            }
            guard let size = file.descriptor.regularFileSize else { return startReaderThread(opening: path) }
            reader = .file(file, path: path)
            source.progress.begin(expecting: size)
        }

        /// Hands the file to a reader thread, which opens it and reads it into a bounded stream.
        private mutating func startReaderThread(opening path: String) {
            let (stream, input) = ByteChunkStream.makeStream(watermarks: source.readAheadWatermarks)
            reader = .thread(stream.makeAsyncIterator())
            source.progress.begin(expecting: nil)
            FileDescriptorReaderThread.start(opening: path, chunkSize: source.chunkSize, into: input)
        }

        private mutating func readChunk(of file: FileDescriptorReader, path: String) throws -> Data? {
            do throws(Errno) {
                guard let chunk = try file.read(upTo: source.chunkSize) else {
                    finish()
                    return nil
                }
                source.progress.record(read: chunk.count)
                return chunk
            } catch {
                reader = .finished
                throw XMLByteSourceError.readFailed(path: path, errno: error.rawValue)
            }
        }

        /// The end of the document: nothing more is read, and the progress says so.
        private mutating func finish() {
            reader = .finished
            source.progress.finish()
        }
    }
}

extension XMLByteSource.Iterator: ChunkReadiness {
    /// Data in memory and a regular file's reads do not wait for bytes to arrive; a stream's
    /// chunks are at hand when its reader thread has buffered some, and an HTTP body's when its
    /// transfer has (and they need no content decoding).
    @usableFromInline package var hasChunkAtHand: Bool {
        switch reader {
        case .data, .file, .finished: true
        case .thread(let chunks): chunks.hasChunkAtHand
        case .transfer(let body): body.hasChunkAtHand
        case .notStarted: false
        }
    }
}
