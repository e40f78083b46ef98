#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The accepting thread's work: wait for connections, start a thread for each, and join the
/// threads of connections that have ended, until the server stops.
struct AcceptLoop: Sendable {
    // How long to wait before accepting again when the process is out of descriptors.
    private static let exhaustionBackoff: Duration = .milliseconds(50)

    let listener: ListeningSocket
    let stopSignal: StopSignal
    let registry: ConnectionRegistry
    let routes: RouteTable
    let ledger: TrafficLedger
    let configuration: LoopbackServer.Configuration
    /// Prefix of the names of the threads the loop starts.
    let threadNamePrefix: String

    /// Accepts connections until the stop signal is raised.
    func run() {
        while let descriptor = nextConnection() {
            serve(descriptor)
            registry.joinFinishedWorkers()
        }
    }

    private func nextConnection() -> Int32? {
        while true {
            var descriptors = [
                pollfd(fd: stopSignal.descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: listener.descriptor, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, nfds_t(descriptors.count), -1)
            if descriptors[0].revents != 0 || stopSignal.isRaised { return nil }
            guard ready > 0, descriptors[1].revents != 0 else {
                if ready < 0 && Syscall.errorNumber != EINTR { waitBeforeRetrying() }
                continue
            }
            switch listener.accept() {
            case .connection(let descriptor): return descriptor
            case .retry: continue
            case .exhausted: waitBeforeRetrying()
            }
        }
    }

    private func waitBeforeRetrying() {
        // Threads that ended may be holding memory, and their connections descriptors.
        registry.joinFinishedWorkers()
        var descriptor = pollfd(fd: stopSignal.descriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, Self.exhaustionBackoff.pollTimeout)
    }

    private func serve(_ descriptor: Int32) {
        Syscall.configureAcceptedSocket(descriptor)
        let socket = ConnectedSocket(descriptor: descriptor, stopSignal: stopSignal)
        socket.setNoDelay(configuration.noDelay)
        if let size = configuration.sendBufferSize { socket.setSendBufferSize(size) }
        let id = registry.register(descriptor)
        ledger.totals.connectionsAccepted.add(1, ordering: .relaxed)
        ledger.totals.openConnections.add(1, ordering: .relaxed)
        let handler = ConnectionHandler(
            id: id,
            socket: socket,
            routes: routes,
            ledger: ledger,
            registry: registry,
            configuration: configuration
        )
        let started = JoinableThread.start(
            name: "\(threadNamePrefix)c\(id)",
            stackSize: configuration.threadStackSize,
            handler.run
        )
        switch started {
        case .success(let worker):
            registry.attach(worker, to: id)
        case .failure:
            // Out of threads: refuse this connection by closing it, and go on serving the others.
            registry.abandon(id)
            ledger.totals.openConnections.subtract(1, ordering: .relaxed)
        }
    }
}
