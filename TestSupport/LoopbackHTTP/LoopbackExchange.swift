/// What the server did with one request: a snapshot, taken when read, of a response that may
/// still be in progress.
///
/// Read them from ``LoopbackServer/exchanges``, in the order the requests arrived.
public struct LoopbackExchange: Sendable, Equatable {
    /// How an exchange ended, or that it has not yet.
    public enum Outcome: Sendable, Equatable {
        /// The response is still being read or written (or, for a stall, waited on).
        case inProgress
        /// The whole response was handed to the kernel.
        case completed
        /// The route's ``LoopbackResponse/Fault`` closed or reset the connection on purpose.
        case faultInjected
        /// The client closed or reset the connection before the response was complete.
        case clientDisconnected
        /// ``LoopbackServer/stop()`` ended the exchange.
        case serverStopped
        /// Something else went wrong, such as a streamed body that ended before its declared
        /// `Content-Length`; `reason` says what.
        case failed(reason: String)
    }

    /// The connection the request came on, numbered from 1 in the order they were accepted.
    public let connection: Int

    /// The request's method, such as `GET`.
    public let method: String

    /// The request's path, without its query.
    public let path: String

    /// The response's status code, or `nil` while the route has not answered yet.
    public let status: Int?

    /// Bytes of this response the kernel accepted: head, chunk framing and body.
    public let bytesWritten: Int

    /// Body bytes of this response the kernel accepted: after content coding, without framing.
    public let bodyBytesWritten: Int

    /// How the exchange ended, or ``Outcome/inProgress``.
    public let outcome: Outcome

    /// Creates a snapshot; the server makes these, tests may too, to compare against.
    public init(
        connection: Int,
        method: String,
        path: String,
        status: Int?,
        bytesWritten: Int,
        bodyBytesWritten: Int,
        outcome: Outcome
    ) {
        self.connection = connection
        self.method = method
        self.path = path
        self.status = status
        self.bytesWritten = bytesWritten
        self.bodyBytesWritten = bodyBytesWritten
        self.outcome = outcome
    }
}
