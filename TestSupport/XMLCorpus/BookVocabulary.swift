/// The clauses, inline markup and blocks the ``CorpusShape/text`` shape is assembled from, built
/// once as UTF-8 ready to copy.
final class BookVocabulary: Sendable {
    static let shared = BookVocabulary()

    /// The general entities the book's DTD declares, in declaration order, with their
    /// replacement text.
    static let declaredEntities: KeyValuePairs<String, String> = [
        "company": "Ångström &amp; Søn Ltd.",
        "product": "XMLEvents",
        "mdash": "&#x2014;",
    ]

    let phrases: [[UInt8]]
    /// The text of each of ``phrases`` as a parser reports it, references replaced.
    let phraseSums: [UTF8Sum]
    let inlines: [Fragment]
    /// The text of each of ``inlines``, of all depths, references replaced.
    let inlineSums: [UTF8Sum]
    let chapterTitles: [[UInt8]]
    let sectionTitles: [[UInt8]]
    /// Code samples in CDATA sections, full of `<` and `&` left as they are.
    let codeBlocks: [Fragment]
    let lists: [Fragment]
    let quotations: [Fragment]
    let comments: [[UInt8]]
    let processingInstructions: [[UInt8]]

    private init() {
        // A fixed seed: the tables are the same for every document, only the choices among them vary.
        var random = SplitMix64(seed: 0x626F_6F6B)
        phrases = PhraseTable.make(count: 2048, seed: random.next(), declaredEntities: true)
        let entities = Dictionary(uniqueKeysWithValues: Self.declaredEntities.map { ($0.key, $0.value) })
        phraseSums = phrases.map { XMLContentText.utf8Sum(of: $0, entities: entities) }
        let phrases = phrases
        let words = Lexicon.words + Lexicon.foreignWords

        func someWords(_ range: ClosedRange<Int>, using random: inout SplitMix64) -> String {
            (0..<random.within(range)).map { _ in random.pick(words) }.joined(separator: " ")
        }

        let codeTokens = [
            "parse()", "XMLEvents", "a &lt; b", "x &amp;&amp; y", "map { $0 }", "&lt;record&gt;", "Data",
            "for try await", "libxml2", "0x2014",
        ]
        var inlines: [Fragment] = []
        for _ in 0..<512 {
            let fragment: Fragment
            switch random.below(8) {
            case 0, 1:
                fragment = Fragment("<em>" + someWords(1...3, using: &random) + "</em>", elements: 1)
            case 2:
                fragment = Fragment("<strong>" + someWords(1...2, using: &random) + "</strong>", elements: 1)
            case 3:
                fragment = Fragment("<code>" + random.pick(codeTokens) + "</code>", elements: 1)
            case 4:
                let href =
                    "https://example.org/docs/" + random.pick(Lexicon.words) + "?page="
                    + String(random.within(1...400)) + "&amp;lang=en"
                fragment = Fragment(
                    "<a href=\"" + href + "\">" + someWords(1...4, using: &random) + "</a>", elements: 1,
                    attributes: 1)
            case 5:
                let title = XMLEscaping.escaped("\"" + random.pick(words) + "\" & more")
                fragment = Fragment(
                    "<a href=\"#ch" + String(random.within(1...50)) + "\" title=\"" + title + "\">"
                        + someWords(1...2, using: &random) + "</a>", elements: 1, attributes: 2)
            case 6:
                fragment = Fragment(
                    "<em>see <code>" + random.pick(codeTokens) + "</code></em>", elements: 2)
            default:
                fragment = Fragment(
                    "<span xml:lang=\"de\">Grüß Gott, " + random.pick(Lexicon.foreignWords) + "</span>", elements: 1,
                    attributes: 1)
            }
            inlines.append(fragment)
        }
        self.inlines = inlines
        inlineSums = inlines.map { XMLContentText.utf8Sum(of: $0.bytes, entities: entities) }

        chapterTitles = (0..<128).map { _ in
            Array(("The " + someWords(1...3, using: &random) + " &mdash; Part &#x2160;").utf8)
        }
        sectionTitles = (0..<256).map { _ in
            Array(PhraseTable.sentence(from: phrases, clauses: 1, using: &random).utf8)
        }

        let samples = [
            "for (int i = 0; i < n && ok; i++) {\n    sum += a[i] >> 1;\n}",
            "if (x < y && y > z) {\n    puts(\"<done/>\");\n}",
            "let tag = \"<record id=\\\"1\\\">\" + \"&amp;\"  // an entity stays literal here",
            "template <typename T> T max(T a, T b) { return a > b ? a : b; }",
            "for try await event in XMLEvents(data: data) where case .text(let s) = event {\n    print(s)\n}",
            "echo '<p>Fish & Chips</p>' | xmllint --format -",
            "SELECT * FROM records WHERE port >= 80 AND port <= 90 AND proto <> 'udp';",
            "a[b[c]] > 0 && s == \"]]\" + \">\"",
        ]
        codeBlocks = samples.map { sample in
            Fragment("\n      <pre language=\"code\"><![CDATA[" + sample + "]]></pre>", elements: 1, attributes: 1)
        }

        lists = (0..<64).map { _ in
            let count = random.within(2...5)
            let items = (0..<count).map { _ in
                "\n        <li>" + PhraseTable.sentence(from: phrases, clauses: 1, using: &random) + "</li>"
            }
            return Fragment("\n      <ul>" + items.joined() + "\n      </ul>", elements: 1 + count)
        }

        quotations = (0..<32).map { _ in
            let quotation = (0..<random.within(3...8)).map { _ in random.pick(Lexicon.foreignWords) }
            return Fragment(
                "\n      <blockquote xml:lang=\"fr\">« " + quotation.joined(separator: " ") + " »</blockquote>",
                elements: 1, attributes: 1)
        }

        comments = [
            "\n      <!-- TODO: check the figures in this section -->",
            "\n      <!-- reviewed by Zoë Ångström, 2024-03-01 -->",
            "\n      <!-- a < b & c > d is fine inside a comment -->",
            "\n      <!-- 注释: 東京 ✨ -->",
        ].map { Array($0.utf8) }

        processingInstructions = [
            "\n      <?page-break?>",
            "\n      <?index term=\"streaming parser\"?>",
            "\n      <?render mode=\"fast\" quality=\"high\"?>",
        ].map { Array($0.utf8) }
    }
}
