import Foundation

extension XMLParsingOptions {
    /// On how many cores a big document made of records is parsed.
    ///
    /// A document whose root holds many children (Wikipedia's pages, OpenStreetMap's nodes, a
    /// feed's entries) can be cut between two of them and each piece parsed on a core of its own,
    /// inside the document's prolog and root start tag; the events, records, errors and positions
    /// are exactly the single parser's, in document order. The single parser reads the document's
    /// first mebibyte and keeps the document when it is smaller, not made of records, not UTF-8,
    /// declares entities or attribute defaults in its internal subset, or when the options ask
    /// for what needs one parser (``XMLParsingOptions/parsesAsBytesArrive``, an
    /// ``XMLParsingOptions/externalEntityResolver``). See <doc:Performance>.
    public struct Parallelism: Sendable, Hashable, CustomStringConvertible {
        /// The parsers a document may use at once; 1 is the single parser.
        let workerCount: Int

        /// As many parsers as the machine has cores.
        public static var automatic: Parallelism {
            Parallelism(workerCount: ProcessInfo.processInfo.activeProcessorCount)
        }

        /// One parser: the document is read on one core.
        public static let off = Parallelism(workerCount: 1)

        /// At most `count` parsers at once (at least 1).
        ///
        /// - Parameter count: How many cores to parse on.
        /// - Returns: The setting.
        public static func cores(_ count: Int) -> Parallelism {
            Parallelism(workerCount: Swift.max(1, count))
        }

        /// `off`, or `cores(n)`.
        public var description: String { workerCount == 1 ? "off" : "cores(\(workerCount))" }
    }
}
