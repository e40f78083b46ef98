/// The kinds of document the corpus generates, each exercising a different side of a parser.
public enum CorpusShape: String, CaseIterable, Sendable {
    /// A data export in the style of IANA's service-names-port-numbers registry: a `registry` root
    /// in one default namespace holding many short `record` elements of small text children.
    ///
    /// Every such document begins with the records of ``KnownService/all``; every other record has
    /// a port number of 1024 or more, so the services on well-known ports are known in advance.
    case records

    /// A book of mixed content: `book`, `chapter`, `section` and long `p` paragraphs with inline
    /// `em`, `code` and `a` elements, internal entities declared in an internal DTD subset, the
    /// predefined entities, character references, CDATA sections, comments, processing
    /// instructions, and non-ASCII text (accented Latin, Greek, CJK, emoji).
    case text

    /// An Atom feed heavy with namespaces: prefixed elements and attributes from Media RSS, Dublin
    /// Core and GeoRSS, `xml:lang`, default namespaces changed to XHTML inside entries, and
    /// namespaces bound again under other prefixes.
    case ns

    /// The local name of the element ``CorpusMetadata/itemCount`` counts: `record`, `p` or `entry`.
    public var itemElementName: String {
        switch self {
        case .records: "record"
        case .text: "p"
        case .ns: "entry"
        }
    }

    /// The namespace of the element ``CorpusMetadata/itemCount`` counts, `nil` for none.
    public var itemNamespaceURI: String? {
        switch self {
        case .records: "http://www.iana.org/assignments"
        case .text: nil
        case .ns: "http://www.w3.org/2005/Atom"
        }
    }

    /// The size of the smallest complete document of this shape: what any target size below it
    /// yields. It is the same for every seed.
    public var minimumByteCount: Int {
        CorpusDocument(shape: self, targetByteCount: 0).chunks(ofSize: 4_096).reduce(0) { $0 + $1.count }
    }
}
