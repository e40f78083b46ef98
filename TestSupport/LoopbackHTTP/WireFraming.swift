/// How one response's body is delimited on the wire, decided from the response and the request.
enum WireFraming: Equatable {
    /// The status forbids a body (1xx, 204, 304): no length, no chunks.
    case none
    /// `Content-Length: n`.
    case contentLength(Int)
    /// `Transfer-Encoding: chunked`.
    case chunked
    /// The body ends when the connection closes.
    case closeDelimited

    /// The framing for `response`, to a client that can or cannot read chunked bodies.
    init(for response: LoopbackResponse, clientAcceptsChunked: Bool) {
        let status = response.status
        if (100..<200).contains(status) || status == 204 || status == 304 {
            self = .none
            return
        }
        let knownLength = response.contentEncoding == .identity ? response.body.contentLength : nil
        // An HTTP/1.0 client cannot read chunks, so the end of the connection marks the body's.
        let chunkedOrClose: WireFraming = clientAcceptsChunked ? .chunked : .closeDelimited
        switch response.framing {
        case .automatic: self = knownLength.map { .contentLength(max(0, $0)) } ?? chunkedOrClose
        case .chunked: self = chunkedOrClose
        case .closeDelimited: self = .closeDelimited
        }
    }

    /// Whether a client can find the end of the body without the connection closing.
    var allowsPersistentConnection: Bool { self != .closeDelimited }
}
