/// The words the text of every shape is drawn from.
///
/// Mostly plain English, with accented Latin, Greek, Cyrillic, CJK and emoji mixed in, and tokens
/// already written as XML (predefined entities, character references) so that parsers have
/// references to replace. All of it is valid UTF-8 made of characters XML allows.
enum Lexicon {
    static let words: [String] = [
        "the", "of", "and", "a", "to", "in", "is", "it", "that", "for", "on", "with", "as", "by", "this",
        "parser", "stream", "event", "element", "attribute", "namespace", "document", "chunk", "buffer",
        "record", "entry", "feed", "registry", "service", "port", "protocol", "value", "name", "text",
        "reads", "writes", "parses", "returns", "yields", "handles", "skips", "counts", "opens", "closes",
        "quickly", "slowly", "always", "never", "often", "rarely", "exactly", "nearly", "quietly",
        "large", "small", "deep", "shallow", "empty", "whole", "partial", "valid", "broken", "nested",
        "memory", "network", "server", "client", "socket", "request", "response", "header", "body",
        "river", "mountain", "window", "garden", "library", "harbour", "morning", "evening", "winter",
        "summer", "lantern", "compass", "ledger", "archive", "journey", "signal", "silence", "thunder",
        "between", "without", "through", "before", "after", "under", "across", "beyond", "within",
        "careful", "patient", "curious", "ancient", "modern", "bright", "hidden", "famous", "simple",
        "developer", "reader", "writer", "editor", "keeper", "builder", "traveller", "teacher",
        "measures", "follows", "explains", "compares", "describes", "remembers", "collects", "finds",
    ]

    static let foreignWords: [String] = [
        "café", "naïve", "façade", "über", "Ångström", "señor", "smörgåsbord", "jalapeño", "Zürich",
        "crème", "brûlée", "déjà", "vu", "Ærø", "Łódź", "Škoda", "λόγος", "αλήθεια", "Ελλάδα",
        "δεδομένα", "Привет", "данные", "文字", "東京", "データ", "解析器", "流式", "한국어", "日本語",
    ]

    static let emoji: [String] = ["🚀", "📦", "✨", "😀", "👩‍💻", "🇫🇷", "☕", "🌍"]

    /// Text already escaped: the five predefined entities and character references, decimal and
    /// hexadecimal.
    static let escapedTokens: [String] = [
        "&amp;", "R&amp;D", "&lt;tag&gt;", "x&gt;y", "&quot;quoted&quot;", "it&apos;s", "&#169;",
        "&#x2014;", "&#8364;42", "caf&#xE9;", "&#x1F600;",
    ]

    /// References to the internal entities ``BookWriter`` declares.
    static let declaredEntityTokens: [String] = ["&company;", "&product;", "&mdash;"]
}
