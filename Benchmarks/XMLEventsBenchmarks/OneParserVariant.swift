/// A contender run on every core (the default) and, as a contender of its own, with one parser
/// (`parallelism: .off`): the pair of a `parallelPairs` row. Its id, title and summary say which
/// it is.
protocol OneParserVariant: Contender {
    /// With one parser rather than every core.
    var oneParser: Bool { get }
    /// The id of the every-core contender; the one-parser contender's adds `-one-parser`.
    static var baseID: String { get }
    /// The title of the every-core contender; the one-parser contender's adds `, one parser`.
    static var baseTitle: String { get }
    /// The call measured, which the summary opens with.
    static var call: String { get }
    /// What the consumer does, which the summary ends with.
    static var work: String { get }
}

extension OneParserVariant {
    var id: String { oneParser ? "\(Self.baseID)-one-parser" : Self.baseID }
    var title: String { oneParser ? "\(Self.baseTitle), one parser" : Self.baseTitle }
    var summary: String { Self.call + (oneParser ? " with `parallelism: .off`" : "") + Self.work }
}
