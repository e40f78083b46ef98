import Foundation
import LoopbackHTTP
import XMLCorpus

/// The server of the offline demo: a loopback HTTP server inside the process that streams a
/// generated registry document, so that `swift run xmlevents` shows URL streaming and bounded
/// memory without a network.
///
/// The document is generated chunk by chunk as the socket takes it, never held whole, and sent
/// with a `Content-Length` so that the progress line can show a percentage.
struct DemoServer {
    static let path = "/registry.xml"
    static let defaultByteCount = 50_000_000
    /// Undocumented: the demo's size in bytes, so that the tests can run it small.
    static let byteCountVariable = "XMLEVENTS_DEMO_BYTES"

    let document: CorpusDocument
    private let server: LoopbackServer

    /// Starts serving a registry of `byteCount` bytes.
    init(byteCount: Int) throws(LoopbackServerError) {
        document = CorpusDocument(shape: .records, targetByteCount: byteCount)
        server = try LoopbackServer()
        server.route(
            Self.path,
            LoopbackResponse(
                headers: [("Content-Type", "application/xml")],
                body: .stream(document.chunks(ofSize: 65_536), contentLength: document.byteCount)
            )
        )
    }

    var url: URL { server.url(Self.path) }

    /// The body bytes the server has handed to its socket so far.
    var bodyBytesWritten: Int { server.bodyBytesWritten }

    /// Closes the connections and joins the server's threads.
    func stop() {
        server.stop()
    }

    /// The size the environment asks for, or the default; a value that is not a positive whole
    /// number is ignored rather than reported, since the variable is not part of the interface.
    static func byteCount(in environment: [String: String]) -> Int {
        guard let text = environment[byteCountVariable], let value = Int(text), value > 0 else {
            return defaultByteCount
        }
        return value
    }
}
