import Foundation
import Synchronization
import ThreadSafety

/// A small, real HTTP/1.1 server on `127.0.0.1`, for tests, benchmarks and offline demos.
///
/// It listens on a free port the moment it is created, serves the routes registered with
/// ``route(_:_:)`` or ``route(_:handler:)`` — fixed or streamed bodies, compressed, dripped,
/// redirected, or failing on purpose — and counts what it does. ``stop()`` closes everything and
/// joins every thread it started; so does deinit.
///
/// ```swift
/// let server = try LoopbackServer()
/// defer { server.stop() }
/// server.route("/big.xml", LoopbackResponse(
///     body: .repeating(Data("<item>x</item>".utf8), totalBytes: 100_000_000),
///     sendBufferSize: 8_192
/// ))
/// server.route("/broken.xml", LoopbackResponse(body: .data(xml), fault: .close(afterBodyBytes: 512)))
/// let url = server.url("/big.xml")
/// // … read a little of `url`, stop reading, and watch `server.bodyBytesWritten` stop growing.
/// ```
///
/// Threads: one accepts connections, and each connection gets a thread of its own, which runs
/// the route's handler and pulls the body's chunks. Writes block while the socket's send buffer
/// is full, so a client that stops reading stops the body's producer. Hundreds of concurrent
/// connections are fine; each costs a thread (stack size in ``Configuration``) and a descriptor.
///
/// Requests carry a body only by `Content-Length` (a chunked upload is answered 501).
public final class LoopbackServer: Sendable {
    /// Answers one request. Runs on the connection's thread; it may block that connection, but
    /// ``stop()`` waits for it to return. A handler that captures the server strongly keeps it
    /// alive (the server holds its routes), so such a server must be stopped explicitly.
    public typealias Handler = @Sendable (LoopbackRequest) -> LoopbackResponse

    // Numbers servers, to name their threads apart in a debugger or in /proc/self/task.
    private static let serials = Atomic<Int>(0)

    /// The settings the server was created with.
    public let configuration: Configuration

    /// The port the kernel chose on `127.0.0.1`.
    public let port: Int

    /// `http://127.0.0.1:<port>`, without a trailing slash.
    public let baseURL: URL

    /// The prefix of the names of this server's threads: `lb<serial>-`.
    let threadNamePrefix: String

    private let listener: ListeningSocket
    private let stopSignal: StopSignal
    private let registry = ConnectionRegistry()
    private let routes = RouteTable()
    private let ledger = TrafficLedger()
    // Held for the whole of stop(), so that a concurrent stop() returns only once all is done.
    private let acceptor: LockedState<JoinableThread?>

    /// Starts a server listening on a free port of `127.0.0.1`; it is serving when this returns.
    ///
    /// Requests for paths without a route are answered 404 until a route is registered.
    public init(configuration: Configuration = Configuration()) throws(LoopbackServerError) {
        let serial = Self.serials.add(1, ordering: .relaxed).newValue
        let stopSignal = try StopSignal()
        let listener: ListeningSocket
        do {
            listener = try ListeningSocket(backlog: Int32(clamping: configuration.listenBacklog))
        } catch {
            stopSignal.close()
            throw error
        }
        self.configuration = configuration
        self.listener = listener
        self.stopSignal = stopSignal
        self.port = listener.port
        self.baseURL = Self.makeURL("http://127.0.0.1:\(listener.port)")
        self.threadNamePrefix = "lb\(serial)-"
        let loop = AcceptLoop(
            listener: listener,
            stopSignal: stopSignal,
            registry: registry,
            routes: routes,
            ledger: ledger,
            configuration: configuration,
            threadNamePrefix: threadNamePrefix
        )
        switch JoinableThread.start(name: "\(threadNamePrefix)accept", stackSize: 256 << 10, loop.run) {
        case .success(let thread):
            acceptor = LockedState(thread)
        case .failure(let error):
            acceptor = LockedState(nil)
            listener.close()
            stopSignal.close()
            throw error
        }
    }

    deinit {
        stop()
    }

    /// The URL of `path` on this server, such as `/feed.xml?page=2`; a missing leading `/` is
    /// supplied, and characters that cannot appear in a URL are percent-encoded.
    public func url(_ path: String) -> URL {
        let separator = path.hasPrefix("/") ? "" : "/"
        return Self.makeURL(baseURL.absoluteString + separator + path)
    }

    /// Serves `response` to every request for `path` (matched exactly, without the query),
    /// replacing any earlier route for it.
    public func route(_ path: String, _ response: LoopbackResponse) {
        routes.setHandler({ _ in response }, for: path)
    }

    /// Answers every request for `path` with what `handler` returns for it, replacing any
    /// earlier route. The handler sees the method, headers, query and body.
    ///
    /// ```swift
    /// server.route("/echo") { request in
    ///     LoopbackResponse(body: .data(request.body))
    /// }
    /// ```
    public func route(_ path: String, handler: @escaping Handler) {
        routes.setHandler(handler, for: path)
    }

    /// Removes the route for `path`; its requests are answered 404 from then on.
    public func removeRoute(_ path: String) {
        routes.removeHandler(for: path)
    }

    /// Stops the server: refuses new connections, ends every open one wherever it is (even
    /// mid-stall or mid-write), and returns once every thread the server started has exited
    /// and every descriptor it opened is closed.
    ///
    /// Idempotent, and safe from any thread but the server's own: calling it from a route
    /// handler would wait for that handler to return.
    public func stop() {
        acceptor.withLock { acceptor in
            guard let thread = acceptor else { return }
            acceptor = nil
            stopSignal.raise()
            thread.join()
            registry.shutdownAll()
            registry.joinAllWorkers()
            listener.close()
            stopSignal.close()
        }
    }

    // MARK: - Counters

    /// Every byte the kernel has accepted on this server's connections: status lines, headers
    /// (including `100 Continue`), chunk framing and bodies.
    ///
    /// Bytes accepted by the kernel may still sit in its buffers; they have not necessarily
    /// reached the client.
    public var bytesWritten: Int { ledger.totals.bytesWritten.load(ordering: .relaxed) }

    /// The message-body bytes among ``bytesWritten``: after content coding, without heads or
    /// chunk framing. This is the count that stops growing when a client stops reading.
    public var bodyBytesWritten: Int { ledger.totals.bodyBytesWritten.load(ordering: .relaxed) }

    /// The connections accepted since the server started.
    public var connectionsAccepted: Int { ledger.totals.connectionsAccepted.load(ordering: .relaxed) }

    /// The connections accepted and not yet closed by the server.
    public var openConnections: Int { ledger.totals.openConnections.load(ordering: .relaxed) }

    /// The connections whose response is waiting for the client to read: the kernel's buffers
    /// between them are full, and the server writes nothing more until the client makes room.
    ///
    /// The server's own observation of backpressure. A client that has stopped reading is counted
    /// here for good once the kernel has filled its receive buffer, and ``bodyBytesWritten``
    /// then stays as it is; until then, as for a client that reads more slowly than the server
    /// writes, the count may come and go.
    public var sendsWaitingForClient: Int { ledger.totals.sendsWaitingForClient.load(ordering: .relaxed) }

    /// The number of requests for `path` (without query) received so far, routed or not,
    /// counted as soon as their head was read.
    public func requestCount(for path: String) -> Int {
        ledger.requestCount(for: path)
    }

    /// The number of requests received so far for each path that was requested.
    public var requestCounts: [String: Int] { ledger.requestCounts }

    /// Every request received so far, with what became of it, in order of arrival.
    ///
    /// Kept for the server's lifetime: a few hundred bytes per request.
    public var exchanges: [LoopbackExchange] { ledger.exchanges }

    private static func makeURL(_ string: String) -> URL {
        // Foundation percent-encodes what a URL cannot hold instead of failing, so this only
        // fails for strings no caller of this type can build.
        guard let url = URL(string: string) else { preconditionFailure("not a URL: \(string)") }
        return url
    }
}
