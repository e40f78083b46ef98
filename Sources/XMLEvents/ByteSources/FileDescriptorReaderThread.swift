import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Copies a readable descriptor into a ``XMLByteChunkStream`` on a thread of its own.
///
/// A read from a pipe or terminal can wait indefinitely, so it must not happen on one of the
/// few threads of the Swift concurrency pool; a dedicated thread may block, both in `read` and in
/// ``XMLByteChunkStream/Source/writeBlocking(_:)``, which is how a slow consumer stops the reading.
enum FileDescriptorReaderThread {
    /// Starts the thread; it ends at the end of input, on a read error, or once the consumer has
    /// gone away, finishing `source` accordingly.
    static func start(
        reading file: XMLFileDescriptorChunks.Descriptor,
        chunkSize: Int,
        into source: XMLByteChunkStream.Source
    ) {
        let thread = Thread {
            pump(file, chunkSize: chunkSize, into: source)
        }
        thread.name = "XMLEvents descriptor \(file.descriptor) reader"
        thread.start()
    }

    private static func pump(
        _ file: XMLFileDescriptorChunks.Descriptor,
        chunkSize: Int,
        into source: XMLByteChunkStream.Source
    ) {
        // One scratch buffer, and each chunk copied out at its exact size: a pipe often returns
        // far less than asked, and a mostly empty 64 KiB buffer per buffered chunk would make the
        // watermarks meaningless as a bound on memory.
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 1)
        defer { buffer.deallocate() }
        // Checked before each read so that a consumer that left while the thread was writing
        // does not leave it blocked in a read nobody wants.
        while !source.storage.isTerminated {
            let received = systemRead(file.descriptor, buffer.baseAddress, chunkSize)
            if received > 0 {
                guard let start = buffer.baseAddress else { return }
                do {
                    try source.writeBlocking(Data(bytes: start, count: received))
                } catch {
                    return  // The consumer went away; nothing more will be read.
                }
            } else if received == 0 {
                source.finish()
                return
            } else {
                let code = errno
                if code == EINTR { continue }
                if code == EAGAIN || code == EWOULDBLOCK {
                    // A descriptor left non-blocking by whoever opened it: wait for input instead
                    // of spinning.
                    waitUntilReadable(file.descriptor)
                    continue
                }
                let failure = XMLByteSourceError.descriptorReadFailed(descriptor: file.descriptor, errno: code)
                source.finish(throwing: failure)
                return
            }
        }
    }

    private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.read(descriptor, buffer, count)
        #elseif canImport(Musl)
            Musl.read(descriptor, buffer, count)
        #else
            Darwin.read(descriptor, buffer, count)
        #endif
    }

    private static func waitUntilReadable(_ descriptor: Int32) {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&request, 1, -1)
    }
}
