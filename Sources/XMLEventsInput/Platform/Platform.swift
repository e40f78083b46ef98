import Foundation

// The one place that names the C library of each platform: every other file reaches the system
// through the thin wrappers below (or through what Foundation exports of it).
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A system error number, carried as a value by the wrappers below instead of read from the
/// thread's `errno` afterwards.
package struct Errno: Error, Hashable, Sendable {
    /// The number, as `errno` holds it.
    package let rawValue: Int32

    /// The calling thread's `errno`, read right after a call failed.
    package static var current: Errno { Errno(rawValue: errno) }

    /// `EINTR`: a signal interrupted the call.
    package static let interrupted = Errno(rawValue: EINTR)
    /// `EEXIST`: the file to create exists.
    package static let fileExists = Errno(rawValue: EEXIST)

    /// Whether the call should simply wait for input and be tried again.
    package var meansTryAgain: Bool { rawValue == EAGAIN || rawValue == EWOULDBLOCK }
}

/// An open file descriptor with the few system calls the package makes on it, in the manner of
/// swift-system's `FileDescriptor`: a plain number, closed only by ``close()``.
package struct FileDescriptor: Hashable, Sendable {
    /// The descriptor's number.
    package let rawValue: Int32

    /// Descriptor 0.
    package static let standardInput = FileDescriptor(rawValue: STDIN_FILENO)

    /// Opens `path` for reading without blocking: a FIFO with no writer yet opens at once (and
    /// reads `EAGAIN` until one comes) instead of holding the caller in `open`.
    package static func openForReading(_ path: String) throws(Errno) -> FileDescriptor {
        try open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    }

    /// Opens `path` for writing an existing file, such as `/proc/thread-self/comm`.
    package static func openForWriting(_ path: String) throws(Errno) -> FileDescriptor {
        try open(path, O_WRONLY | O_CLOEXEC)
    }

    /// Creates the file at `path` for writing; fails with ``Errno/fileExists`` if there is one.
    package static func create(_ path: String, permissions: mode_t = 0o666) throws(Errno) -> FileDescriptor {
        try open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
    }

    private static func open(_ path: String, _ flags: Int32, _ permissions: mode_t = 0) throws(Errno) -> FileDescriptor
    {
        #if canImport(Glibc)
            let opened = Glibc.open(path, flags, permissions)
        #elseif canImport(Musl)
            let opened = Musl.open(path, flags, permissions)
        #else
            let opened = Darwin.open(path, flags, permissions)
        #endif
        guard opened >= 0 else { throw Errno.current }
        return FileDescriptor(rawValue: opened)
    }

    /// Reads up to `buffer.count` bytes into `buffer`; 0 at the end of input. Retries a read that
    /// a signal interrupted: the package's one read loop.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        while true {
            #if canImport(Glibc)
                let received = Glibc.read(rawValue, buffer.baseAddress, buffer.count)
            #elseif canImport(Musl)
                let received = Musl.read(rawValue, buffer.baseAddress, buffer.count)
            #else
                let received = Darwin.read(rawValue, buffer.baseAddress, buffer.count)
            #endif
            if received >= 0 { return received }
            let error = Errno.current
            if error != .interrupted { throw error }
        }
    }

    /// Writes all of `bytes`, through partial writes and interrupted ones.
    package func writeAll(_ bytes: UnsafeRawBufferPointer) throws(Errno) {
        var offset = 0
        while offset < bytes.count {
            let start = bytes.baseAddress.map { $0 + offset }
            #if canImport(Glibc)
                let written = Glibc.write(rawValue, start, bytes.count - offset)
            #elseif canImport(Musl)
                let written = Musl.write(rawValue, start, bytes.count - offset)
            #else
                let written = Darwin.write(rawValue, start, bytes.count - offset)
            #endif
            if written >= 0 {
                offset += written
            } else {
                let error = Errno.current
                if error != .interrupted { throw error }
            }
        }
    }

    /// Closes the descriptor; its number may be reused at once.
    package func close() throws(Errno) {
        #if canImport(Glibc)
            let closed = Glibc.close(rawValue)
        #elseif canImport(Musl)
            let closed = Musl.close(rawValue)
        #else
            let closed = Darwin.close(rawValue)
        #endif
        guard closed == 0 else { throw Errno.current }
    }

    /// Gives the file the permission bits `mode` (`fchmod`).
    package func setPermissions(_ mode: mode_t) throws(Errno) {
        guard fchmod(rawValue, mode & 0o7777) == 0 else { throw Errno.current }
    }

    /// The size of the open file if it is a regular file; `nil` for a pipe, a device, or when
    /// `fstat` fails.
    package var regularFileSize: Int? {
        var status = stat()
        guard fstat(rawValue, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(status.st_size)
    }

    /// Waits up to `milliseconds` for input, or for its writers to be gone; `true` once a read
    /// would not block (or `poll` failed, which the read then reports), `false` on time-out.
    package func waitForInput(milliseconds: Int32) -> Bool {
        var request = pollfd(fd: rawValue, events: Int16(POLLIN), revents: 0)
        let ready = poll(&request, 1, milliseconds)
        return ready > 0 || (ready < 0 && errno != EINTR)
    }
}

/// What a path names, and the file-system calls on paths.
package enum FileSystem {
    /// Whether `path` names a regular file (`true`), something else (`false`), or nothing that
    /// `stat` can see (`nil`; opening it will say why). Follows symbolic links.
    package static func isRegularFile(_ path: String) -> Bool? {
        permissionsAndKind(path).map { $0.isRegular }
    }

    /// The permission bits of the file at `path`, or `nil` if there is none.
    package static func permissions(_ path: String) -> mode_t? {
        permissionsAndKind(path).map { $0.mode & 0o7777 }
    }

    private static func permissionsAndKind(_ path: String) -> (mode: mode_t, isRegular: Bool)? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return (status.st_mode, (status.st_mode & S_IFMT) == S_IFREG)
    }

    /// Gives the file at `source` the name `destination`, replacing any file there.
    package static func rename(_ source: String, to destination: String) throws(Errno) {
        #if canImport(Glibc)
            let renamed = Glibc.rename(source, destination)
        #elseif canImport(Musl)
            let renamed = Musl.rename(source, destination)
        #else
            let renamed = Darwin.rename(source, destination)
        #endif
        guard renamed == 0 else { throw Errno.current }
    }

    /// Removes the file at `path`.
    package static func remove(_ path: String) throws(Errno) {
        guard unlink(path) == 0 else { throw Errno.current }
    }
}

/// The thread the caller runs on.
package enum CurrentThread {
    /// Names the calling thread for the system's tools (`top -H`, `/proc/self/task/*/comm`,
    /// debuggers), in at most the 15 bytes Linux keeps. Foundation's `Thread.name` reaches the
    /// system only when set on the thread itself after `start()` has recorded it, which races
    /// with the thread, so the name goes to the system directly.
    package static func setName(_ name: String) {
        let short = String(decoding: name.utf8.prefix(15), as: UTF8.self)
        #if canImport(Darwin)
            pthread_setname_np(short)
        #else
            // pthread_setname_np is a GNU extension that Swift's Glibc module does not show; the
            // kernel takes the same name through this file.
            guard let comm = try? FileDescriptor.openForWriting("/proc/thread-self/comm") else { return }
            Array(short.utf8).withUnsafeBytes { _ = try? comm.writeAll($0) }
            try? comm.close()
        #endif
    }

    /// Lets another thread that is ready to run on this core run first (`sched_yield`); returns
    /// at once when none is.
    package static func yieldProcessor() {
        _ = sched_yield()
    }
}
