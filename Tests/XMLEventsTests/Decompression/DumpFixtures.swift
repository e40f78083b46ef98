#if os(Linux)
    import Foundation
    import Testing
    import XMLCorpus
    import XMLEvents

    /// Compressed documents made by the real tools (gzip, pigz, bzip2, pbzip2, xz, zstd), in the
    /// shapes dumps have, and the events to compare them with.
    enum DumpFixtures {
        /// A compressor run as its command line: bytes in on standard input, out on standard output.
        struct Tool: Sendable, CustomTestStringConvertible {
            let arguments: [String]
            let format: XMLDecompression.Format

            var testDescription: String { arguments.joined(separator: " ") }

            static let gzip = Tool(arguments: ["gzip", "-c"], format: .gzip)
            static let pigz = Tool(arguments: ["pigz", "-c", "-p", "2", "-b", "128"], format: .gzip)
            static let bzip2 = Tool(arguments: ["bzip2", "-c"], format: .bzip2)
            /// pbzip2 writes one bzip2 stream per block: a multistream file.
            static let pbzip2 = Tool(arguments: ["pbzip2", "-c", "-p2", "-b1"], format: .bzip2)
            static let xz = Tool(arguments: ["xz", "-c", "-1"], format: .xz)
            /// Several blocks, decompressible in parallel by xz itself.
            static let xzThreaded = Tool(arguments: ["xz", "-c", "-1", "-T2", "--block-size=200KiB"], format: .xz)
            static let zstd = Tool(arguments: ["zstd", "-c", "-q"], format: .zstd)
            static let zstdThreaded = Tool(arguments: ["zstd", "-c", "-q", "-T2", "-B262144"], format: .zstd)

            static let all = [gzip, pigz, bzip2, pbzip2, xz, xzThreaded, zstd, zstdThreaded]
            /// One tool per format.
            static let perFormat = [gzip, bzip2, xz, zstd]

            /// `data`, compressed.
            func compress(_ data: Data) throws -> Data {
                try DumpFixtures.run(arguments, input: data)
            }

            /// `data` cut into `parts` pieces, each compressed on its own, one after the other:
            /// concatenated members, streams or frames.
            func compressInParts(_ data: Data, parts: Int) throws -> Data {
                let size = (data.count + parts - 1) / parts
                var result = Data()
                for start in stride(from: 0, to: data.count, by: size) {
                    result.append(try compress(data[start..<min(start + size, data.count)]))
                }
                return result
            }
        }

        /// Runs a tool with `input` on standard input and returns its standard output.
        static func run(_ arguments: [String], input: Data) throws -> Data {
            let directory = FileManager.default.temporaryDirectory
            let inputFile = directory.appendingPathComponent("xmlevents-dump-in-\(UUID().uuidString)")
            let outputFile = directory.appendingPathComponent("xmlevents-dump-out-\(UUID().uuidString)")
            defer {
                try? FileManager.default.removeItem(at: inputFile)
                try? FileManager.default.removeItem(at: outputFile)
            }
            try input.write(to: inputFile)
            _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments
            process.standardInput = try FileHandle(forReadingFrom: inputFile)
            process.standardOutput = try FileHandle(forWritingTo: outputFile)
            try process.run()
            process.waitUntilExit()
            try #require(process.terminationStatus == 0, "\(arguments.joined(separator: " ")) failed")
            return try Data(contentsOf: outputFile)
        }

        /// A records document of about `byteCount` bytes, multi-byte characters in its names.
        static func records(_ byteCount: Int) -> Data {
            CorpusDocument(shape: .records, targetByteCount: byteCount).data()
        }

        /// A MediaWiki export: `<mediawiki><siteinfo>` then `<page>`s with a `<revision>` each.
        static func mediaWikiPages(_ count: Int) -> (header: String, pages: [String], footer: String) {
            let header = """
                <mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11" xml:lang="en">
                  <siteinfo><sitename>Wikipedia</sitename><dbname>enwiki</dbname></siteinfo>

                """
            let pages = (0..<count).map { index in
                """
                  <page>
                    <title>Article \(index) – Ünïcode</title>
                    <ns>0</ns>
                    <id>\(index + 10)</id>
                    <revision>
                      <id>\(1_000_000 + index)</id>
                      <timestamp>2024-05-01T12:00:00Z</timestamp>
                      <contributor><username>Editor \(index % 17)</username><id>\(index % 17)</id></contributor>
                      <text bytes="120" xml:space="preserve">'''Article \(index)''' is a [[page]] &amp; more text, \
                {{cite|\(index)}} and &lt;ref&gt; markup, repeated. \(String(repeating: "Lorem ipsum dolor sit amet. ", count: index % 9))</text>
                      <sha1>\(String(index, radix: 36))</sha1>
                    </revision>
                  </page>

                """
            }
            return (header, pages, "</mediawiki>\n")
        }

        /// Wikipedia's multistream layout: the header in a stream of its own, then a bzip2 stream
        /// per `perStream` pages, then the footer in a stream of its own.
        static func multistreamBzip2(pages count: Int, perStream: Int = 100) throws -> (plain: Data, compressed: Data) {
            let (header, pages, footer) = mediaWikiPages(count)
            var plain = Data(header.utf8)
            var compressed = try Tool.bzip2.compress(Data(header.utf8))
            for start in stride(from: 0, to: pages.count, by: perStream) {
                let group = Data(pages[start..<min(start + perStream, pages.count)].joined().utf8)
                plain.append(group)
                compressed.append(try Tool.bzip2.compress(group))
            }
            plain.append(Data(footer.utf8))
            compressed.append(try Tool.bzip2.compress(Data(footer.utf8)))
            return (plain, compressed)
        }

        /// An OpenStreetMap extract: nodes with tags, then ways that refer to them.
        static func osm(nodes count: Int) -> Data {
            var text = """
                <?xml version="1.0" encoding="UTF-8"?>
                <osm version="0.6" generator="osmium/1.16.0">
                  <bounds minlat="51.2" minlon="6.7" maxlat="51.3" maxlon="6.8"/>

                """
            for index in 0..<count {
                let lat = 51.2 + Double(index % 1000) / 10_000
                let lon = 6.7 + Double(index / 1000) / 10_000
                text +=
                    "  <node id=\"\(index + 1)\" version=\"3\" timestamp=\"2023-01-01T00:00:00Z\" lat=\"\(lat)\" lon=\"\(lon)\""
                if index % 5 == 0 {
                    text +=
                        ">\n    <tag k=\"amenity\" v=\"bench\"/>\n    <tag k=\"name\" v=\"Bänk \(index)\"/>\n  </node>\n"
                } else {
                    text += "/>\n"
                }
            }
            for way in 0..<(count / 10) {
                text += "  <way id=\"\(way + 1)\" version=\"1\">\n"
                for node in 0..<10 { text += "    <nd ref=\"\(way * 10 + node + 1)\"/>\n" }
                text += "    <tag k=\"highway\" v=\"residential\"/>\n  </way>\n"
            }
            return Data((text + "</osm>\n").utf8)
        }

        /// The local DTD of a DBLP-like document: the character entities its records use.
        static let dblpDTD = Data(
            """
            <!ELEMENT dblp (article|inproceedings)*>
            <!ENTITY ouml "&#246;">
            <!ENTITY uuml "&#252;">
            <!ENTITY eacute "&#233;">
            <!ENTITY szlig "&#223;">
            """.utf8)

        /// A DBLP-like document whose names use the DTD's entities.
        static func dblp(records count: Int) -> Data {
            var text = """
                <?xml version="1.0" encoding="ISO-8859-1"?>
                <!DOCTYPE dblp SYSTEM "dblp.dtd">
                <dblp>

                """
            for index in 0..<count {
                text += """
                    <article mdate="2020-01-0\(index % 9 + 1)" key="journals/x/M\(index)">
                    <author>J&ouml;rg M&uuml;ller \(index)</author><author>Ren&eacute; Stra&szlig;e</author>
                    <title>On streaming \(index) documents.</title><year>\(1990 + index % 30)</year>
                    </article>

                    """
            }
            return Data((text + "</dblp>\n").utf8)
        }

        /// The owned events of `data` parsed as it is, with `options`.
        static func events(of data: Data, options: XMLParsingOptions = .default) async throws -> [XMLEvent] {
            var events: [XMLEvent] = []
            for try await event in XMLEvents(data: data, options: options) { events.append(event) }
            return events
        }

        /// Every event of `events` until its end or its first error, read on the caller's actor.
        nonisolated(nonsending) static func collect<Source>(_ events: XMLEvents<Source>) async -> (
            events: [XMLEvent], error: (any Error)?
        ) {
            var collected: [XMLEvent] = []
            do {
                for try await event in events { collected.append(event) }
                return (collected, nil)
            } catch {
                return (collected, error)
            }
        }

        /// `data` in a temporary file for the length of `body`.
        static func withFile<Result>(_ data: Data, suffix: String, _ body: (String) async throws -> Result)
            async throws -> Result
        {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent(
                "xmlevents-dump-\(UUID().uuidString)\(suffix)")
            try data.write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            return try await body(url.path)
        }

        /// The names of this process's decompression threads (`XMLEvents gzip`, …).
        static func decompressionThreads() -> [String] {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
            return tasks.compactMap { task in
                guard let name = try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8) else {
                    return nil
                }
                let trimmed = name.trimmingCharacters(in: .newlines)
                let formats = XMLDecompression.Format.allCases.map { "XMLEvents \($0)" }
                return formats.contains(trimmed) ? trimmed : nil
            }
        }
    }
#endif
