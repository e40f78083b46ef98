/// Precomputed clauses of words, the building blocks of every paragraph, title and summary.
///
/// Joining whole clauses instead of single words keeps writing a paragraph down to a few copies.
enum PhraseTable {
    private static let endings = [",", ",", ".", ".", ".", ";", ":", "!", "?", ""]

    /// `count` clauses of three to nine tokens, drawn with `seed`; references to the book's
    /// declared entities appear only when `declaredEntities` is set, since no other shape has a
    /// DTD.
    static func make(count: Int, seed: UInt64, declaredEntities: Bool) -> [[UInt8]] {
        var random = SplitMix64(seed: seed)
        var specials = Lexicon.escapedTokens
        if declaredEntities { specials += Lexicon.declaredEntityTokens }
        return (0..<count).map { _ in
            var tokens: [String] = []
            for _ in 0..<random.within(3...9) {
                switch random.below(100) {
                case ..<80: tokens.append(random.pick(Lexicon.words))
                case ..<89: tokens.append(random.pick(Lexicon.foreignWords))
                case ..<91: tokens.append(random.pick(Lexicon.emoji))
                default: tokens.append(random.pick(specials))
                }
            }
            var bytes = Array((tokens.joined(separator: " ") + random.pick(endings)).utf8)
            // Only ASCII is capitalized, so the bytes never depend on Unicode case tables.
            if (0x61...0x7A).contains(bytes[0]) { bytes[0] -= 0x20 }
            return bytes
        }
    }

    /// Text of `clauses` clauses, for titles and summaries built once.
    static func sentence(from phrases: [[UInt8]], clauses: Int, using random: inout SplitMix64) -> String {
        (0..<clauses).map { _ in String(decoding: random.pick(phrases), as: UTF8.self) }.joined(separator: " ")
    }
}
