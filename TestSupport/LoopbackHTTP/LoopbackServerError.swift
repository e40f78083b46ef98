#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a ``LoopbackServer`` could not start.
///
/// Once a server has started it reports nothing by throwing: a connection that fails ends
/// quietly, and its ``LoopbackExchange/outcome`` says why.
public enum LoopbackServerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The listening socket could not be created (`socket(2)` failed with `errno`).
    case cannotCreateSocket(errno: Int32)

    /// The socket could not be bound to `127.0.0.1` on a free port (`bind(2)` failed with `errno`).
    case cannotBind(errno: Int32)

    /// The socket could not listen (`listen(2)` failed with `errno`).
    case cannotListen(errno: Int32)

    /// The port the kernel chose could not be read back (`getsockname(2)` failed with `errno`).
    case cannotReadPort(errno: Int32)

    /// The socket pair that wakes the server's threads when it stops could not be created.
    case cannotCreateStopSignal(errno: Int32)

    /// The thread that accepts connections could not be started (`pthread_create` returned `code`).
    case cannotStartThread(code: Int32)

    /// A sentence naming the failed step and the system's message for its error code.
    public var description: String {
        switch self {
        case .cannotCreateSocket(let code): "cannot create the listening socket: \(Self.message(for: code))"
        case .cannotBind(let code): "cannot bind 127.0.0.1 on a free port: \(Self.message(for: code))"
        case .cannotListen(let code): "cannot listen: \(Self.message(for: code))"
        case .cannotReadPort(let code): "cannot read the bound port: \(Self.message(for: code))"
        case .cannotCreateStopSignal(let code): "cannot create the stop signal: \(Self.message(for: code))"
        case .cannotStartThread(let code): "cannot start the accepting thread: \(Self.message(for: code))"
        }
    }

    private static func message(for code: Int32) -> String {
        "\(String(cString: strerror(code))) (errno \(code))"
    }
}
