import Foundation

extension XMLParsingOptions {
    /// On how many cores a big document made of records is parsed.
    ///
    /// A document whose root holds many children (Wikipedia's pages, OpenStreetMap's nodes, a
    /// feed's entries) can be cut between two of them and each piece parsed on a core of its own,
    /// inside the document's prolog and root start tag; the events, records, errors and positions
    /// are exactly the single parser's, in document order. The single parser reads the document's
    /// first mebibyte and keeps the document when it is smaller, not made of records, not UTF-8,
    /// declares attribute defaults or parameter entities in its internal subset, or general
    /// entities one reference to which adds more than the expansion ratio times its own bytes
    /// (see ``XMLParsingLimits/maxEntityExpansionRatio``), or when the options ask
    /// for what needs one parser (``XMLParsingOptions/parsesAsBytesArrive``, an
    /// ``XMLParsingOptions/externalEntityResolver``). See <doc:Performance>.
    ///
    /// The same count of threads decodes the streams of a multistream bzip2 document (Wikipedia's
    /// dumps, pbzip2's output) at once, and the decompression thread hands their bytes to the
    /// parser in order: every core when automatic; with ``off``, the decompression thread alone
    /// decodes them one after the other. See <doc:ReadingDumps>.
    public struct Parallelism: Sendable, Hashable, CustomStringConvertible {
        /// The parsers a document may use at once; 1 is the single parser.
        let workerCount: Int
        /// Whether the count is the machine's cores, of which a decompression thread takes one.
        var isAutomatic = false

        /// As many parsers as the machine has cores, less one for a compressed document, whose
        /// decompression takes one: on two cores, a compressed document has one parser.
        public static var automatic: Parallelism {
            Parallelism(workerCount: ProcessInfo.processInfo.activeProcessorCount, isAutomatic: true)
        }

        /// The parsers a document may use at once, when it is decompressed or not.
        func workerCount(decompressing: Bool) -> Int {
            isAutomatic && decompressing ? workerCount - 1 : workerCount
        }

        /// How many threads decode the streams of a multistream bzip2 document at once: every
        /// core when automatic, not one less, since bzip2 decodes at about a seventh of the
        /// parse's speed and the parsers mostly wait for it; 1, the decompression thread alone,
        /// when off.
        var streamDecoderCount: Int { workerCount }

        /// One parser: the document is read on one core, and a compressed one decompressed on
        /// one more.
        public static let off = Parallelism(workerCount: 1)

        /// At most `count` parsers at once (at least 1).
        ///
        /// - Parameter count: How many cores to parse on.
        /// - Returns: The setting.
        public static func cores(_ count: Int) -> Parallelism {
            Parallelism(workerCount: Swift.max(1, count))
        }

        /// `automatic`, `off`, or `cores(n)`.
        public var description: String {
            isAutomatic ? "automatic" : workerCount == 1 ? "off" : "cores(\(workerCount))"
        }
    }
}
