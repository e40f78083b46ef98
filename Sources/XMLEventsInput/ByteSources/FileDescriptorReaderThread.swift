import Foundation

/// Copies a readable descriptor into a ``ByteChunkStream`` on a thread of its own.
///
/// A read from a pipe or terminal can wait indefinitely, so it must not happen on one of the
/// few threads of the Swift concurrency pool; a dedicated thread may block, both in `read` and in
/// ``XMLByteSource/Writer/writeBlocking(_:)``, which is how a slow consumer stops the reading.
enum FileDescriptorReaderThread {
    /// Starts the thread; it ends at the end of input, on a read error, or once the consumer has
    /// gone away, finishing `source` accordingly.
    static func start(
        reading file: FileDescriptorReader,
        chunkSize: Int,
        into source: XMLByteSource.Writer
    ) {
        let thread = Thread {
            CurrentThread.setName("XMLEvents fd \(file.descriptor.rawValue)")
            pump(file, chunkSize: chunkSize, into: source) { error in
                XMLByteSourceError.descriptorReadFailed(descriptor: file.descriptor.rawValue, errno: error.rawValue)
            }
        }
        thread.start()
    }

    /// Starts a thread that opens the file at `path` (a FIFO, a device, a socket: anything whose
    /// reads can wait) and copies it into `source` as ``start(reading:chunkSize:into:)`` does.
    ///
    /// The file is opened without blocking, so that a FIFO with no writer yet neither holds the
    /// thread in `open` nor reads as empty: the thread waits for it to become readable, checking
    /// in between whether the consumer has gone away.
    static func start(opening path: String, chunkSize: Int, into source: XMLByteSource.Writer) {
        let thread = Thread {
            CurrentThread.setName("XMLEvents file")
            let file: FileDescriptorReader
            do throws(Errno) {
                file = FileDescriptorReader(try FileDescriptor.openForReading(path), closesOnDeinit: true)
            } catch {
                source.finish(throwing: XMLByteSourceError.openFailed(path: path, errno: error.rawValue))
                return
            }
            pump(file, chunkSize: chunkSize, into: source, waitingFirst: true) { error in
                XMLByteSourceError.readFailed(path: path, errno: error.rawValue)
            }
        }
        thread.start()
    }

    /// Copies `file` into `source` until the end of input, a read error (`failure` of it), or
    /// the consumer's going away; with `waitingFirst`, waits for input before each read, as a
    /// non-blocking descriptor of a FIFO needs.
    private static func pump(
        _ file: FileDescriptorReader,
        chunkSize: Int,
        into source: XMLByteSource.Writer,
        waitingFirst: Bool = false,
        failure: (Errno) -> XMLByteSourceError
    ) {
        // One scratch buffer, and each chunk copied out at its exact size: a pipe often returns
        // far less than asked, and a mostly empty 64 KiB buffer per buffered chunk would make the
        // watermarks meaningless as a bound on memory.
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 1)
        defer { buffer.deallocate() }
        // Checked before each read so that a consumer that left while the thread was writing
        // does not leave it blocked in a read nobody wants.
        while !source.storage.isTerminated {
            if waitingFirst, !waitUntilReadable(file.descriptor, orUntil: source) { return }
            let received: Int
            do throws(Errno) {
                received = try file.descriptor.read(into: buffer)
            } catch {
                guard error.meansTryAgain else {
                    source.finish(throwing: failure(error))
                    return
                }
                // A non-blocking descriptor with nothing to read yet: wait for input instead of
                // spinning.
                guard waitUntilReadable(file.descriptor, orUntil: source) else { return }
                continue
            }
            guard received > 0, let start = buffer.baseAddress else {
                source.finish()
                return
            }
            do {
                try source.writeBlocking(Data(bytes: start, count: received))
            } catch {
                return  // The consumer went away; nothing more will be read.
            }
        }
    }

    /// Waits until `descriptor` has input, or its writers are gone; `false` if the consumer went
    /// away first (checked every 100 ms).
    private static func waitUntilReadable(_ descriptor: FileDescriptor, orUntil source: XMLByteSource.Writer)
        -> Bool
    {
        while !source.storage.isTerminated {
            if descriptor.waitForInput(milliseconds: 100) { return true }
        }
        return false
    }
}
