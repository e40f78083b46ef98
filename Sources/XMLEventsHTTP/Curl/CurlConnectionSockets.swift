import XMLEventsInput

#if canImport(CCurl)
    import CCurl

    /// The sockets of libcurl's connections by local port, so that a transfer finds the socket
    /// of the connection it was given, new or reused: while a transfer runs, libcurl names its
    /// connection only by its ports (in ``CurlTransfer/requestWillGoOut(localPort:)``).
    ///
    /// The socket lets the transfer read how many bytes the kernel has received, including those
    /// of a header line libcurl holds until it is complete: what tells a trickled head from
    /// silence. Used only on the I/O thread. Entries stay when libcurl closes a socket; a lookup
    /// checks that the descriptor still has that local port.
    final class CurlConnectionSockets {
        private var sockets: [Int32: Int32] = [:]

        /// The socket with local port `localPort`: one of `candidates` (just created for the
        /// transfer), or the one recorded for a reused connection.
        func socket(localPort: Int32, amongNew candidates: [Int32]) -> Int32? {
            if let created = candidates.first(where: { xmlevents_socket_local_port($0) == localPort }) {
                sockets[localPort] = created
                return created
            }
            guard let known = sockets[localPort], xmlevents_socket_local_port(known) == localPort else { return nil }
            return known
        }

        /// The bytes the kernel has received on `socket` so far, or `nil` if it does not say.
        static func bytesReceived(on socket: Int32) -> Int64? {
            let bytes = xmlevents_tcp_bytes_received(socket)
            return bytes >= 0 ? bytes : nil
        }
    }
#endif
