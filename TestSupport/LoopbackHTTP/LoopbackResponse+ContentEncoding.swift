import Foundation

extension LoopbackResponse {
    /// A `Content-Encoding` applied on the fly, chunk by chunk as the body streams.
    ///
    /// Every chunk the body yields is compressed and flushed before the next is asked for, so a
    /// client can decode each one as soon as it arrives, and a stall or a close mid-body falls on
    /// a boundary the client can decode up to. gzip and deflate use zlib at level 1, as nginx does
    /// by default: fast, and XML still shrinks several times over. zstd and brotli use the
    /// largest window a client must accept, so that tests see a decoder's worst case.
    public enum ContentEncoding: Sendable, Equatable {
        /// No coding; no `Content-Encoding` header.
        case identity

        /// `gzip`: deflate in a gzip wrapper (RFC 1952), zlib `windowBits` 15 + 16.
        case gzip

        /// `deflate` as HTTP defines it: deflate in a zlib wrapper (RFC 1950), `windowBits` 15.
        case deflate

        /// Labelled `deflate` but sent as a raw deflate stream (RFC 1951, `windowBits` -15),
        /// as some servers wrongly do; for testing a client's tolerance of them.
        case rawDeflate

        /// `zstd` (RFC 8878) with libzstd at level 3 and an 8 MiB window, the most RFC 9659
        /// allows an HTTP server.
        case zstd

        /// `br` (RFC 7932) with libbrotlienc at quality 5 and a 16 MiB window, the largest of
        /// the format.
        case brotli

        /// Several codings, applied in this order and announced in it (`gzip, br`); the client
        /// undoes them from the last.
        indirect case layered([ContentEncoding])

        /// The value of the `Content-Encoding` header that announces this coding, or `nil` for
        /// ``identity``.
        public var headerValue: String? {
            switch self {
            case .identity: nil
            case .gzip: "gzip"
            case .deflate, .rawDeflate: "deflate"
            case .zstd: "zstd"
            case .brotli: "br"
            case .layered(let codings):
                codings.compactMap(\.headerValue).joined(separator: ", ").nonEmpty
            }
        }

        /// The coded form of a whole body, for serving the same bytes to many clients (a
        /// compressed "bomb" whose few kilobytes expand to gigabytes, say) without coding it for
        /// each. Serve it as a fixed body with ``identity`` and a `Content-Encoding` header of
        /// ``headerValue``.
        ///
        /// - Parameter body: The body before coding; a streamed body is coded as it streams.
        /// - Throws: ``Failure`` if the compressor fails.
        public func encode(_ body: Body) throws(Failure) -> Data {
            do throws(ConnectionEnd) {
                var encoder = try makeEncoder()
                var coded = Data()
                let chunks = body.makeChunks()
                while let chunk = chunks.next() { coded.append(try encoder.encode(chunk)) }
                coded.append(try encoder.finish())
                return coded
            } catch {
                throw Failure(description: "\(error.outcome)")
            }
        }

        /// A compressor failed.
        public struct Failure: Error, CustomStringConvertible {
            /// What failed.
            public let description: String
        }
    }
}

extension String {
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}
