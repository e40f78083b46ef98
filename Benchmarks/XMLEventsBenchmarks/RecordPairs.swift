import XMLCorpus

/// The two record kinds of each shape, chosen among the elements the generator writes many times
/// side by side under one parent (see `Sources/XMLCorpus/*Writer.swift`). Every shape has one
/// numerous top-level kind only (`record`, `entry`; `p` under sections), so the pairs are one level
/// down, as OpenStreetMap's `node` and `way` are under `osm`:
///
/// - records: a record's `assignee` and `contact` (each in 70 % of the records, each an `xref`
///   with two attributes), among its seven or so other children;
/// - text: a section's `title` and `p` (one title and about six paragraphs per section, beside
///   code blocks, lists and quotations); the paragraphs are the shape's items;
/// - ns: an entry's `author` (every entry; a name, sometimes an e-mail address, the name
///   sometimes written `atom:name`) and `media:content` (half of them; five attributes, a title
///   and a thumbnail, in Media RSS's namespace under the prefix `media` or `mrss`), among about
///   ten other children, one of them Atom's own `content`.
enum RecordPairs {
    static let registry = RecordPair<Assignee, Contact>(
        parent: "/registry/record",
        first: RecordKind(step: "assignee", localName: "assignee"),
        second: RecordKind(step: "contact", localName: "contact"))

    static let book = RecordPair<SectionTitle, XMLEventsDecodeContender.Paragraph>(
        parent: "/book/chapter/section",
        first: RecordKind(step: "title", localName: "title"),
        second: RecordKind(step: "p", localName: "p"),
        secondIsItem: true)

    static let mediaRSS = "http://search.yahoo.com/mrss/"

    static let feed = RecordPair<Author, MediaContent>(
        parent: "/feed/entry",
        first: RecordKind(step: "author", localName: "author"),
        second: RecordKind(step: "media:content", localName: "content", namespaceURI: mediaRSS),
        namespaces: ["media": mediaRSS])

    /// A reference to a person, the one child of a record's `assignee` and `contact`.
    struct PersonReference: Decodable, Sendable {
        var type: String
        var data: String
    }

    /// A record's `assignee`.
    struct Assignee: PersonRecord {
        var xref: PersonReference
    }

    /// A record's `contact`: the same content as an assignee, another kind of record.
    struct Contact: PersonRecord {
        var xref: PersonReference
    }

    /// A section's title.
    struct SectionTitle: DecodedItem, Sendable {
        var text: String
        enum CodingKeys: String, CodingKey { case text = "#text" }

        static let fieldKeys = ["."]

        func addFields(to digests: inout [TextDigest]) {
            digests[0].add(text)
        }
    }

    /// An entry's author.
    struct Author: DecodedItem, Sendable {
        var name: String
        var email: String?

        static let fieldKeys = ["name", "email"]

        func addFields(to digests: inout [TextDigest]) {
            digests[0].add(name)
            if let email { digests[1].add(email) }
        }
    }

    /// An entry's Media RSS content: an image with its title and thumbnail.
    struct MediaContent: DecodedItem, Sendable {
        struct Thumbnail: Decodable, Sendable {
            var url: String
            var width: Int
            var height: Int
        }

        var url: String
        var medium: String
        var type: String
        var width: Int
        var height: Int
        var title: String
        var thumbnail: Thumbnail

        static let fieldKeys = [
            "@url", "@medium", "@type", "@width", "@height", "title", "thumbnail/@url", "thumbnail/@width",
            "thumbnail/@height",
        ]

        func addFields(to digests: inout [TextDigest]) {
            digests[0].add(url)
            digests[1].add(medium)
            digests[2].add(type)
            digests[3].add(String(width))
            digests[4].add(String(height))
            digests[5].add(title)
            digests[6].add(thumbnail.url)
            digests[7].add(String(thumbnail.width))
            digests[8].add(String(thumbnail.height))
        }
    }
}

/// A record that names a person with its one `xref` child: a record's `assignee` or `contact`.
protocol PersonRecord: DecodedItem, Sendable {
    var xref: RecordPairs.PersonReference { get }
}

extension PersonRecord {
    static var fieldKeys: [String] { ["xref/@type", "xref/@data"] }

    func addFields(to digests: inout [TextDigest]) {
        digests[0].add(xref.type)
        digests[1].add(xref.data)
    }
}
