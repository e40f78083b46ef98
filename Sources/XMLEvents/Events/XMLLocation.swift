/// A position in a document: 1-based line and column (in characters) and the 0-based offset in
/// bytes of the input.
///
/// libxml2 reports positions where it is, not where a construct began: for a start element that
/// is at the tag's closing `>` (the `/>` of an empty-element tag); for the other events see
/// ``XMLParsingOptions/locatesEveryEvent``.
public struct XMLLocation: Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, counted in characters.
    public var column: Int
    /// The offset in bytes from the start of the input.
    public var byteOffset: Int

    /// Creates a location.
    ///
    /// - Parameters:
    ///   - line: The 1-based line.
    ///   - column: The 1-based column, in characters.
    ///   - byteOffset: The 0-based offset in bytes from the start of the input.
    public init(line: Int, column: Int, byteOffset: Int) {
        self.line = line
        self.column = column
        self.byteOffset = byteOffset
    }

    /// `line:column`, as compilers print positions.
    public var description: String { "\(line):\(column)" }
}
