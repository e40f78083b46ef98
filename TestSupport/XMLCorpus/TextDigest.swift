/// A summary of a collection of strings that any reader of them can recompute cheaply: how many
/// there are, their UTF-8 bytes, and the sum of those bytes.
///
/// The generator computes one per field of the shape's items (see
/// ``CorpusMetadata/itemFieldDigests``) while it writes them, so that a consumer that decodes the
/// items can show it read every field whole: a missing, cut or garbled string changes the digest.
///
/// ```swift
/// var names = TextDigest()
/// for record in decodedRecords { names.add(record.name) }
/// #expect(names == metadata.itemFieldDigests["name"])
/// ```
///
/// The digest does not depend on the order of the strings, only on their bytes.
public struct TextDigest: Sendable, Hashable, Codable, CustomStringConvertible {
    /// How many strings were added.
    public private(set) var count = 0
    /// How many UTF-8 bytes they hold together.
    public private(set) var byteCount = 0
    /// The sum of those bytes, each read as a number from 0 to 255.
    public private(set) var byteSum = 0

    /// An empty digest.
    public init() {}

    /// Adds one string, given as its UTF-8 bytes.
    ///
    /// - Parameter utf8: The string's bytes.
    public mutating func add(utf8: UnsafeBufferPointer<UInt8>) {
        var sum = 0
        for byte in utf8 { sum &+= Int(byte) }
        add(UTF8Sum(byteCount: utf8.count, byteSum: sum))
    }

    /// Adds one string.
    ///
    /// - Parameter string: The string.
    public mutating func add(_ string: String) {
        var string = string
        string.withUTF8 { add(utf8: $0) }
    }

    /// Adds one string whose bytes have been summed already.
    mutating func add(_ sum: UTF8Sum) {
        count += 1
        byteCount += sum.byteCount
        byteSum &+= sum.byteSum
    }

    /// "3 strings, 42 bytes, byte sum 4242".
    public var description: String {
        "\(count) strings, \(byteCount) bytes, byte sum \(byteSum)"
    }
}

/// The byte count and byte sum of one string, or of a piece of one: sums of pieces add up to
/// the sum of the string they make together.
struct UTF8Sum: Sendable, Hashable {
    var byteCount = 0
    var byteSum = 0

    init(byteCount: Int = 0, byteSum: Int = 0) {
        self.byteCount = byteCount
        self.byteSum = byteSum
    }

    init(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            byteCount += 1
            byteSum += Int(byte)
        }
    }

    static func + (lhs: UTF8Sum, rhs: UTF8Sum) -> UTF8Sum {
        UTF8Sum(byteCount: lhs.byteCount + rhs.byteCount, byteSum: lhs.byteSum + rhs.byteSum)
    }

    static func += (lhs: inout UTF8Sum, rhs: UTF8Sum) {
        lhs = lhs + rhs
    }
}
