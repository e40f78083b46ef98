extension LoopbackResponse {
    /// How the client learns where the body ends.
    public enum Framing: Sendable, Equatable {
        /// `Content-Length` when the body's size is known and it is not compressed; otherwise
        /// chunked.
        case automatic

        /// `Transfer-Encoding: chunked`, whatever the body. Each piece the server writes is one
        /// chunk: a streamed body's chunks, or a drip's pieces.
        case chunked

        /// Neither length nor chunks: the body ends when the server closes the connection, as
        /// HTTP/1.0 did.
        case closeDelimited
    }
}
