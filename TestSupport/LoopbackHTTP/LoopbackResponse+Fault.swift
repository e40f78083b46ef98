extension LoopbackResponse {
    /// A failure to inject into a response, at a chosen point of its body.
    ///
    /// Offsets count body bytes as sent: after content coding, without chunk framing. The head
    /// always goes out before a fault at offset 0. If the body ends before the offset, the
    /// fault never fires. A response with a fault never keeps its connection alive.
    public enum Fault: Sendable, Equatable {
        /// Reads the whole request, then never writes a byte, not even the status line, until
        /// the client leaves or the server stops: for response timeouts.
        case neverRespond

        /// After `afterBodyBytes` body bytes, sends nothing for `duration`, keeping the
        /// connection open, then sends the rest: for low-speed and read timeouts.
        case stall(afterBodyBytes: Int, for: Duration)

        /// After `afterBodyBytes` body bytes, sends nothing more until the client leaves or the
        /// server stops.
        case stallIndefinitely(afterBodyBytes: Int)

        /// After `afterBodyBytes` body bytes, closes the connection normally (FIN), so that the
        /// declared `Content-Length` is not met, or the terminating chunk never comes.
        case close(afterBodyBytes: Int)

        /// After `afterBodyBytes` body bytes, resets the connection (RST). Bytes still in the
        /// server's send buffer are discarded, so the client may see fewer, then
        /// `ECONNRESET`.
        case reset(afterBodyBytes: Int)

        /// Where in the body the fault fires, or `nil` for one that fires before the head.
        var bodyOffset: Int? {
            switch self {
            case .neverRespond: nil
            case .stall(let offset, _), .stallIndefinitely(let offset), .close(let offset), .reset(let offset):
                max(0, offset)
            }
        }
    }
}
