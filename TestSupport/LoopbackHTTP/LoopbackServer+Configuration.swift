extension LoopbackServer {
    /// Settings that apply to every connection of a server.
    public struct Configuration: Sendable {
        /// `SO_SNDBUF` for every accepted connection, or `nil` for the kernel's default (which
        /// grows on demand). A route's ``LoopbackResponse/sendBufferSize`` overrides it.
        ///
        /// The kernel may round the value: Linux doubles it for its own bookkeeping and enforces
        /// a minimum of about 4.5 KiB.
        public var sendBufferSize: Int?

        /// Whether to set `TCP_NODELAY`, so small writes (a drip, a head) leave at once.
        public var noDelay: Bool

        /// Whether to keep connections open between requests when the client wants to (HTTP/1.1
        /// by default, HTTP/1.0 with `Connection: keep-alive`). Off by default: every response
        /// then says `Connection: close`, and connections count one per request.
        public var keepAlive: Bool

        /// The largest request head (request line and headers) accepted; larger ones get 431.
        public var maximumRequestHeadBytes: Int

        /// The largest request body accepted; larger ones get 413.
        public var maximumRequestBodyBytes: Int

        /// How many connections the kernel queues before they are accepted.
        public var listenBacklog: Int

        /// The stack size of each connection's thread. Route handlers and body producers run on
        /// these threads.
        public var threadStackSize: Int

        /// Creates a configuration; every setting has a default suitable for tests.
        public init(
            sendBufferSize: Int? = nil,
            noDelay: Bool = true,
            keepAlive: Bool = false,
            maximumRequestHeadBytes: Int = 65_536,
            maximumRequestBodyBytes: Int = 64 << 20,
            listenBacklog: Int = 1_024,
            threadStackSize: Int = 1 << 20
        ) {
            self.sendBufferSize = sendBufferSize
            self.noDelay = noDelay
            self.keepAlive = keepAlive
            self.maximumRequestHeadBytes = maximumRequestHeadBytes
            self.maximumRequestBodyBytes = maximumRequestBodyBytes
            self.listenBacklog = listenBacklog
            self.threadStackSize = threadStackSize
        }
    }
}
