import Foundation
import XMLEventsInput

/// The codings of a response's `Content-Encoding`, in the order the server applied them, checked
/// against those the request asked for.
enum ContentCodingList {
    /// More layers than this are refused: each one costs a decoder and its window.
    static let maximumLayerCount = 4

    /// The `Accept-Encoding` value that asks for `codings`, or `identity` for none (an absent
    /// header would allow any coding).
    static func acceptEncoding(for codings: [XMLHTTPContentCoding]) -> String {
        codings.isEmpty ? "identity" : codings.map(\.rawValue).joined(separator: ", ")
    }

    /// The codings of the `Content-Encoding` fields among `headers`, in the order they were
    /// applied (the first is undone last), without `identity`.
    ///
    /// - Throws: ``ContentDecodingFailure`` naming a coding that is unknown, or known but not in
    ///   `accepted`, or too many layers.
    static func codings(
        in headers: [(name: String, value: String)],
        accepted: [XMLHTTPContentCoding]
    ) throws(ContentDecodingFailure) -> [XMLHTTPContentCoding] {
        var codings: [XMLHTTPContentCoding] = []
        for field in headers where field.name.caseInsensitiveCompare("Content-Encoding") == .orderedSame {
            for token in field.value.split(separator: ",") {
                let name = token.trimmingCharacters(in: .whitespaces).lowercased()
                if name.isEmpty || name == "identity" { continue }
                // RFC 9110 §8.4.1.3: x-gzip is gzip.
                guard let coding = XMLHTTPContentCoding(rawValue: name == "x-gzip" ? "gzip" : name) else {
                    throw ContentDecodingFailure(
                        "the server sent the content coding '\(name)', which is not supported")
                }
                guard accepted.contains(coding) else {
                    throw ContentDecodingFailure("the server sent \(coding.rawValue) although it was not asked for")
                }
                codings.append(coding)
            }
        }
        guard codings.count <= maximumLayerCount else {
            throw ContentDecodingFailure(
                "the body has \(codings.count) content codings, more than the \(maximumLayerCount) accepted")
        }
        return codings
    }
}
