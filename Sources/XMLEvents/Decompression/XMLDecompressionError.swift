import Foundation
import XMLEventsInput

/// A compressed document could not be decompressed: its data is corrupt, it expands beyond
/// ``XMLDecompression``'s limits, or its format is not available in this build.
///
/// Every event of the bytes decompressed before the error has been delivered when this is
/// thrown, and nothing follows it. A format checks its data at the end of a unit (gzip's member,
/// bzip2's and xz's block, zstd's frame), after the parser has had the unit's bytes: when the
/// parse fails on bytes whose unit is not checked yet, the unit is decompressed to its check
/// (at most 8 MiB further on) before anything is thrown, and this error, not the parser's, is
/// thrown if the check fails; the events are then those before the parse error. A stream cut
/// short is not this error but an ``XMLParsingError`` with ``XMLParsingError/Code/truncated``, as
/// for a plain document, whose message names the format and both offsets.
public struct XMLDecompressionError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// What went wrong.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The numeric code.
        public var rawValue: Int

        /// Creates a code from its number.
        ///
        /// - Parameter rawValue: One of the codes below, or a later one.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// The bytes are not valid in the format: a damaged file, a wrong forced format, or data
        /// after the last member that is neither another one nor, for gzip, zero padding.
        public static let corruptData = Code(rawValue: 1)
        /// The document expands beyond ``XMLDecompression/maximumRatio`` or
        /// ``XMLDecompression/maximumDecompressedBytes``, or a stream asks for a larger window
        /// than the decoder allows (128 MiB for zstd, 256 MiB of decoder memory for xz).
        public static let limitExceeded = Code(rawValue: 2)
        /// The format is recognised but this build cannot decompress it: the `Compression`
        /// trait is off, or the platform is not Linux.
        public static let unavailable = Code(rawValue: 3)
        /// The decoder failed for want of memory or for a reason of its own.
        public static let decoderFailed = Code(rawValue: 4)

        /// The code's name, for example `corruptData (1)`.
        public var description: String {
            let names = [1: "corruptData", 2: "limitExceeded", 3: "unavailable", 4: "decoderFailed"]
            return "\(names[rawValue] ?? "code") (\(rawValue))"
        }
    }

    /// What went wrong.
    public var code: Code

    /// The document's compression format.
    public var format: XMLDecompression.Format

    /// How many compressed bytes the decoder had read when it stopped: for corrupt data, where
    /// it found the damage (zstd says only where the input it was given at the time began).
    public var compressedOffset: Int

    /// How many bytes it had decompressed by then: the offset of the error in the document.
    public var decompressedOffset: Int

    /// A readable explanation, with the decoder's own words where it has some.
    public var message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: What went wrong.
    ///   - format: The document's compression format.
    ///   - compressedOffset: How many compressed bytes had been read.
    ///   - decompressedOffset: How many bytes had been decompressed.
    ///   - message: A readable explanation.
    public init(
        code: Code, format: XMLDecompression.Format, compressedOffset: Int, decompressedOffset: Int, message: String
    ) {
        self.code = code
        self.format = format
        self.compressedOffset = compressedOffset
        self.decompressedOffset = decompressedOffset
        self.message = message
    }

    /// The message with the format and where, for example `The bzip2 data is corrupt: data error
    /// (bzip2, compressed byte 1200, decompressed byte 5000)`.
    public var description: String {
        "\(message) (\(format), compressed byte \(compressedOffset), decompressed byte \(decompressedOffset))"
    }

    /// ``description``, for `localizedDescription`.
    public var errorDescription: String? { description }
}
