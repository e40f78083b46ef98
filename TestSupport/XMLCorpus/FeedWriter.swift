/// Writes the ``CorpusShape/ns`` shape: an Atom feed of entries mixing several namespaces.
///
/// Some entries bind the Media RSS namespace again under the prefix `mrss` and use it instead of
/// `media`, some name their author with the Atom namespace bound to the prefix `atom`, and some
/// switch the default namespace to XHTML for their content, so that a consumer must resolve
/// names by namespace URI, not by the prefix written.
struct FeedWriter: ShapeWriter {
    private static let epilog: StaticString = "\n</feed>\n"
    private static let htmlTitleEnd: StaticString = " &lt;b&gt;new&lt;/b&gt;</title>"
    /// The text the end of an HTML title adds: ` <b>new</b>`.
    private static let htmlTitleEndSum = XMLContentText.utf8Sum(of: htmlTitleEnd.description)

    private var random: SplitMix64
    private let vocabulary = FeedVocabulary.shared
    private var entryNumber = 0
    private var ids = TextDigest()
    private var titles = TextDigest()
    private var updates = TextDigest()
    private var summaries = TextDigest()

    var itemFieldDigests: [String: TextDigest] {
        ["id": ids, "title": titles, "updated": updates, "summary": summaries]
    }

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    func writeProlog(into output: inout CorpusOutput) {
        output.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        output.startElement(
            """
            <feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/" \
            xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:georss="http://www.georss.org/georss" xml:lang="en">
            """,
            attributes: 1, namespaces: 4)
        output.startElement("\n  <title type=\"text\">", attributes: 1)
        output.append("XMLCorpus Synthetic Feed</title>")
        output.startElement("\n  <subtitle type=\"html\">", attributes: 1)
        output.append("Entries &lt;em&gt;generated&lt;/em&gt; for parser tests &amp; benchmarks</subtitle>")
        output.startElement("\n  <id>")
        output.append("urn:uuid:60a76c80-d399-11d9-b93c-0003939e0af6</id>")
        output.startElement("\n  <updated>")
        output.append("2024-06-01T12:00:00Z</updated>")
        output.startElement(
            "\n  <link rel=\"self\" type=\"application/atom+xml\" href=\"https://example.org/feed.atom\"/>",
            attributes: 3)
        output.startElement("\n  <generator uri=\"https://example.org/xmlcorpus\" version=\"1.0\">", attributes: 2)
        output.append("XMLCorpus</generator>")
    }

    mutating func writeUnit(into output: inout CorpusOutput) {
        entryNumber += 1
        let rebindsMedia = random.chance(15)
        if rebindsMedia {
            output.startElement("\n  <entry xmlns:mrss=\"http://search.yahoo.com/mrss/\">", namespaces: 1)
        } else if random.chance(15) {
            output.startElement("\n  <entry xml:lang=\"fr\">", attributes: 1)
        } else {
            output.startElement("\n  <entry>")
        }
        output.countItem()

        if random.chance(20) {
            output.startElement("\n    <title type=\"html\">", attributes: 1)
            let phrase = random.below(vocabulary.phrases.count)
            output.append(vocabulary.phrases[phrase])
            output.append(Self.htmlTitleEnd)
            titles.add(vocabulary.phraseSums[phrase] + Self.htmlTitleEndSum)
        } else {
            output.startElement("\n    <title type=\"text\">", attributes: 1)
            let phrase = random.below(vocabulary.phrases.count)
            output.append(vocabulary.phrases[phrase])
            titles.add(vocabulary.phraseSums[phrase])
            output.append("</title>")
        }
        output.startElement(
            "\n    <link rel=\"alternate\" type=\"text/html\" href=\"https://example.org/posts/", attributes: 3)
        output.appendDecimal(entryNumber)
        output.append("\"/>")
        output.startElement("\n    <id>")
        let idStart = output.position
        output.append("urn:uuid:")
        writeUUID(into: &output)
        ids.add(output.utf8Sum(since: idStart))
        output.append("</id>")
        output.startElement("\n    <updated>")
        let updatedStart = output.position
        writeTimestamp(into: &output)
        updates.add(output.utf8Sum(since: updatedStart))
        output.append("</updated>")
        if random.chance(60) {
            output.startElement("\n    <published>")
            writeTimestamp(into: &output)
            output.append("</published>")
        }
        writeAuthor(into: &output)
        for _ in 0..<random.below(4) {
            output.startElement("\n    <category scheme=\"https://example.org/tags\" term=\"", attributes: 2)
            output.append(random.pick(vocabulary.categories))
            output.append("\"/>")
        }
        output.startElement("\n    <summary type=\"text\">", attributes: 1)
        var summary = UTF8Sum()
        for clause in 0..<random.within(1...4) {
            if clause > 0 {
                output.append(" ")
                summary += UTF8Sum(byteCount: 1, byteSum: 0x20)
            }
            let phrase = random.below(vocabulary.phrases.count)
            output.append(vocabulary.phrases[phrase])
            summary += vocabulary.phraseSums[phrase]
        }
        summaries.add(summary)
        output.append("</summary>")
        if random.chance(50) { writeMediaContent(into: &output, rebound: rebindsMedia) }
        if random.chance(15) { writeEnclosure(into: &output, rebound: rebindsMedia) }
        if random.chance(20) { writePoint(into: &output) }
        if random.chance(40) { writeXHTMLContent(into: &output) }
        output.append("\n  </entry>")
    }

    var epilogByteCount: Int { Self.epilog.utf8CodeUnitCount }

    func writeEpilog(into output: inout CorpusOutput) {
        output.append(Self.epilog)
    }

    private mutating func writeAuthor(into output: inout CorpusOutput) {
        let author = random.pick(vocabulary.authors)
        if random.chance(10) {
            output.startElement("\n    <author xmlns:atom=\"http://www.w3.org/2005/Atom\">", namespaces: 1)
            output.startElement("<atom:name>")
            output.append(author)
            output.append("</atom:name></author>")
        } else {
            output.startElement("\n    <author>")
            output.startElement("<name>")
            output.append(author)
            output.append("</name>")
            if random.chance(50) {
                output.startElement("<email>")
                output.append(random.pick(vocabulary.emailUsers))
                output.append("@example.org</email>")
            }
            output.append("</author>")
        }
        switch random.below(10) {
        case 0..<5:
            output.startElement("\n    <dc:creator>")
            output.append(author)
            output.append("</dc:creator>")
        case 5:
            // Declaring a prefix again with the same URI is allowed and must change nothing.
            output.startElement("\n    <dc:creator xmlns:dc=\"http://purl.org/dc/elements/1.1/\">", namespaces: 1)
            output.append(author)
            output.append("</dc:creator>")
        default:
            break
        }
    }

    private mutating func writeMediaContent(into output: inout CorpusOutput, rebound: Bool) {
        let prefix: StaticString = rebound ? "mrss" : "media"
        let number = random.within(1...999_999)
        output.startElement("\n    <", attributes: 5)
        output.append(prefix)
        output.append(":content url=\"https://cdn.example.org/media/")
        output.appendDecimal(number)
        output.append(".jpg\" medium=\"image\" type=\"image/jpeg\" width=\"")
        output.appendDecimal(random.within(320...4_096))
        output.append("\" height=\"")
        output.appendDecimal(random.within(240...3_072))
        output.append("\">")
        output.startElement("\n      <", attributes: 1)
        output.append(prefix)
        output.append(":title type=\"plain\">")
        output.append(random.pick(vocabulary.phrases))
        output.append("</")
        output.append(prefix)
        output.append(":title>")
        output.startElement("\n      <", attributes: 3)
        output.append(prefix)
        output.append(":thumbnail url=\"https://cdn.example.org/media/")
        output.appendDecimal(number)
        output.append("-thumb.jpg\" width=\"160\" height=\"120\"/>\n    </")
        output.append(prefix)
        output.append(":content>")
    }

    /// An Atom element carrying an attribute of another namespace.
    private mutating func writeEnclosure(into output: inout CorpusOutput, rebound: Bool) {
        output.startElement(
            "\n    <link rel=\"enclosure\" type=\"audio/mpeg\" href=\"https://cdn.example.org/audio/", attributes: 5)
        output.appendDecimal(entryNumber)
        output.append(".mp3\" length=\"")
        output.appendDecimal(random.within(100_000...90_000_000))
        output.append("\" ")
        output.append(rebound ? "mrss" : "media")
        output.append(":duration=\"")
        output.appendDecimal(random.within(30...7_200))
        output.append("\"/>")
    }

    private mutating func writePoint(into output: inout CorpusOutput) {
        output.startElement("\n    <georss:point>")
        writeCoordinate(random.within(-89_999...89_999), into: &output)
        output.append(" ")
        writeCoordinate(random.within(-179_999...179_999), into: &output)
        output.append("</georss:point>")
    }

    /// Writes thousandths of a degree as a decimal number with three fractional digits.
    private func writeCoordinate(_ thousandths: Int, into output: inout CorpusOutput) {
        if thousandths < 0 { output.append("-") }
        let magnitude = abs(thousandths)
        output.appendDecimal(magnitude / 1_000)
        output.append(".")
        output.appendDigits(magnitude % 1_000, width: 3)
    }

    private mutating func writeXHTMLContent(into output: inout CorpusOutput) {
        output.startElement("\n    <content type=\"xhtml\">", attributes: 1)
        output.startElement("\n      <div xmlns=\"http://www.w3.org/1999/xhtml\">", namespaces: 1)
        for _ in 0..<random.within(1...3) {
            output.append("\n        ")
            output.append(random.pick(vocabulary.xhtmlParagraphs))
        }
        output.append("\n      </div>\n    </content>")
    }

    /// Writes a random version-4 UUID.
    private mutating func writeUUID(into output: inout CorpusOutput) {
        let high = random.next()
        let low = random.next()
        output.appendHex(high >> 32, digits: 8)
        output.append("-")
        output.appendHex(high >> 16, digits: 4)
        output.append("-4")
        output.appendHex(high, digits: 3)
        output.append("-")
        output.appendHex(0x8 | (low >> 62), digits: 1)
        output.appendHex(low >> 48, digits: 3)
        output.append("-")
        output.appendHex(low, digits: 12)
    }

    /// Writes an RFC 3339 timestamp in UTC, such as `2023-05-06T07:08:09Z`.
    private mutating func writeTimestamp(into output: inout CorpusOutput) {
        output.appendDate(CalendarDate.random(in: 2005...2024, using: &random))
        output.append("T")
        output.appendDigits(random.below(24), width: 2)
        output.append(":")
        output.appendDigits(random.below(60), width: 2)
        output.append(":")
        output.appendDigits(random.below(60), width: 2)
        output.append("Z")
    }
}
