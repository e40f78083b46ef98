#if os(Linux)
    import Foundation

    #if canImport(Glibc)
        import Glibc
    #endif

    /// A TCP port on 127.0.0.1 that no HTTP server answers, held for as long as the value lives.
    ///
    /// ``refusing()`` binds a socket without listening: the kernel answers every connection with a
    /// reset, so a client sees "connection refused" at once. ``unanswered()`` listens with a backlog
    /// of 0 and fills the accept queue with one connection it never accepts: further SYNs are
    /// dropped, so a client's connect hangs until its connect timeout, all without leaving loopback.
    final class UnansweredPort {
        let port: Int
        private var descriptors: [Int32]

        private init(port: Int, descriptors: [Int32]) {
            self.port = port
            self.descriptors = descriptors
        }

        deinit {
            for descriptor in descriptors { close(descriptor) }
        }

        var url: URL {
            URL(string: "http://127.0.0.1:\(port)/feed.xml") ?? URL(fileURLWithPath: "/")
        }

        static func refusing() throws -> UnansweredPort {
            let socket = try bound()
            return UnansweredPort(port: try localPort(of: socket), descriptors: [socket])
        }

        static func unanswered() throws -> UnansweredPort {
            let listener = try bound()
            guard listen(listener, 0) == 0 else { throw SocketError(operation: "listen") }
            let port = try localPort(of: listener)
            let filler = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = loopback(port: port)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(filler, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard connected == 0 else { throw SocketError(operation: "connect") }
            return UnansweredPort(port: port, descriptors: [listener, filler])
        }

        struct SocketError: Error {
            let operation: String
        }

        private static func bound() throws -> Int32 {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard descriptor >= 0 else { throw SocketError(operation: "socket") }
            var address = loopback(port: 0)
            let result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard result == 0 else {
                close(descriptor)
                throw SocketError(operation: "bind")
            }
            return descriptor
        }

        private static func localPort(of descriptor: Int32) throws -> Int {
            var address = sockaddr_in()
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let result = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
            }
            guard result == 0 else { throw SocketError(operation: "getsockname") }
            return Int(UInt16(bigEndian: address.sin_port))
        }

        private static func loopback(port: Int) -> sockaddr_in {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(port).bigEndian
            address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
            return address
        }
    }
#endif
