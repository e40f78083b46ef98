import Foundation

/// Puts a response on the wire: the head, then the body's pieces in their framing, at the
/// route's pace, with the route's fault at its offset.
///
/// The head is held back and sent together with the first piece of the body, so a small
/// response leaves in one segment; it goes out alone before any pause.
struct BodyTransmitter {
    private static let crlf: [UInt8] = Array("\r\n".utf8)
    private static let lastChunk: [UInt8] = Array("0\r\n\r\n".utf8)

    private let socket: ConnectedSocket
    private let meter: ExchangeMeter
    private let chunked: Bool
    private let dripBytes: Int?
    private let dripInterval: Duration
    private let fault: LoopbackResponse.Fault?
    private var unsentHead: [UInt8]
    private var bodyBytesSent = 0
    private var bytesSinceDripPause = 0
    private var faultHasFired = false

    /// - Parameter head: The head's bytes still to send, if any.
    init(
        head: [UInt8],
        chunked: Bool,
        pacing: LoopbackResponse.Pacing,
        fault: LoopbackResponse.Fault?,
        socket: ConnectedSocket,
        meter: ExchangeMeter
    ) {
        self.unsentHead = head
        self.chunked = chunked
        switch pacing {
        case .immediate:
            dripBytes = nil
            dripInterval = .zero
        case .drip(let bytes, let interval):
            dripBytes = max(1, bytes)
            dripInterval = interval
        }
        self.fault = fault
        self.socket = socket
        self.meter = meter
    }

    /// Fires a fault placed at the very start of the body, after sending the head.
    mutating func start() throws(ConnectionEnd) {
        try fireFaultIfDue()
    }

    /// Sends `payload` as body bytes, split where the pace or the fault requires.
    mutating func send(_ payload: Data) throws(ConnectionEnd) {
        var offset = payload.startIndex
        while offset < payload.endIndex {
            if let dripBytes, bytesSinceDripPause >= dripBytes {
                try flushHead()
                try socket.pause(for: dripInterval)
                bytesSinceDripPause = 0
            }
            var count = payload.endIndex - offset
            if let dripBytes { count = min(count, dripBytes - bytesSinceDripPause) }
            if let untilFault = bytesUntilFault { count = min(count, untilFault) }
            try sendPiece(payload[offset..<(offset + count)])
            offset += count
            bodyBytesSent += count
            bytesSinceDripPause += count
            try fireFaultIfDue()
        }
    }

    /// Ends the body: the terminating chunk, or the head alone if there was no body.
    mutating func finish() throws(ConnectionEnd) {
        if chunked {
            try socket.send(prefix: unsentHead + Self.lastChunk, meter: meter)
            unsentHead = []
        } else {
            try flushHead()
        }
    }

    private var bytesUntilFault: Int? {
        guard !faultHasFired, let offset = fault?.bodyOffset else { return nil }
        return offset - bodyBytesSent
    }

    private mutating func sendPiece(_ piece: Data) throws(ConnectionEnd) {
        var prefix = unsentHead
        unsentHead = []
        if chunked {
            prefix += Array(String(piece.count, radix: 16, uppercase: true).utf8) + Self.crlf
        }
        try socket.send(prefix: prefix, payload: piece, suffix: chunked ? Self.crlf : [], meter: meter)
    }

    private mutating func flushHead() throws(ConnectionEnd) {
        guard !unsentHead.isEmpty else { return }
        let head = unsentHead
        unsentHead = []
        try socket.send(prefix: head, meter: meter)
    }

    private mutating func fireFaultIfDue() throws(ConnectionEnd) {
        guard let fault, bytesUntilFault == 0 else { return }
        faultHasFired = true
        try flushHead()
        switch fault {
        case .neverRespond: return
        case .stall(_, let duration): try socket.pause(for: duration)
        case .stallIndefinitely: try socket.pause(for: nil)
        case .close: throw .faultClosed(reset: false)
        case .reset: throw .faultClosed(reset: true)
        }
    }
}
