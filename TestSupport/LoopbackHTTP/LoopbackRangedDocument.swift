import Foundation
import ThreadSafety

/// A document served with byte ranges (RFC 9110 §14), broken off on purpose at chosen offsets,
/// for testing a client that resumes a transfer.
///
/// Each request gets the current ``Version``: the whole of it (`200`), or with `Range: bytes=N-`
/// the part from byte `N` (`206` with `Content-Range: bytes N-(L-1)/L`), unless `If-Range` names
/// another version, which gets the whole body again, as the standard says. A request whose
/// `If-Match` names another entity tag, or whose `If-Unmodified-Since` is older than the
/// version's `Last-Modified`, gets `412 Precondition Failed`. ``RangeHandling``
/// makes the server misbehave instead: ignore ranges, ignore `If-Range`, answer `416`, or send
/// a part that starts elsewhere. Every response carries the version's `ETag` and
/// `Last-Modified`, a `Date`, and `Accept-Ranges: bytes` unless told not to.
///
/// ```swift
/// let document = LoopbackRangedDocument(
///     .init(bytes: xml, entityTag: "\"v1\""),
///     cuts: [.close(at: 10_000), .reset(at: 50_000), .close(at: 50_000, replacingWith: newVersion)]
/// )
/// server.route("/feed.xml", document)
/// // … read the feed, then look at document.requests: the ranges asked for and what was sent.
/// ```
///
/// Cuts fire once each, in order of offset: a response from byte `N` breaks off at the first cut
/// not yet fired whose offset is `N` or more, after sending the bytes up to it (so a client that
/// comes back from exactly that offset meets the next cut, or the same offset again if it is
/// listed twice). A cut may replace the version served from then on, to change the document
/// between two attempts. Offsets count the bytes as sent: for a ``Version`` whose bytes are
/// content-coded, the coded bytes, which ranges address.
public final class LoopbackRangedDocument: Sendable {
    /// One version of the document.
    public struct Version: Sendable, Equatable {
        /// The bytes as sent: already coded when ``contentEncoding`` names a coding (ranges are
        /// over the coded representation).
        public var bytes: Data
        /// The `ETag`, quotes included (`"v1"`, or `W/"v1"` for a weak one), or `nil` for none.
        public var entityTag: String?
        /// The `Last-Modified` date as sent, or `nil` for none.
        public var lastModified: String?
        /// The `Content-Encoding` the bytes are in, or `nil` for none.
        public var contentEncoding: String?
        /// The `Content-Type`: `application/xml`, or `application/gzip` for a compressed file
        /// served as what it is.
        public var contentType: String

        /// Describes a version.
        public init(
            bytes: Data, entityTag: String? = nil, lastModified: String? = nil, contentEncoding: String? = nil,
            contentType: String = "application/xml"
        ) {
            self.bytes = bytes
            self.entityTag = entityTag
            self.lastModified = lastModified
            self.contentEncoding = contentEncoding
            self.contentType = contentType
        }
    }

    /// How the server answers a request with `Range`.
    public enum RangeHandling: Sendable, Equatable {
        /// As RFC 9110 says: the part asked for, unless `If-Range` names another version, which
        /// gets the whole body.
        case honoured
        /// `200` with the whole body, whatever was asked.
        case ignored
        /// The part asked for, of the current version, whatever `If-Range` says.
        case ignoringIfRange
        /// `416 Range Not Satisfiable`, with `Content-Range: bytes */L`.
        case unsatisfiable
        /// A `206` whose part starts `offset` bytes after the one asked for (before it, for a
        /// negative offset), as its `Content-Range` says.
        case shifted(by: Int)
    }

    /// A break in a response, at an offset of the document.
    public struct Cut: Sendable, Equatable {
        /// How the response breaks off.
        public enum Kind: Sendable, Equatable {
            /// A FIN: the connection closes normally, the body incomplete.
            case close
            /// An RST: bytes not yet delivered may be lost.
            case reset
            /// Silence, with the connection open, until the client leaves.
            case stall
        }

        /// The offset of the document where the response breaks off.
        public var offset: Int
        /// How it breaks off.
        public var kind: Kind
        /// The version served to every request after this cut fired, if the document changes.
        public var replacement: Version?

        /// Describes a cut.
        public init(offset: Int, kind: Kind, replacement: Version? = nil) {
            self.offset = offset
            self.kind = kind
            self.replacement = replacement
        }

        /// A FIN at `offset`, then `replacement` served from then on, if given.
        public static func close(at offset: Int, replacingWith replacement: Version? = nil) -> Cut {
            Cut(offset: offset, kind: .close, replacement: replacement)
        }

        /// An RST at `offset`.
        public static func reset(at offset: Int) -> Cut {
            Cut(offset: offset, kind: .reset)
        }

        /// Silence from `offset` on.
        public static func stall(at offset: Int) -> Cut {
            Cut(offset: offset, kind: .stall)
        }
    }

    /// One request as the document answered it.
    public struct Request: Sendable, Equatable {
        /// The request's `Range`, as sent.
        public var range: String?
        /// The request's `If-Range`, as sent.
        public var ifRange: String?
        /// The request's `If-Match`, as sent.
        public var ifMatch: String?
        /// The request's `If-Unmodified-Since`, as sent.
        public var ifUnmodifiedSince: String?
        /// The status answered.
        public var status: Int
        /// The offset of the first byte sent, for a `200` or `206`.
        public var firstByte: Int?
        /// The cut that breaks the response off, if one does.
        public var cut: Cut?
    }

    private struct State: Sendable {
        var version: Version
        var unfiredCuts: [Cut]
        var requests: [Request] = []
    }

    private let state: LockedState<State>
    private let rangeHandling: RangeHandling
    private let advertisesRanges: Bool
    private let framing: LoopbackResponse.Framing
    private let sendBufferSize: Int?

    /// - Parameters:
    ///   - version: The version served first.
    ///   - cuts: Where responses break off, each once.
    ///   - rangeHandling: How requests with `Range` are answered.
    ///   - advertisesRanges: Whether responses say `Accept-Ranges: bytes`.
    ///   - framing: How bodies are framed: by `Content-Length` or in chunks.
    ///   - sendBufferSize: The socket's `SO_SNDBUF`, if set (see ``LoopbackResponse/sendBufferSize``).
    public init(
        _ version: Version,
        cuts: [Cut] = [],
        rangeHandling: RangeHandling = .honoured,
        advertisesRanges: Bool = true,
        framing: LoopbackResponse.Framing = .automatic,
        sendBufferSize: Int? = nil
    ) {
        // Stable: cuts at the same offset fire in the order given.
        let ordered = cuts.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }
        state = LockedState(State(version: version, unfiredCuts: ordered.map(\.element)))
        self.rangeHandling = rangeHandling
        self.advertisesRanges = advertisesRanges
        self.framing = framing
        self.sendBufferSize = sendBufferSize
    }

    /// Every request answered so far, in order.
    public var requests: [Request] {
        state.withLock { $0.requests }
    }

    /// The version served to the next request.
    public var currentVersion: Version {
        state.withLock { $0.version }
    }

    /// The answer to `request`, breaking off at the next cut; for ``LoopbackServer/route(_:handler:)``.
    public func response(to request: LoopbackRequest) -> LoopbackResponse {
        let range = request.header("Range")
        let ifRange = request.header("If-Range")
        let ifMatch = request.header("If-Match")
        let ifUnmodifiedSince = request.header("If-Unmodified-Since")
        return state.withLock { state in
            let version = state.version
            let length = version.bytes.count
            var fields = headers(of: version)
            var start = 0
            var status = 200
            func record(_ status: Int, firstByte: Int? = nil, cut: Cut? = nil) {
                state.requests.append(
                    Request(
                        range: range, ifRange: ifRange, ifMatch: ifMatch, ifUnmodifiedSince: ifUnmodifiedSince,
                        status: status, firstByte: firstByte, cut: cut))
            }
            if !Self.precondition(ifMatch: ifMatch, ifUnmodifiedSince: ifUnmodifiedSince, holdsFor: version) {
                record(412)
                return LoopbackResponse(status: 412, headers: fields, sendBufferSize: sendBufferSize)
            }
            if let range, rangeHandling != .ignored, let asked = Self.firstByte(ofRange: range) {
                let sameVersion = ifRange.map { $0 == version.entityTag || $0 == version.lastModified } ?? true
                if rangeHandling == .unsatisfiable || asked >= length {
                    fields.append(("Content-Range", "bytes */\(length)"))
                    record(416)
                    return LoopbackResponse(status: 416, headers: fields, sendBufferSize: sendBufferSize)
                }
                if sameVersion || rangeHandling != .honoured {
                    status = 206
                    start = asked
                    if case .shifted(let offset) = rangeHandling { start = min(max(0, asked + offset), length - 1) }
                    fields.append(("Content-Range", "bytes \(start)-\(length - 1)/\(length)"))
                }
            }
            var fault: LoopbackResponse.Fault?
            var firedCut: Cut?
            if let index = state.unfiredCuts.firstIndex(where: { $0.offset >= start && $0.offset < length }) {
                let cut = state.unfiredCuts.remove(at: index)
                firedCut = cut
                let sent = cut.offset - start
                switch cut.kind {
                case .close: fault = .close(afterBodyBytes: sent)
                case .reset: fault = .reset(afterBodyBytes: sent)
                case .stall: fault = .stallIndefinitely(afterBodyBytes: sent)
                }
                if let replacement = cut.replacement { state.version = replacement }
            }
            record(status, firstByte: start, cut: firedCut)
            return LoopbackResponse(
                status: status,
                headers: fields,
                body: .data(version.bytes[(version.bytes.startIndex + start)...]),
                framing: framing,
                fault: fault,
                sendBufferSize: sendBufferSize
            )
        }
    }

    /// The fields every answer carries.
    private func headers(of version: Version) -> [(name: String, value: String)] {
        var fields: [(name: String, value: String)] = [("Content-Type", version.contentType), ("Date", Self.now())]
        if advertisesRanges { fields.append(("Accept-Ranges", "bytes")) }
        if let tag = version.entityTag { fields.append(("ETag", tag)) }
        if let date = version.lastModified { fields.append(("Last-Modified", date)) }
        if let coding = version.contentEncoding { fields.append(("Content-Encoding", coding)) }
        return fields
    }

    /// Whether `If-Match` (strong comparison, or `*`) and `If-Unmodified-Since` let `version` be
    /// served (RFC 9110 §13.1.1, §13.1.4); `If-Unmodified-Since` counts only without `If-Match`
    /// and when the version has a `Last-Modified`.
    private static func precondition(ifMatch: String?, ifUnmodifiedSince: String?, holdsFor version: Version) -> Bool {
        if let ifMatch {
            let tags = ifMatch.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = version.entityTag, !tag.hasPrefix("W/") else { return false }
            return tags.contains("*") || tags.contains(tag)
        }
        guard let ifUnmodifiedSince, let modified = version.lastModified else { return true }
        guard let since = date(ifUnmodifiedSince), let last = date(modified) else { return true }
        return last <= since
    }

    /// An IMF-fixdate read, or `nil`.
    private static func date(_ text: String) -> Date? {
        formatter().date(from: text)
    }

    private static func formatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter
    }

    /// `N` of `bytes=N-` or `bytes=N-M` (the first range of a list); `nil` for anything else,
    /// suffix ranges (`bytes=-500`) included, which get the whole body.
    private static func firstByte(ofRange value: String) -> Int? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("bytes="),
            let spec = trimmed.dropFirst(6).split(separator: ",").first?.trimmingCharacters(in: .whitespaces),
            let dash = spec.firstIndex(of: "-"), dash != spec.startIndex
        else { return nil }
        return Int(spec[..<dash])
    }

    /// The current time as an IMF-fixdate, for `Date`.
    private static func now() -> String {
        formatter().string(from: Date())
    }
}

extension LoopbackServer {
    /// Serves `document`, with its ranges and cuts, to every request for `path`.
    public func route(_ path: String, _ document: LoopbackRangedDocument) {
        route(path, handler: document.response(to:))
    }
}
