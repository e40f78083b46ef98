#if os(Linux)
    import Foundation
    import LoopbackHTTP
    import Testing

    @testable import XMLEvents
    @testable import XMLEventsHTTP

    /// The dumps people stream, in their real shapes: Wikipedia's multistream bzip2, an OpenStreetMap
    /// extract, a DBLP-like gzip with a local DTD, and a gzip file served over HTTP as
    /// `application/gzip` whose transfer breaks off and is resumed.
    @Suite struct DumpShapeTests {
        /// Every page of a multistream export, its header and footer in streams of their own.
        @Test func aMediaWikiMultistreamDump() async throws {
            let pageCount = 1_050
            let (plain, compressed) = try DumpFixtures.multistreamBzip2(pages: pageCount)
            try await DumpFixtures.withFile(compressed, suffix: "-pages-articles-multistream.xml.bz2") { path in
                var titles: [String] = []
                for try await page in try XMLEvents(path: path).elements(matching: "page") {
                    titles.append(page.child(named: "title")?.text ?? "")
                    #expect(page.child(named: "revision")?.child(named: "text") != nil)
                }
                #expect(titles.count == pageCount)
                #expect(titles.last == "Article \(pageCount - 1) – Ünïcode")
                let (events, error) = await DumpFixtures.collect(XMLEvents(path: path))
                #expect(error == nil)
                #expect(events == (try await DumpFixtures.events(of: plain)))
            }
        }

        /// An `.osm.bz2` extract: nodes with their coordinates and tags, ways after them.
        @Test func anOSMExtract() async throws {
            let nodeCount = 20_000
            let plain = DumpFixtures.osm(nodes: nodeCount)
            let compressed = try DumpFixtures.Tool.bzip2.compress(plain)
            try await DumpFixtures.withFile(compressed, suffix: ".osm.bz2") { path in
                var nodes = 0
                var benches = 0
                var ways = 0
                for try await event in XMLEvents(path: path) {
                    guard case .startElement(let name, let attributes, _) = event else { continue }
                    switch name.localName {
                    case "node": nodes += attributes["lat"] != nil && attributes["lon"] != nil ? 1 : 0
                    case "tag": benches += attributes["v"] == "bench" ? 1 : 0
                    case "way": ways += 1
                    default: break
                    }
                }
                #expect(nodes == nodeCount)
                #expect(benches == nodeCount / 5)
                #expect(ways == nodeCount / 10)
            }
        }

        /// A DBLP-like `.xml.gz` in ISO-8859-1 whose entities come from a local DTD, allowed through
        /// the resolver: decompression comes before everything the parser does with the bytes.
        @Test func aDBLPLikeDumpWithALocalDTD() async throws {
            let plain = DumpFixtures.dblp(records: 2_000)
            let compressed = try DumpFixtures.Tool.gzip.compress(plain)
            var options = XMLParsingOptions()
            options.externalEntityResolver = { request in
                request.systemID == "dblp.dtd" ? DumpFixtures.dblpDTD : nil
            }
            try await DumpFixtures.withFile(compressed, suffix: ".xml.gz") { path in
                var authors: [String] = []
                for try await author in try XMLEvents(path: path, options: options).elements(matching: "author") {
                    authors.append(author.text)
                }
                #expect(authors.count == 4_000)
                #expect(authors.first == "Jörg Müller 0")
                #expect(authors.last == "René Straße")
                let (events, error) = await DumpFixtures.collect(XMLEvents(path: path, options: options))
                #expect(error == nil)
                #expect(events == (try await DumpFixtures.events(of: plain, options: options)))
            }
        }

        /// A gzip file served as `application/gzip` (no `Content-Encoding`): the transfer breaks off
        /// twice and is resumed with ranges, and the compressed bytes go on into the same decoder.
        @Test func aGzipFileOverHTTPIsResumedIntoTheSameDecoder() async throws {
            let plain = DumpFixtures.records(600_000)
            let compressed = try DumpFixtures.Tool.gzip.compress(plain)
            let reference = try await DumpFixtures.events(of: plain)
            let server = try LoopbackServer()
            defer { server.stop() }
            let cuts = [compressed.count / 3, 2 * compressed.count / 3]
            let document = LoopbackRangedDocument(
                .init(bytes: compressed, entityTag: "\"gz1\"", contentType: "application/gzip"),
                cuts: cuts.map { .close(at: $0) })
            server.route("/dump.xml.gz", document)
            var configuration = XMLHTTPConfiguration()
            configuration.maximumResumptionAttempts = 3
            configuration.resumptionBackoff = Duration.milliseconds(1)...Duration.milliseconds(1)
            let events = XMLEvents(url: server.url("/dump.xml.gz"), configuration: configuration)
            var iterator = events.makeAsyncIterator()
            let response = try await events.source.response
            #expect(response?.value(forHTTPHeaderField: "Content-Type") == "application/gzip")
            var received: [XMLEvent] = []
            while let event = try await iterator.next() { received.append(event) }
            #expect(received == reference)
            #expect(events.source.progress.resumptionCount == 2)
            let requests = document.requests
            #expect(requests.count == 3)
            #expect(requests.dropFirst().map(\.range) == cuts.map { "bytes=\($0)-" })
        }
    }
#endif
