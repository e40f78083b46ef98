#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few POSIX calls whose spelling differs between Linux and Darwin, so that the rest of the
/// target reads the same on both.
enum Syscall {
    /// Flags for every `send`: on Linux, `MSG_NOSIGNAL` turns a write to a vanished peer into
    /// `EPIPE` instead of a `SIGPIPE` that would end the process. Darwin has no such flag; there
    /// ``configureAcceptedSocket(_:)`` sets `SO_NOSIGPIPE` instead.
    static var sendFlags: Int32 {
        #if os(Linux)
            Int32(MSG_NOSIGNAL)
        #else
            0
        #endif
    }

    /// The error code of the last failed call on this thread.
    static var errorNumber: Int32 { errno }

    /// A new TCP socket that is not inherited by child processes, or `-1`.
    static func makeStreamSocket() -> Int32 {
        #if os(Linux)
            // The flag in the type closes the window in which a concurrent fork could inherit it.
            return socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
            if descriptor >= 0 { setCloseOnExec(descriptor) }
            return descriptor
        #endif
    }

    /// A connected pair of local sockets that are not inherited by child processes, or `nil`.
    static func makeSocketPair() -> (Int32, Int32)? {
        var descriptors: [Int32] = [-1, -1]
        #if os(Linux)
            let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        #else
            let type = SOCK_STREAM
        #endif
        guard socketpair(AF_UNIX, type, 0, &descriptors) == 0 else { return nil }
        #if !os(Linux)
            setCloseOnExec(descriptors[0])
            setCloseOnExec(descriptors[1])
        #endif
        return (descriptors[0], descriptors[1])
    }

    /// Accepts one pending connection, marked close-on-exec, or returns `-1` with `errno` set.
    static func accept(on listener: Int32) -> Int32 {
        // `accept4` is not visible from Swift's Glibc module; the fcntl that follows leaves a
        // window of a few instructions in which a concurrent fork could inherit the socket.
        let descriptor = acceptWithoutFlags(listener)
        if descriptor >= 0 { setCloseOnExec(descriptor) }
        return descriptor
    }

    /// Sets an integer socket option, returning whether the kernel accepted it.
    @discardableResult
    static func setOption(_ descriptor: Int32, level: Int32, name: Int32, value: Int32) -> Bool {
        var value = value
        return setsockopt(descriptor, level, name, &value, socklen_t(MemoryLayout<Int32>.size)) == 0
    }

    /// Applies what every accepted socket needs before its first write.
    static func configureAcceptedSocket(_ descriptor: Int32) {
        #if canImport(Darwin)
            setOption(descriptor, level: SOL_SOCKET, name: SO_NOSIGPIPE, value: 1)
        #endif
    }

    /// Makes the next `close` of `descriptor` send a reset (RST) instead of a FIN.
    static func setResetOnClose(_ descriptor: Int32) {
        var lingering = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &lingering, socklen_t(MemoryLayout<linger>.size))
    }

    /// Stops both directions of `descriptor`, waking any thread blocked on it.
    static func shutdownBoth(_ descriptor: Int32) {
        _ = shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// Sends a FIN after the data already written, leaving the read side open.
    static func shutdownWrite(_ descriptor: Int32) {
        _ = shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Closes `descriptor`. A failure (even `EINTR`) still releases the descriptor on Linux and
    /// Darwin, so there is nothing to retry.
    static func close(_ descriptor: Int32) {
        #if canImport(Glibc)
            _ = Glibc.close(descriptor)
        #elseif canImport(Darwin)
            _ = Darwin.close(descriptor)
        #endif
    }

    private static func setCloseOnExec(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFD, fcntl(descriptor, F_GETFD) | FD_CLOEXEC)
    }

    private static func acceptWithoutFlags(_ listener: Int32) -> Int32 {
        #if canImport(Glibc)
            return Glibc.accept(listener, nil, nil)
        #elseif canImport(Darwin)
            return Darwin.accept(listener, nil, nil)
        #endif
    }
}
