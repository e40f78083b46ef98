/// Why a request could not be accepted, each with the status that says so to the client.
enum RequestError: Error, Equatable {
    /// The request line is not `method SP target SP HTTP/1.x`.
    case malformedRequestLine
    /// A header line has no colon, an empty or spaced name, or is an obsolete folded line.
    case malformedHeader
    /// The version is well formed but not HTTP/1.0 or HTTP/1.1.
    case unsupportedVersion
    /// The head is larger than the server's limit.
    case headTooLarge
    /// `Content-Length` is not a number, or several disagree.
    case invalidContentLength
    /// The body is larger than the server's limit.
    case bodyTooLarge
    /// The body has a `Transfer-Encoding`, which this server does not decode.
    case unsupportedTransferCoding

    /// The status to answer with.
    var status: Int {
        switch self {
        case .malformedRequestLine, .malformedHeader, .invalidContentLength: 400
        case .unsupportedVersion: 505
        case .headTooLarge: 431
        case .bodyTooLarge: 413
        case .unsupportedTransferCoding: 501
        }
    }
}
