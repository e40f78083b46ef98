import Foundation

/// Writes one response on a connection and says how the connection should go on.
struct ResponseWriter {
    /// What to do with the connection after a response.
    enum Continuation: Equatable {
        /// Read the next request.
        case keepAlive
        /// Send a FIN after the response and let the client finish reading.
        case closeGracefully
        /// Close at once with an RST.
        case reset
        /// Close at once: the client is gone or the server is stopping.
        case closeAtOnce
    }

    /// What the writer needs to know about the request it answers.
    struct Context {
        /// Whether the request was `HEAD`, whose response has no body.
        var isHead: Bool
        /// `x` of the client's `HTTP/1.x`.
        var clientMinorVersion: Int
        /// Whether the server and the client both want the connection kept open.
        var keepAliveWanted: Bool

        /// The context of an answer to a request too malformed to say anything.
        static let malformedRequest = Context(isHead: false, clientMinorVersion: 1, keepAliveWanted: false)
    }

    let socket: ConnectedSocket
    let meter: ExchangeMeter

    /// Writes `response`, streaming its body, and returns how the exchange ended.
    func write(
        _ response: LoopbackResponse,
        in context: Context
    ) -> (outcome: LoopbackExchange.Outcome, then: Continuation) {
        meter.recordStatus(response.status)
        do throws(ConnectionEnd) {
            if response.fault == .neverRespond {
                try socket.pause(for: nil)
            }
            let framing = WireFraming(for: response, clientAcceptsChunked: context.clientMinorVersion >= 1)
            let keepAlive = context.keepAliveWanted && response.fault == nil && framing.allowsPersistentConnection
            let head = ResponseHead(
                for: response,
                framing: framing,
                keepAlive: keepAlive,
                clientMinorVersion: context.clientMinorVersion
            )
            var headBytes = head.bytes
            if case .drip(let bytes, let interval) = response.headPacing {
                try drip(headBytes, bytes: max(1, bytes), every: interval)
                headBytes = []
            }
            var transmitter = BodyTransmitter(
                head: headBytes,
                chunked: framing == .chunked,
                pacing: response.pacing,
                fault: response.fault,
                socket: socket,
                meter: meter
            )
            if framing != .none && !context.isHead {
                try transmitter.start()
                try streamBody(of: response, declaredLength: framing.declaredLength, into: &transmitter)
            }
            try transmitter.finish()
            return (.completed, keepAlive ? .keepAlive : .closeGracefully)
        } catch {
            return (error.outcome, continuation(after: error))
        }
    }

    private func streamBody(
        of response: LoopbackResponse,
        declaredLength: Int?,
        into transmitter: inout BodyTransmitter
    ) throws(ConnectionEnd) {
        var encoder = try response.contentEncoding.makeEncoder()
        let chunks = response.body.makeChunks()
        var produced = 0
        while let chunk = chunks.next() {
            var piece = chunk
            if let declaredLength {
                // Never send more than was announced.
                piece = piece.prefix(declaredLength - produced)
            }
            produced += piece.count
            let encoded = try encoder.encode(piece)
            if !encoded.isEmpty { try transmitter.send(encoded) }
            if let declaredLength, produced >= declaredLength { break }
        }
        let tail = try encoder.finish()
        if !tail.isEmpty { try transmitter.send(tail) }
        if let declaredLength, produced < declaredLength {
            throw .bodyShorterThanDeclared(declared: declaredLength, sent: produced)
        }
    }

    /// Sends `bytes` (not body bytes) `count` at a time, pausing `interval` between pieces.
    private func drip(_ bytes: [UInt8], bytes count: Int, every interval: Duration) throws(ConnectionEnd) {
        var offset = 0
        while offset < bytes.count {
            if offset > 0 { try socket.pause(for: interval) }
            let end = min(offset + count, bytes.count)
            try socket.send(prefix: Array(bytes[offset..<end]), meter: meter)
            offset = end
        }
    }

    private func continuation(after end: ConnectionEnd) -> Continuation {
        switch end {
        case .faultClosed(let reset): reset ? .reset : .closeGracefully
        case .bodyShorterThanDeclared, .compressionFailed: .closeGracefully
        case .clientDisconnected, .serverStopped, .socketFailed: .closeAtOnce
        }
    }
}

extension WireFraming {
    /// The length announced in `Content-Length`, which the body must then meet exactly.
    fileprivate var declaredLength: Int? {
        if case .contentLength(let length) = self { return length }
        return nil
    }
}
