import Foundation

/// UTF-8 text borrowed from the parser for the length of one ``XMLVisitor`` call: a text run, a
/// CDATA section, a comment, a processing instruction's target or data, an attribute value.
///
/// The bytes are valid UTF-8, with references replaced and line ends normalized as in
/// ``XMLEvent/text(_:)``. They belong to the parser and are reused once the call returns, which
/// is why the type is noncopyable and only ever passed `borrowing`: it cannot be stored. Read it
/// in place (``count``, ``withSpan(_:)``, ``==(_:_:)``), or copy it with ``string``.
@frozen
public struct XMLText: ~Copyable {
    @usableFromInline let base: UnsafePointer<UInt8>?
    /// The number of bytes of UTF-8.
    public let count: Int

    @inlinable
    init(base: UnsafePointer<UInt8>?, count: Int) {
        self.base = base
        self.count = count
    }

    /// Whether the text has no bytes.
    @inlinable public var isEmpty: Bool { count == 0 }

    /// A copy of the text as a string.
    @inlinable public var string: String {
        String(parsedUTF8: UnsafeBufferPointer(start: base, count: count))
    }

    /// The byte at `index`.
    ///
    /// - Parameter index: A position from 0 up to, not including, ``count``.
    @inlinable
    public subscript(index: Int) -> UInt8 {
        // In every build, with a message that says so: past the text lie the parser's other bytes.
        guard index >= 0, index < count else { fatalError("XMLText index \(index) is out of range 0..<\(count)") }
        // `base` is nil only for an empty text, which the check has ruled out.
        return base.unsafelyUnwrapped[index]
    }

    /// Calls `body` with the bytes as a span.
    ///
    /// - Parameter body: Reads the bytes; the span is valid only while it runs.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    @inlinable
    public func withSpan<Result, Failure: Error>(
        _ body: (Span<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let buffer = UnsafeBufferPointer(start: base, count: count)
        return try body(buffer.span)
    }

    /// Calls `body` with the bytes, as `withUnsafeBytes` does for arrays.
    ///
    /// - Parameter body: Reads the bytes; the buffer is valid only while it runs and must not be
    ///   written to.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    @inlinable
    public func withUnsafeBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(UnsafeRawBufferPointer(UnsafeBufferPointer(start: base, count: count)))
    }

    /// Whether the text is made only of XML whitespace (space, tab, line feed, carriage return);
    /// `true` for empty text.
    @inlinable public var isWhitespace: Bool {
        for index in 0..<count {
            // Inside the loop `count > 0`, so `base` is not nil.
            switch base.unsafelyUnwrapped[index] {
            case 0x20, 0x0A, 0x09, 0x0D: continue
            default: return false
            }
        }
        return true
    }

    /// Whether the text starts with `prefix`, compared byte by byte.
    ///
    /// - Parameter prefix: The prefix to look for.
    /// - Returns: `true` when the first bytes of the text are those of `prefix`.
    @inlinable
    public func hasPrefix(_ prefix: String) -> Bool {
        var prefix = prefix
        return prefix.withUTF8 { bytes in
            bytes.count <= count && XMLText.bytes(base, equal: bytes)
        }
    }

    /// Whether the text and the string have the same UTF-8 bytes.
    ///
    /// - Parameters:
    ///   - lhs: The borrowed text.
    ///   - rhs: A string.
    /// - Returns: `true` for the same bytes.
    @inlinable
    public static func == (lhs: borrowing XMLText, rhs: String) -> Bool {
        var rhs = rhs
        return rhs.withUTF8 { bytes in
            bytes.count == lhs.count && XMLText.bytes(lhs.base, equal: bytes)
        }
    }

    /// Whether the bytes from `base` are those of `other`.
    @inlinable
    static func bytes(_ base: UnsafePointer<UInt8>?, equal other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base, let otherBase = other.baseAddress else { return other.isEmpty }
        return memcmp(base, otherBase, other.count) == 0
    }
}
