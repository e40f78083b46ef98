import Foundation

/// Parses a request's head (RFC 9112): the request line and the header fields.
///
/// Lenient where the RFC allows (a bare LF ends a line as well as CRLF) and strict where
/// leniency would hide a client's bug: obsolete line folding, a space before a header's colon,
/// or conflicting `Content-Length`s are rejected.
enum RequestParser {
    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    /// The index just past the empty line that ends the head, if `bytes` holds a whole head.
    ///
    /// - Parameter start: where to resume a search that found nothing in a shorter buffer.
    static func endOfHead(in bytes: [UInt8], from start: Int) -> Int? {
        var index = max(bytes.startIndex, start)
        while index < bytes.endIndex {
            if bytes[index] == lineFeed {
                let next = index + 1
                if next < bytes.endIndex && bytes[next] == lineFeed { return next + 1 }
                if next + 1 < bytes.endIndex && bytes[next] == carriageReturn && bytes[next + 1] == lineFeed {
                    return next + 2
                }
            }
            index += 1
        }
        return nil
    }

    /// Parses a whole head, as delimited by ``endOfHead(in:from:)``.
    static func parseHead(_ bytes: ArraySlice<UInt8>) throws(RequestError) -> RequestHead {
        // Split on bytes: as a String, CR LF would be one Character and never match "\n".
        var lines = bytes.split(separator: lineFeed, omittingEmptySubsequences: false).map { line in
            Substring(decoding: line.last == carriageReturn ? line.dropLast() : line, as: UTF8.self)
        }
        // RFC 9112 §2.2: ignore empty lines received before the request line.
        while let first = lines.first, first.isEmpty, lines.count > 1 { lines.removeFirst() }
        guard let requestLine = lines.first else { throw .malformedRequestLine }
        var head = try parseRequestLine(requestLine)
        for line in lines.dropFirst() where !line.isEmpty {
            head.headers.append(try parseField(line))
        }
        return head
    }

    /// The length of the body the head announces: 0 without `Content-Length`.
    static func contentLength(of head: RequestHead) throws(RequestError) -> Int {
        if !head.values(of: "transfer-encoding").isEmpty { throw .unsupportedTransferCoding }
        let declared = head.values(of: "content-length").flatMap { $0.split(separator: ",") }.map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard let first = declared.first else { return 0 }
        guard declared.allSatisfy({ $0 == first }), !first.isEmpty, first.allSatisfy(\.isASCIIDigit),
            let length = Int(first)
        else { throw .invalidContentLength }
        return length
    }

    private static func parseRequestLine(_ line: Substring) throws(RequestError) -> RequestHead {
        let parts = line.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(\.isTokenCharacter), !parts[1].isEmpty
        else { throw .malformedRequestLine }
        let minorVersion = try parseVersion(parts[2])
        let (path, query) = try splitTarget(parts[1])
        return RequestHead(
            method: String(parts[0]),
            target: String(parts[1]),
            path: path,
            query: query,
            minorVersion: minorVersion,
            headers: []
        )
    }

    private static func parseVersion(_ text: Substring) throws(RequestError) -> Int {
        switch text {
        case "HTTP/1.1": return 1
        case "HTTP/1.0": return 0
        default:
            let digits = text.dropFirst("HTTP/".count)
            let isWellFormed =
                text.hasPrefix("HTTP/") && digits.count == 3 && digits.dropFirst().first == "."
                && digits.first?.isASCIIDigit == true && digits.last?.isASCIIDigit == true
            throw isWellFormed ? .unsupportedVersion : .malformedRequestLine
        }
    }

    private static func splitTarget(_ target: Substring) throws(RequestError) -> (String, String?) {
        var originForm = target
        if target.hasPrefix("http://") || target.hasPrefix("https://") {
            // Absolute form, as sent to proxies: drop the scheme and the authority.
            let afterScheme = target[target.index(after: target.firstIndex(of: ":") ?? target.startIndex)...]
                .dropFirst(2)
            originForm = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" }).map { afterScheme[$0...] } ?? ""
            if originForm.isEmpty || originForm.first == "?" { originForm = "/" + originForm }
        } else if target == "*" {
            return ("*", nil)
        }
        guard originForm.first == "/" else { throw .malformedRequestLine }
        let withoutFragment = originForm.prefix { $0 != "#" }
        guard let mark = withoutFragment.firstIndex(of: "?") else { return (String(withoutFragment), nil) }
        return (String(withoutFragment[..<mark]), String(withoutFragment[withoutFragment.index(after: mark)...]))
    }

    private static func parseField(_ line: Substring) throws(RequestError) -> (name: String, value: String) {
        guard let first = line.first, first != " ", first != "\t", let colon = line.firstIndex(of: ":") else {
            throw .malformedHeader
        }
        let name = line[..<colon]
        guard !name.isEmpty, name.allSatisfy(\.isTokenCharacter) else { throw .malformedHeader }
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .init(charactersIn: " \t"))
        return (String(name), value)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }

    // RFC 9110 §5.6.2: tchar.
    fileprivate var isTokenCharacter: Bool {
        guard isASCII, let scalar = unicodeScalars.first else { return false }
        return isLetter || isNumber || "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar)
    }
}
