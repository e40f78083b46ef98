/// The transport protocol of a registry record, as written in its `protocol` element.
public enum ServiceTransport: String, CaseIterable, Sendable {
    /// Transmission Control Protocol.
    case tcp
    /// User Datagram Protocol.
    case udp
    /// Stream Control Transmission Protocol.
    case sctp
    /// Datagram Congestion Control Protocol.
    case dccp
}
