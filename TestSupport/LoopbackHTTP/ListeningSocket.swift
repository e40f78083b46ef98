import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP socket listening on `127.0.0.1`, on a port the kernel chose.
final class ListeningSocket: Sendable {
    /// What one call to ``accept()`` produced.
    enum Acceptance {
        /// A new connection's descriptor, now owned by the caller.
        case connection(Int32)
        /// Nothing this time, for a reason that passes (interrupted, or the client already left).
        case retry
        /// The process or system is out of descriptors or memory; waiting a little may help.
        case exhausted
    }

    /// The listening descriptor, to include in the accepting thread's `poll`.
    let descriptor: Int32

    /// The port the kernel chose.
    let port: Int

    private let closed = Atomic<Bool>(false)

    /// Binds `127.0.0.1` on port 0, so the kernel picks a free port, and listens.
    init(backlog: Int32) throws(LoopbackServerError) {
        let descriptor = Syscall.makeStreamSocket()
        guard descriptor >= 0 else { throw .cannotCreateSocket(errno: Syscall.errorNumber) }
        do {
            self.port = try Self.bindAndListen(descriptor, backlog: backlog)
        } catch {
            Syscall.close(descriptor)
            throw error
        }
        self.descriptor = descriptor
    }

    /// Accepts one pending connection; call it when `poll` reports the listener readable.
    func accept() -> Acceptance {
        let connection = Syscall.accept(on: descriptor)
        if connection >= 0 { return .connection(connection) }
        switch Syscall.errorNumber {
        case EMFILE, ENFILE, ENOBUFS, ENOMEM: return .exhausted
        default: return .retry
        }
    }

    /// Closes the listener; connection attempts are refused from then on. Idempotent.
    func close() {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        Syscall.close(descriptor)
    }

    private static func bindAndListen(_ descriptor: Int32, backlog: Int32) throws(LoopbackServerError) -> Int {
        Syscall.setOption(descriptor, level: SOL_SOCKET, name: SO_REUSEADDR, value: 1)
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = in_addr_t(UInt32(INADDR_LOOPBACK).bigEndian)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0 else { throw .cannotBind(errno: Syscall.errorNumber) }
        guard listen(descriptor, backlog) == 0 else { throw .cannotListen(errno: Syscall.errorNumber) }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { throw .cannotReadPort(errno: Syscall.errorNumber) }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
