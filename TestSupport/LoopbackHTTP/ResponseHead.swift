/// The status line and header fields of a response, serialized.
struct ResponseHead {
    // Headers the server writes from the framing; the response's own are dropped.
    private static let framingHeaders: Set<String> = ["content-length", "transfer-encoding", "connection"]

    /// The head's bytes, after any interim responses, ending with the empty line.
    let bytes: [UInt8]

    /// Builds the head of `response`, with headers that match `framing` and `keepAlive`.
    ///
    /// - Parameter clientMinorVersion: `x` of the client's `HTTP/1.x`; a 1.0 client is told
    ///   explicitly when the connection stays open.
    init(for response: LoopbackResponse, framing: WireFraming, keepAlive: Bool, clientMinorVersion: Int) {
        let coding = framing == .none ? nil : response.contentEncoding.headerValue
        var fields = response.headers.filter { field in
            let name = field.name.lowercased()
            return !Self.framingHeaders.contains(name) && !(coding != nil && name == "content-encoding")
        }
        if let coding { fields.append(("Content-Encoding", coding)) }
        switch framing {
        case .contentLength(let length): fields.append(("Content-Length", String(length)))
        case .chunked: fields.append(("Transfer-Encoding", "chunked"))
        case .none, .closeDelimited: break
        }
        if !keepAlive {
            fields.append(("Connection", "close"))
        } else if clientMinorVersion == 0 {
            fields.append(("Connection", "keep-alive"))
        }
        var text = ""
        for status in response.interimStatuses { text += "HTTP/1.1 \(status) \(ReasonPhrase.for(status))\r\n\r\n" }
        text += "HTTP/1.1 \(response.status) \(ReasonPhrase.for(response.status))\r\n"
        for field in fields { text += "\(field.name): \(field.value)\r\n" }
        text += "\r\n"
        bytes = Array(text.utf8)
    }
}
