// What the documentation's examples assume without declaring it: the URLs they read, the record
// type they decode, and the user's own code they call (a database, an upload, a log). Compiled
// with every block by Scripts/snippets.sh; a block's own declarations shadow these.

import Foundation
import XMLEvents

let feedURL = URL(fileURLWithPath: "/tmp/feed.atom")
let hugeFeedURL = URL(fileURLWithPath: "/tmp/huge-feed.atom")
let feedURLs = [feedURL, hugeFeedURL]
let fileURL = URL(fileURLWithPath: "/tmp/registry.xml")
let registryURL = fileURL
let cutoff = Date(timeIntervalSince1970: 1_700_000_000)
let wanted = "urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a"
let title = "A title"
let catalogDTD = Data()

/// Events of some document.
let events = XMLEvents(string: "<a/>")
/// One of them.
let event = XMLEvent.start("a")

/// A record of a registry, as the examples decode it.
struct Record: Decodable, Sendable {
    var id: Int
    var name: String
    var file: [String]
    var registrationDate: Date?
}

/// The user's own handling of an element.
func handle(_ element: XMLSubtree) {}

/// The user's database.
actor Database {
    func insert(_ record: Record) async throws {}
}
let database = Database()

/// A destination of bytes written as they come.
let output = FileHandle.nullDevice

/// A destination of bytes that takes its time.
actor Upload {
    func send(_ chunk: Data) async throws {}
}
let upload = Upload()

/// The user's log.
struct Logger: Sendable {
    func info(_ message: String) {}
}
let logger = Logger()

/// Bytes from a producer of the user's, as chunks.
func decompressedChunks() -> AsyncThrowingStream<Data, any Error> {
    AsyncThrowingStream { $0.finish() }
}

// The resumption examples: a long OpenStreetMap extract.
let extractURL = URL(fileURLWithPath: "/tmp/extract.osm")
struct Node: Decodable, Sendable {
    var id: Int
    var lat: Double
    var lon: Double
}
func store(_ node: Node) async throws {}

// The dump examples: a compressed document over HTTP.
let dumpURL = URL(fileURLWithPath: "/tmp/dump.xml.gz")
