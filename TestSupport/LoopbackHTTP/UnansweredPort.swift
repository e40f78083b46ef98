import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP port on 127.0.0.1 that no HTTP server answers, held for as long as the value lives, so
/// that no other socket can take it meanwhile (a port that was only closed can be reused by any
/// server that starts next).
///
/// ``refusing()`` binds a socket without listening: the kernel answers every connection with a
/// reset, so a client sees "connection refused" at once. ``unanswered()`` listens with a backlog
/// of 0 and fills the accept queue with one connection it never accepts: further SYNs are
/// dropped, so a client's connect hangs until its connect timeout, all without leaving loopback.
public final class UnansweredPort: Sendable {
    /// The port held.
    public let port: Int
    private let descriptors: [Int32]

    private init(port: Int, descriptors: [Int32]) {
        self.port = port
        self.descriptors = descriptors
    }

    deinit {
        for descriptor in descriptors { Syscall.close(descriptor) }
    }

    /// A socket call that failed while the port was being set up.
    public struct SocketError: Error, Equatable, CustomStringConvertible {
        /// The call, such as `bind`.
        public let operation: String
        /// Its `errno`.
        public let errno: Int32

        /// The call and the system's message for its error.
        public var description: String { "\(operation) failed: \(String(cString: strerror(errno))) (errno \(errno))" }
    }

    /// `http://127.0.0.1:port/feed.xml`.
    public var url: URL {
        URL(string: "http://127.0.0.1:\(port)/feed.xml") ?? URL(fileURLWithPath: "/")
    }

    /// A port where every connection is refused.
    public static func refusing() throws(SocketError) -> UnansweredPort {
        let socket = try bound()
        do throws(SocketError) {
            return UnansweredPort(port: try localPort(of: socket), descriptors: [socket])
        } catch {
            Syscall.close(socket)
            throw error
        }
    }

    /// A port where every connection attempt waits, unanswered.
    public static func unanswered() throws(SocketError) -> UnansweredPort {
        let listener = try bound()
        var held = [listener]
        do throws(SocketError) {
            guard listen(listener, 0) == 0 else { throw SocketError(operation: "listen", errno: Syscall.errorNumber) }
            let port = try localPort(of: listener)
            let filler = Syscall.makeStreamSocket()
            guard filler >= 0 else { throw SocketError(operation: "socket", errno: Syscall.errorNumber) }
            held.append(filler)
            var address = loopback(port: port)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(filler, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard connected == 0 else { throw SocketError(operation: "connect", errno: Syscall.errorNumber) }
            return UnansweredPort(port: port, descriptors: held)
        } catch {
            for descriptor in held { Syscall.close(descriptor) }
            throw error
        }
    }

    /// A socket bound to 127.0.0.1 on a port the kernel chose, without `SO_REUSEADDR`, so that
    /// no other socket can bind the port while it is held.
    private static func bound() throws(SocketError) -> Int32 {
        let descriptor = Syscall.makeStreamSocket()
        guard descriptor >= 0 else { throw SocketError(operation: "socket", errno: Syscall.errorNumber) }
        var address = loopback(port: 0)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let error = Syscall.errorNumber
            Syscall.close(descriptor)
            throw SocketError(operation: "bind", errno: error)
        }
        return descriptor
    }

    private static func localPort(of descriptor: Int32) throws(SocketError) -> Int {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard result == 0 else { throw SocketError(operation: "getsockname", errno: Syscall.errorNumber) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = in_addr_t(UInt32(INADDR_LOOPBACK).bigEndian)
        return address
    }
}
