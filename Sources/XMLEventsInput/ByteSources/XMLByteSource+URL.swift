import Foundation

// A URL picks the source: a `file:` URL is read as a file in every build; `http` and `https` are
// read over HTTP by the HTTP module's `init(url:configuration:fileChunkSize:)`, and refused,
// naming the trait, by the core's `init(url:fileChunkSize:)` in a build without it.
extension XMLByteSource {
    /// The file a `file:` URL names; for any other URL, a source whose first `next()` throws
    /// ``XMLByteSourceError/Code/unsupportedURL`` (nothing is read, not even a local file of the
    /// same path).
    package init(localURL url: URL, chunkSize: Int) {
        if Self.namesLocalFile(url) {
            self.init(.file(path: url.path), chunkSize: chunkSize)
        } else {
            self.init(.refused(.unsupportedURL(url: url)), chunkSize: chunkSize)
        }
    }

    /// Whether `url`'s scheme is `http` or `https`, in any case.
    package static func isHTTP(_ url: URL) -> Bool {
        switch url.scheme?.lowercased() {
        case "http", "https": true
        default: false
        }
    }

    /// Whether `url` names a file here: a `file:` URL with no host, or `localhost`.
    package static func namesLocalFile(_ url: URL) -> Bool {
        guard url.isFileURL else { return false }
        guard let host = url.host else { return true }
        return host.isEmpty || host.lowercased() == "localhost"
    }
}
