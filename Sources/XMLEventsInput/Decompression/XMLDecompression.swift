/// Whether a compressed document is decompressed before it is parsed, in which format, and how
/// far it may expand: ``XMLParsingOptions/decompression``.
///
/// By default (``automatic``) the first bytes of every source — a file, standard input, an HTTP
/// body, any sequence of chunks — tell whether it is a gzip, bzip2, xz or zstd stream; if so, it
/// is decompressed on a thread of its own while the document is parsed, so that a dump reads at
/// the speed of the slower of the two. A document that starts with `<`, a byte order mark or
/// white space is parsed as it is, at no cost. Concatenated members and multistream files (pigz,
/// pbzip2, bgzip, Wikipedia's multistream bzip2, `xz` and `zstd` frames one after the other) are
/// read to the end; the streams of a multistream bzip2 file are decoded on as many cores as
/// ``XMLParsingOptions/parallelism`` allows, and handed to the parser in order (see
/// <doc:ReadingDumps>).
///
/// ```swift
/// var options = XMLParsingOptions()
/// options.decompression = .forced(.bzip2)  // or .disabled, to parse the bytes as they are
/// options.decompression.maximumRatio = 10_000  // a trusted dump that compresses very well
/// ```
///
/// A decompressed document may expand by at most ``maximumRatio`` times the compressed bytes
/// read so far, once more than ``ratioFreeBytes`` were produced, and to at most
/// ``maximumDecompressedBytes`` in all: a few kilobytes cannot become terabytes. Past either
/// bound, iteration throws ``XMLDecompressionError`` with ``XMLDecompressionError/Code/limitExceeded``.
///
/// Decompression needs the package's `Compression` trait (on by default) and, for now, Linux:
/// elsewhere a compressed document is reported as ``XMLDecompressionError/Code/unavailable``.
/// An HTTP body's `Content-Encoding` is decoded by the transfer itself, whatever this says.
/// ``XMLPushParser`` parses the bytes it is fed as they are: feed it decompressed bytes, or read
/// the dump through ``XMLEvents`` instead.
public struct XMLDecompression: Sendable, Hashable {
    /// A compression format the package recognises by its first bytes.
    public enum Format: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// gzip (RFC 1952), one member or several one after the other, zero bytes after the last
        /// ignored as `gzip -d` ignores them (`1F 8B`).
        case gzip
        /// bzip2, one stream or several one after the other (`BZh1` to `BZh9`).
        case bzip2
        /// xz, one stream or several one after the other, with stream padding (`FD 37 7A 58 5A 00`).
        case xz
        /// Zstandard (RFC 8878), frames one after the other, skippable frames among them
        /// (`28 B5 2F FD`, or `50`–`5F 2A 4D 18`).
        case zstd

        /// The format's name, as its tool spells it.
        public var description: String { rawValue }
    }

    /// Whether to decompress: the first bytes decide, never, or always in one format.
    enum Mode: Sendable, Hashable {
        case automatic
        case disabled
        case forced(Format)
    }

    let mode: Mode

    /// The most bytes decompressed per compressed byte read, checked once more than
    /// ``ratioFreeBytes`` were decompressed. Default: 1,000, more than real documents reach
    /// (XML dumps compress 5 to 50 times) and less than a bomb's.
    public var maximumRatio: Int

    /// How many decompressed bytes may come before ``maximumRatio`` applies, so that a short,
    /// highly compressible document is not refused. Default: 16 MiB.
    public var ratioFreeBytes: Int

    /// The most bytes one document may decompress to, whatever the ratio. Default: `Int.max`, no
    /// bound beyond the ratio.
    public var maximumDecompressedBytes: Int

    init(mode: Mode, maximumRatio: Int = 1000, ratioFreeBytes: Int = 16 << 20, maximumDecompressedBytes: Int = .max) {
        self.mode = mode
        self.maximumRatio = maximumRatio
        self.ratioFreeBytes = ratioFreeBytes
        self.maximumDecompressedBytes = maximumDecompressedBytes
    }

    /// The first bytes decide: a gzip, bzip2, xz or zstd stream is decompressed, anything else
    /// parsed as it is. The default.
    public static let automatic = XMLDecompression(mode: .automatic)

    /// The bytes are parsed as they are: a compressed document fails as the markup it is not.
    public static let disabled = XMLDecompression(mode: .disabled)

    /// The bytes are decompressed in `format`, whatever they start with: bytes not in it fail
    /// with ``XMLDecompressionError/Code/corruptData``.
    ///
    /// - Parameter format: The format of every source parsed with these options.
    /// - Returns: Decompression in `format`, with the default limits.
    public static func forced(_ format: Format) -> XMLDecompression {
        XMLDecompression(mode: .forced(format))
    }

    /// The format decompression is forced to, or `nil` when the first bytes decide or nothing is
    /// decompressed.
    @usableFromInline package var forcedFormat: Format? {
        if case .forced(let format) = mode { return format }
        return nil
    }

    /// Whether anything is decompressed: `false` only for ``disabled``.
    @usableFromInline package var isEnabled: Bool { mode != .disabled }
}
