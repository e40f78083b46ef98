import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension LoopbackHTTPTests {
    /// A deliberately small HTTP/1.1 client over a blocking POSIX socket, so that tests see exactly
    /// the bytes the server wrote, when it wrote them, and how the connection ended.
    final class RawHTTPClient {
        /// How long a read waits for what it expects before giving up: a guard that turns a hang
        /// into a failure, a minute so that a loaded machine cannot reach it.
        static let patience = Duration.seconds(60)

        /// Why the client could not go on.
        struct Failure: Error, CustomStringConvertible {
            /// What went wrong.
            let description: String
        }

        /// What one read from the socket produced.
        enum ReadEvent: Equatable {
            /// This many bytes arrived.
            case bytes(Int)
            /// The server closed the connection (FIN).
            case closed
            /// The server reset the connection (RST), or the read failed otherwise.
            case reset
            /// Nothing arrived in time.
            case timedOut
        }

        /// Every byte received on the socket, head and body, since it connected.
        private(set) var bytesReceived = 0

        /// Received bytes not yet consumed by ``readHead(timeout:)`` or ``readBody(of:timeout:)``.
        private(set) var buffer: [UInt8] = []

        private var descriptor: Int32

        /// Connects to `127.0.0.1:port`, first setting `SO_RCVBUF` if asked (it must precede the
        /// connection to limit the advertised window).
        init(port: Int, receiveBufferSize: Int? = nil) throws {
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard descriptor >= 0 else { throw Failure(description: "socket: errno \(errno)") }
            if var size = receiveBufferSize.map(Int32.init) {
                setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(port).bigEndian
            address.sin_addr.s_addr = in_addr_t(UInt32(INADDR_LOOPBACK).bigEndian)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard connected == 0 else {
                let code = errno
                close()
                throw Failure(description: "connect to port \(port): errno \(code)")
            }
        }

        deinit {
            close()
        }

        /// Closes the socket; idempotent.
        func close() {
            guard descriptor >= 0 else { return }
            closeDescriptor(descriptor)
            descriptor = -1
        }

        /// Sends `bytes`, all of them.
        func send(_ bytes: [UInt8]) throws {
            var offset = 0
            while offset < bytes.count {
                let count = bytes[offset...].withUnsafeBytes { sendWithoutSignal(descriptor, $0) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { throw Failure(description: "send: errno \(errno)") }
                offset += count
            }
        }

        /// Sends a request with a `Host` header, the given header lines, and a `Content-Length`
        /// for a non-empty body.
        func sendRequest(
            _ method: String = "GET",
            _ target: String,
            headers: [String] = [],
            body: Data = Data(),
            version: String = "HTTP/1.1"
        ) throws {
            var head = "\(method) \(target) \(version)\r\nHost: 127.0.0.1\r\n"
            for line in headers { head += line + "\r\n" }
            if !body.isEmpty { head += "Content-Length: \(body.count)\r\n" }
            head += "\r\n"
            try send(Array(head.utf8) + Array(body))
        }

        /// Waits at most `timeout` for bytes and appends them to ``buffer``.
        @discardableResult
        func readOnce(timeout: Duration) -> ReadEvent {
            var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
            let milliseconds =
                timeout.components.seconds * 1_000 + timeout.components.attoseconds / 1_000_000_000_000_000
            let ready = poll(&descriptors, 1, Int32(clamping: max(0, milliseconds)))
            guard ready > 0 else { return .timedOut }
            var scratch = [UInt8](repeating: 0, count: 65_536)
            let count = recv(descriptor, &scratch, scratch.count, 0)
            if count < 0 { return .reset }
            if count == 0 { return .closed }
            buffer.append(contentsOf: scratch[..<count])
            bytesReceived += count
            return .bytes(count)
        }

        /// Reads until ``buffer`` holds at least `count` bytes.
        func read(untilBuffered count: Int, timeout: Duration = RawHTTPClient.patience) throws {
            let deadline = ContinuousClock.now.advanced(by: timeout)
            while buffer.count < count {
                let left = ContinuousClock.now.duration(to: deadline)
                guard case .bytes = readOnce(timeout: left) else {
                    throw Failure(description: "only \(buffer.count) of \(count) bytes arrived")
                }
            }
        }

        /// Reads until the server closes or resets the connection, or `timeout` passes.
        @discardableResult
        func readToEnd(timeout: Duration = RawHTTPClient.patience) -> ReadEvent {
            let deadline = ContinuousClock.now.advanced(by: timeout)
            while true {
                let left = ContinuousClock.now.duration(to: deadline)
                guard left > .zero else { return .timedOut }
                let event = readOnce(timeout: left)
                if case .bytes = event { continue }
                return event
            }
        }

        /// Reads and consumes a response head; body bytes that came with it stay in ``buffer``.
        func readHead(timeout: Duration = RawHTTPClient.patience) throws -> RawHTTPResponse {
            let deadline = ContinuousClock.now.advanced(by: timeout)
            let separator = Array("\r\n\r\n".utf8)
            while true {
                if let end = buffer.indices.dropLast(3).first(where: { Array(buffer[$0..<($0 + 4)]) == separator }) {
                    let text = String(decoding: buffer[..<end], as: UTF8.self)
                    buffer.removeFirst(end + 4)
                    return try RawHTTPResponse(head: text, byteCount: end + 4)
                }
                let event = readOnce(timeout: ContinuousClock.now.duration(to: deadline))
                guard case .bytes = event else { throw Failure(description: "no complete head (\(event))") }
            }
        }

        /// Reads the body that `head` announces, as far as the connection delivers it, and returns
        /// the response with its body and whether the framing was met.
        func readBody(of head: RawHTTPResponse, isHeadRequest: Bool = false, timeout: Duration = RawHTTPClient.patience)
            throws
            -> RawHTTPResponse
        {
            var response = head
            if isHeadRequest || (100..<200).contains(head.status) || head.status == 204 || head.status == 304 {
                response.isComplete = true
                return response
            }
            let deadline = ContinuousClock.now.advanced(by: timeout)
            func readMore() throws -> Bool {
                let event = readOnce(timeout: ContinuousClock.now.duration(to: deadline))
                switch event {
                case .bytes: return true
                case .timedOut: throw Failure(description: "body timed out after \(buffer.count) buffered bytes")
                case .closed, .reset:
                    response.ending = event
                    return false
                }
            }
            if head.header("Transfer-Encoding")?.lowercased() == "chunked" {
                var decoder = ChunkedDecoder()
                repeat {
                    buffer = try decoder.feed(buffer)
                } while try !decoder.isComplete && readMore()
                response.body = decoder.payload
                response.chunkSizes = decoder.chunkSizes
                response.isComplete = decoder.isComplete
            } else if let length = head.header("Content-Length").flatMap({ Int($0) }) {
                while buffer.count < length, try readMore() {}
                response.body = Data(buffer.prefix(length))
                buffer.removeFirst(min(length, buffer.count))
                response.isComplete = response.body.count == length
            } else {
                while try readMore() {}
                response.body = Data(buffer)
                buffer.removeAll()
                response.isComplete = response.ending == .closed
            }
            return response
        }

        /// Reads one whole response: head, then body.
        func readResponse(isHeadRequest: Bool = false, timeout: Duration = RawHTTPClient.patience) throws
            -> RawHTTPResponse
        {
            try readBody(of: try readHead(timeout: timeout), isHeadRequest: isHeadRequest, timeout: timeout)
        }

        /// Connects, sends one request, reads its response and then the connection's end.
        static func fetch(
            _ port: Int,
            _ target: String,
            method: String = "GET",
            headers: [String] = [],
            body: Data = Data()
        ) throws -> RawHTTPResponse {
            let client = try RawHTTPClient(port: port)
            defer { client.close() }
            try client.sendRequest(method, target, headers: headers, body: body)
            var response = try client.readResponse(isHeadRequest: method == "HEAD")
            if response.ending == nil { response.ending = client.readToEnd() }
            response.bytesReceived = client.bytesReceived
            return response
        }
    }

    /// A response as the raw client saw it.
    struct RawHTTPResponse {
        /// The status code.
        let status: Int
        /// The header fields, in order.
        let headers: [(name: String, value: String)]
        /// The size of the head on the wire, blank line included.
        let headByteCount: Int
        /// The body, decoded from its framing but not from its content coding.
        var body = Data()
        /// Whether the framing was met: all of `Content-Length`, the terminating chunk, or a FIN.
        var isComplete = false
        /// The chunk sizes, for a chunked body.
        var chunkSizes: [Int] = []
        /// How the connection ended, if the client read that far.
        var ending: RawHTTPClient.ReadEvent?
        /// Every byte the client received on the connection, when read by ``RawHTTPClient/fetch``.
        var bytesReceived = 0

        init(head: String, byteCount: Int) throws {
            let lines = head.components(separatedBy: "\r\n")
            let statusParts = lines[0].split(separator: " ", maxSplits: 2)
            guard statusParts.count >= 2, statusParts[0] == "HTTP/1.1", let status = Int(statusParts[1]) else {
                throw RawHTTPClient.Failure(description: "bad status line \(lines[0])")
            }
            self.status = status
            self.headers = lines.dropFirst().compactMap { line in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            }
            self.headByteCount = byteCount
        }

        /// The value of the first header named `name`, compared case-insensitively.
        func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }

        /// The body as UTF-8 text.
        var text: String { String(decoding: body, as: UTF8.self) }
    }
}

private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}

private func sendWithoutSignal(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
    #if os(Linux)
        send(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
    #else
        send(descriptor, bytes.baseAddress, bytes.count, 0)
    #endif
}
