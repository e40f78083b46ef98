/// Why a connection stopped before its response was complete.
///
/// Thrown inside a connection's thread and never out of it: the connection handler turns each
/// case into an ``LoopbackExchange/Outcome`` and a way of closing the socket.
enum ConnectionEnd: Error, Equatable {
    /// The client closed or reset the connection.
    case clientDisconnected
    /// The server is stopping.
    case serverStopped
    /// The route's fault ended the connection on purpose; `reset` sends an RST instead of a FIN.
    case faultClosed(reset: Bool)
    /// The body ended before the `Content-Length` that had already been sent.
    case bodyShorterThanDeclared(declared: Int, sent: Int)
    /// The compressor (`library`: zlib, libzstd, libbrotlienc) failed with `code`.
    case compressionFailed(library: String, code: Int)
    /// A socket call failed with `errno`, for a reason other than the client leaving.
    case socketFailed(errno: Int32)

    /// The outcome to record for the exchange this ended.
    var outcome: LoopbackExchange.Outcome {
        switch self {
        case .clientDisconnected: .clientDisconnected
        case .serverStopped: .serverStopped
        case .faultClosed: .faultInjected
        case .bodyShorterThanDeclared(let declared, let sent):
            .failed(reason: "the body ended after \(sent) of its declared \(declared) bytes")
        case .compressionFailed(let library, let code): .failed(reason: "\(library) failed with code \(code)")
        case .socketFailed(let code): .failed(reason: "a socket call failed with errno \(code)")
        }
    }
}
