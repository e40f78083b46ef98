/// The clauses, people, categories and XHTML bodies the ``CorpusShape/ns`` shape is assembled
/// from, built once as UTF-8 ready to copy.
final class FeedVocabulary: Sendable {
    static let shared = FeedVocabulary()

    /// Clauses without references to declared entities: a feed has no DTD.
    let phrases: [[UInt8]]
    /// The text of each of ``phrases`` as a parser reports it, references replaced.
    let phraseSums: [UTF8Sum]
    let authors: [[UInt8]]
    let emailUsers: [[UInt8]]
    let categories: [[UInt8]]
    /// `p` elements in the XHTML namespace, with inline `em`, `code` and `a` elements.
    let xhtmlParagraphs: [Fragment]

    private init() {
        // A fixed seed: the tables are the same for every document, only the choices among them vary.
        var random = SplitMix64(seed: 0x6665_6564)
        phrases = PhraseTable.make(count: 2048, seed: random.next(), declaredEntities: false)
        phraseSums = phrases.map { XMLContentText.utf8Sum(of: $0) }
        let phrases = phrases

        let givenNames = ["Ada", "Grace", "Linus", "Zoë", "Søren", "Mei", "Ravi", "Nadia", "Tomás", "Ελένη"]
        let familyNames = ["Lovelace", "Hopper", "Ørsted", "Nakamura", "O'Brien", "Kovač", "Haddad", "Smith"]
        var authors: [[UInt8]] = []
        var emailUsers: [[UInt8]] = []
        for _ in 0..<128 {
            let given = random.pick(givenNames)
            let family = random.pick(familyNames)
            authors.append(Array(XMLEscaping.escaped(given + " " + family).utf8))
            emailUsers.append(Array("user\(random.within(1...9_999))".utf8))
        }
        self.authors = authors
        self.emailUsers = emailUsers

        categories = (Lexicon.words + Lexicon.foreignWords).map { Array($0.utf8) }

        xhtmlParagraphs = (0..<512).map { _ in
            var html = "<p>"
            var elements = 1
            var attributes = 0
            for piece in 0..<random.within(2...6) {
                if piece > 0 { html += " " }
                switch random.below(10) {
                case 0:
                    html += "<em>" + random.pick(Lexicon.words) + "</em>"
                    elements += 1
                case 1:
                    html += "<code>&lt;" + random.pick(Lexicon.words) + "/&gt;</code>"
                    elements += 1
                case 2:
                    html +=
                        "<a href=\"https://example.org/" + random.pick(Lexicon.words) + "\">"
                        + random.pick(Lexicon.words) + "</a>"
                    elements += 1
                    attributes += 1
                default:
                    html += String(decoding: random.pick(phrases), as: UTF8.self)
                }
            }
            return Fragment(html + "</p>", elements: elements, attributes: attributes)
        }
    }
}
