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
            nameCurrentThread("XMLEvents fd \(file.descriptor)")
            pump(file, chunkSize: chunkSize, into: source) { code in
                XMLByteSourceError.descriptorReadFailed(descriptor: file.descriptor, errno: code)
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
    static func start(opening path: String, chunkSize: Int, into source: XMLByteChunkStream.Source) {
        let thread = Thread {
            nameCurrentThread("XMLEvents file")
            let opened = openNonBlocking(path)
            guard opened >= 0 else {
                source.finish(throwing: XMLByteSourceError.openFailed(path: path, errno: errno))
                return
            }
            let file = XMLFileDescriptorChunks.Descriptor(opened, closesOnDeinit: true)
            pump(file, chunkSize: chunkSize, into: source, waitingFirst: true) { code in
                XMLByteSourceError.readFailed(path: path, errno: code)
            }
        }
        thread.start()
    }

    /// Copies `file` into `source` until the end of input, a read error (`failure` of its
    /// `errno`), or the consumer's going away; with `waitingFirst`, waits for input before each
    /// read, as a non-blocking descriptor of a FIFO needs.
    private static func pump(
        _ file: XMLFileDescriptorChunks.Descriptor,
        chunkSize: Int,
        into source: XMLByteChunkStream.Source,
        waitingFirst: Bool = false,
        failure: (Int32) -> XMLByteSourceError
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
                    // A non-blocking descriptor with nothing to read yet: wait for input instead
                    // of spinning.
                    guard waitUntilReadable(file.descriptor, orUntil: source) else { return }
                    continue
                }
                source.finish(throwing: failure(code))
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

    /// Waits until `descriptor` has input, or its writers are gone; `false` if the consumer went
    /// away first (checked every 100 ms).
    private static func waitUntilReadable(_ descriptor: Int32, orUntil source: XMLByteChunkStream.Source) -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while !source.storage.isTerminated {
            let ready = poll(&request, 1, 100)
            if ready > 0 || (ready < 0 && errno != EINTR) { return true }
        }
        return false
    }

    /// Names the calling thread for the system's tools (`top -H`, `/proc/self/task/*/comm`), in at
    /// most the 15 bytes Linux keeps. (Foundation's `Thread.name` reaches the system only when
    /// set on the thread itself after `start()` has recorded it, which races with the thread.)
    private static func nameCurrentThread(_ name: String) {
        let short = String(decoding: name.utf8.prefix(15), as: UTF8.self)
        #if canImport(Darwin)
            pthread_setname_np(short)
        #else
            // pthread_setname_np is a GNU extension that Swift's Glibc module does not show; the
            // kernel takes the same name through this file.
            let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return }
            _ = short.withCString { write(descriptor, $0, strlen($0)) }
            close(descriptor)
        #endif
    }

    private static func openNonBlocking(_ path: String) -> Int32 {
        #if canImport(Glibc)
            Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        #elseif canImport(Musl)
            Musl.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        #else
            Darwin.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        #endif
    }
}
