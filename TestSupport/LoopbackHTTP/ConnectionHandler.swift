import Foundation

/// Serves one connection on its own thread: reads requests, answers them through the routes,
/// and closes the connection the way the last response requires.
struct ConnectionHandler: Sendable {
    // How long a closing connection waits for the client to close its side.
    private static let lingerLimit: Duration = .seconds(1)

    /// The connection's number in the registry and in the exchanges.
    let id: Int
    let socket: ConnectedSocket
    let routes: RouteTable
    let ledger: TrafficLedger
    let registry: ConnectionRegistry
    let configuration: LoopbackServer.Configuration

    /// Serves requests until the connection ends, then closes it. The last thing the thread does.
    func run() {
        switch serve() {
        case .closeGracefully: socket.finishGracefully(within: Self.lingerLimit)
        case .reset: Syscall.setResetOnClose(socket.descriptor)
        case .closeAtOnce, .keepAlive: break
        }
        registry.close(id)
        ledger.totals.openConnections.subtract(1, ordering: .relaxed)
    }

    private func serve() -> ResponseWriter.Continuation {
        var reader = RequestReader(
            socket: socket,
            maximumHeadBytes: configuration.maximumRequestHeadBytes,
            maximumBodyBytes: configuration.maximumRequestBodyBytes
        )
        while true {
            let head: RequestHead
            do throws(RequestReader.Failure) {
                guard let next = try reader.readHead() else { return .closeGracefully }
                head = next
            } catch {
                return reject(error, meter: ledger.meterForMalformedRequest(connection: id))
            }
            let meter = ledger.beginExchange(connection: id, method: head.method, path: head.path)
            let body: Data
            do throws(RequestReader.Failure) {
                body = try reader.readBody(of: head, meter: meter)
            } catch {
                return reject(error, meter: meter)
            }
            let response = routes.response(to: LoopbackRequest(head: head, body: body))
            if let size = response.sendBufferSize { socket.setSendBufferSize(size) }
            let context = ResponseWriter.Context(
                isHead: head.isHead,
                clientMinorVersion: head.minorVersion,
                keepAliveWanted: configuration.keepAlive && head.wantsPersistentConnection
            )
            let (outcome, then) = ResponseWriter(socket: socket, meter: meter).write(response, in: context)
            meter.finish(outcome)
            guard then == .keepAlive else { return then }
        }
    }

    private func reject(_ failure: RequestReader.Failure, meter: ExchangeMeter) -> ResponseWriter.Continuation {
        switch failure {
        case .ended(let end):
            meter.finish(end.outcome)
            return .closeAtOnce
        case .rejected(let error):
            let writer = ResponseWriter(socket: socket, meter: meter)
            let (outcome, then) = writer.write(.text(status: error.status), in: .malformedRequest)
            meter.finish(outcome)
            return then
        }
    }
}
