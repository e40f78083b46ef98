import Foundation

/// A cursor method of ``XMLEvents/Iterator`` (``XMLEvents/Iterator/subtree()``,
/// ``XMLEvents/Iterator/skipElement()``, ``XMLEvents/Iterator/decodeElement(_:using:)``) was
/// called where it cannot work; nothing was consumed.
///
/// A struct with a ``code`` rather than an enum, so that a new case can come in a later version
/// without breaking a `switch`.
public struct XMLCursorError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// What went wrong. The numbers are stable; new codes may come in later versions.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The numeric code.
        public var rawValue: Int

        /// Creates a code from its number.
        ///
        /// - Parameter rawValue: The number of one of the codes declared here.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// The event `next()` returned last is not a start element (or iteration has ended, or
        /// the element was taken already): there is no element to take.
        public static let notAtStartElement = Code(rawValue: 1)

        /// The code's name with its number, for example `notAtStartElement (1)`.
        public var description: String {
            rawValue == 1 ? "notAtStartElement (1)" : "XMLCursorError code \(rawValue)"
        }
    }

    /// What went wrong.
    public var code: Code

    /// Creates an error.
    ///
    /// - Parameter code: What went wrong.
    public init(_ code: Code) {
        self.code = code
    }

    /// What went wrong and what to do, in a sentence.
    public var description: String {
        switch code {
        case .notAtStartElement:
            "XMLCursorError: no element to take: call subtree(), skipElement() or decodeElement(_:) right after next() returned .startElement"
        default:
            "XMLCursorError: \(code)"
        }
    }

    /// The ``description``.
    public var errorDescription: String? { description }
}
