import Foundation

/// Reads requests off one connection: a head, then the body its `Content-Length` announces.
///
/// Bytes that arrive past a request stay buffered for the next one, so pipelined requests on a
/// kept-alive connection are read in order.
struct RequestReader {
    /// Why reading a request stopped.
    enum Failure: Error {
        /// The connection ended or failed; nothing can be answered.
        case ended(ConnectionEnd)
        /// The request is unacceptable; answer with the error's status and close.
        case rejected(RequestError)
    }

    private static let continueLine = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    private let socket: ConnectedSocket
    private let maximumHeadBytes: Int
    private let maximumBodyBytes: Int
    private var buffer: [UInt8] = []

    init(socket: ConnectedSocket, maximumHeadBytes: Int, maximumBodyBytes: Int) {
        self.socket = socket
        self.maximumHeadBytes = maximumHeadBytes
        self.maximumBodyBytes = maximumBodyBytes
    }

    /// Reads the next request's head, or returns `nil` when the client closed the connection
    /// between requests.
    mutating func readHead() throws(Failure) -> RequestHead? {
        var searched = 0
        while true {
            if let end = RequestParser.endOfHead(in: buffer, from: searched) {
                guard end <= maximumHeadBytes else { throw .rejected(.headTooLarge) }
                let head: RequestHead
                do throws(RequestError) {
                    head = try RequestParser.parseHead(buffer[..<end])
                } catch {
                    throw .rejected(error)
                }
                buffer.removeFirst(end)
                return head
            }
            guard buffer.count < maximumHeadBytes else { throw .rejected(.headTooLarge) }
            // The blank line may straddle the old end of the buffer.
            searched = max(0, buffer.count - 3)
            let received = try receive()
            if received == 0 {
                if buffer.isEmpty { return nil }
                throw .ended(socket.stopSignal.isRaised ? .serverStopped : .clientDisconnected)
            }
        }
    }

    /// Reads the body `head` announces, first sending `100 Continue` if the client waits for it.
    mutating func readBody(of head: RequestHead, meter: ExchangeMeter) throws(Failure) -> Data {
        let length: Int
        do throws(RequestError) {
            length = try RequestParser.contentLength(of: head)
        } catch {
            throw .rejected(error)
        }
        guard length <= maximumBodyBytes else { throw .rejected(.bodyTooLarge) }
        guard length > 0 else { return Data() }
        if head.expectsContinue && buffer.count < length {
            do throws(ConnectionEnd) {
                try socket.send(prefix: Self.continueLine, meter: meter)
            } catch {
                throw .ended(error)
            }
        }
        while buffer.count < length {
            guard try receive() > 0 else {
                throw .ended(socket.stopSignal.isRaised ? .serverStopped : .clientDisconnected)
            }
        }
        let body = Data(buffer[..<length])
        buffer.removeFirst(length)
        return body
    }

    private mutating func receive() throws(Failure) -> Int {
        do throws(ConnectionEnd) {
            return try socket.receive(appendingTo: &buffer)
        } catch {
            throw .ended(error)
        }
    }
}
